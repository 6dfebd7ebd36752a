import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTicketId, newTicketId } from '#shared/domain/ticket.ts';
import { liveFindings } from '#shared/forms/accepted.ts';
import type { UstvaFiling } from '#shared/forms/ustva/schema.ts';
import { TicketIdTaken, acceptSubmission } from '#shared/submission/accept.ts';
import { MemoryStoredBodyNotes, MemoryFilingStore, MemoryTicketStore, MemoryWorkQueue, aTicket } from '#test/fakes.ts';

const body: UstvaFiling = {
  type: 'voranmeldung',
  test: true,
  year: 2026,
  period: '03',
  tax_number: '9198011310010',
  client_reference: 'invoice-7',
  supplier: { name: 'Muster GmbH', street: 'Hauptstr. 1', postal_code: '80331', city: 'München' },
  kennzahlen: { kz81: 10000, kz83: '1900.00' },
};
const accepted = { filing: { kind: 'ustva', body }, period: '03' } as const;

function deps() {
  return { tickets: new MemoryTicketStore(), filings: new MemoryFilingStore(), notes: new MemoryStoredBodyNotes(), queue: new MemoryWorkQueue() };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('acceptSubmission', () => {
  it('stores a queued ticket of the caller and the whole body under its ID, and wakes the transmitter', async () => {
    const d = deps();
    const ticket = await acceptSubmission(d, 'client-a', accepted);

    expect(isTicketId(ticket.ticket)).toBe(true);
    // The fakes' queued test UStVA of client-a is what accepting this body makes, but for its ID and times.
    const { ticket: _id, created_at: _created, updated_at: _updated, ...queued } = aTicket();
    expect(ticket).toMatchObject({ ...queued, client_reference: 'invoice-7' });
    expect(ticket.updated_at).toBe(ticket.created_at);
    expect(await d.tickets.get(ticket.ticket)).toEqual(JSON.parse(JSON.stringify(ticket)));
    expect(await d.filings.get(ticket.ticket)).toEqual(body);
    expect(d.queue.transmits).toEqual([{ ticket: ticket.ticket }]);
  });

  it('keeps the tax number out of the ticket', async () => {
    const d = deps();
    const ticket = await acceptSubmission(d, 'client-a', accepted);
    expect(JSON.stringify(await d.tickets.get(ticket.ticket))).not.toContain('9198011310010');
  });

  it('keeps the tax office of a first return, which has no tax number to mask', async () => {
    const ticket = await acceptSubmission(deps(), 'client-a', { filing: { kind: 'est', body: { test: true, year: 2025, tax_office: '9198', xml: '<E10/>' } } });
    expect(ticket).toMatchObject({ kind: 'est', tax_office: '9198', datenart_version: 'ESt_2025' });
    expect(ticket.tax_number_masked).toBeUndefined();
  });

  it('hands out a new ticket for every submission', async () => {
    const d = deps();
    const first = await acceptSubmission(d, 'client-a', accepted);
    const second = await acceptSubmission(d, 'client-a', accepted);
    expect(first.ticket).not.toBe(second.ticket);
    expect(d.tickets.tickets.size).toBe(2);
  });

  it('stores the body before the ticket and wakes the transmitter last', async () => {
    const d = deps();
    const put = vi.spyOn(d.filings, 'put');
    const create = vi.spyOn(d.tickets, 'create');
    const wake = vi.spyOn(d.queue, 'wakeTransmit');
    await acceptSubmission(d, 'client-a', accepted);
    const [putAt] = put.mock.invocationCallOrder;
    const [createAt] = create.mock.invocationCallOrder;
    const [wakeAt] = wake.mock.invocationCallOrder;
    expect(putAt).toBeLessThan(createAt!);
    expect(createAt).toBeLessThan(wakeAt!);
  });

  it('notes the body, by its ticket and when, before it is stored, so the sweep can find it without a ticket', async () => {
    const d = deps();
    const put = vi.spyOn(d.filings, 'put');
    const note = vi.spyOn(d.notes, 'note');
    const ticket = await acceptSubmission(d, 'client-a', accepted);
    expect(d.notes.notes).toEqual([{ ticket: ticket.ticket, at: new Date(ticket.created_at) }]);
    expect(note.mock.invocationCallOrder[0]).toBeLessThan(put.mock.invocationCallOrder[0]!);
  });

  it('stores nothing when the body cannot be noted', async () => {
    const d = deps();
    vi.spyOn(d.notes, 'note').mockRejectedValue(new Error('DynamoDB down'));
    await expect(acceptSubmission(d, 'client-a', accepted)).rejects.toThrow('DynamoDB down');
    expect(d.filings.bodies.size).toBe(0);
    expect(d.tickets.tickets.size).toBe(0);
  });

  it('creates no ticket when the body cannot be stored', async () => {
    const d = deps();
    vi.spyOn(d.filings, 'put').mockRejectedValue(new Error('S3 down'));
    await expect(acceptSubmission(d, 'client-a', accepted)).rejects.toThrow('S3 down');
    expect(d.tickets.tickets.size).toBe(0);
    expect(d.queue.transmits).toEqual([]);
  });

  it('still returns the ticket when the wake-up cannot be sent, as the re-drive will find it', async () => {
    const d = deps();
    vi.spyOn(d.queue, 'wakeTransmit').mockRejectedValue(new Error('SQS down'));
    const ticket = await acceptSubmission(d, 'client-a', accepted);
    expect((await d.tickets.get(ticket.ticket))?.status).toBe('queued');
  });

  it('refuses an ID that is already taken rather than overwrite its ticket', async () => {
    const d = deps();
    vi.spyOn(d.tickets, 'create').mockResolvedValue(false);
    await expect(acceptSubmission(d, 'client-a', accepted)).rejects.toThrow('ticket ID collision');
    expect(d.queue.transmits).toEqual([]);
  });

  it('creates the ticket under an ID chosen beforehand, and only once', async () => {
    const d = deps();
    const id = newTicketId();
    expect((await acceptSubmission(d, 'client-a', accepted, id)).ticket).toBe(id);
    const again = acceptSubmission(d, 'client-a', accepted, id);
    await expect(again).rejects.toBeInstanceOf(TicketIdTaken);
    expect(d.tickets.tickets.size).toBe(1);
    expect(d.queue.transmits).toEqual([{ ticket: id }]);
  });
});

describe('liveFindings', () => {
  it('refuses test: false unless live submissions are allowed', () => {
    expect(liveFindings({ ...body, test: false }, false)).toEqual([
      { path: 'test', code: 'LIVE_NOT_ALLOWED', message: expect.stringContaining('ALLOW_LIVE_SUBMISSIONS') },
    ]);
    expect(liveFindings(body, false)).toEqual([]);
  });

  it('lets test: false pass when live submissions are allowed and no test case is named', () => {
    expect(liveFindings({ ...body, test: false, tax_number: '9181081508155' }, true)).toEqual([]);
  });

  it('never lets a test tax office or a test IdNr go live, naming each', () => {
    const live = { test: false, year: 2025, tax_office: '1194', taxpayer: { idnr: '02476291358' }, spouse: { idnr: '86095742719' } };
    expect(liveFindings(live, true)).toEqual([
      expect.objectContaining({ path: 'tax_office', code: 'TEST_TAX_OFFICE_NOT_LIVE' }),
      expect.objectContaining({ path: 'taxpayer.idnr', code: 'TEST_IDNR_NOT_LIVE' }),
    ]);
    expect(liveFindings({ ...body, test: false }, true)).toEqual([expect.objectContaining({ path: 'tax_number', code: 'TEST_TAX_OFFICE_NOT_LIVE' })]);
    expect(liveFindings({ ...live, test: true }, true)).toEqual([]);
  });

  it("holds the IdNrs of a caller's XML to the same rule, each at its element", () => {
    const live = { test: false, year: 2025, tax_number: '9181081508155' };
    const inXml = [
      { path: 'xml.Vorsatz.ID', idnr: '65929970489' },
      { path: 'xml.Vorsatz.IDEhefrau', idnr: '02476291358' },
    ];
    expect(liveFindings(live, true, inXml)).toEqual([expect.objectContaining({ path: 'xml.Vorsatz.IDEhefrau', code: 'TEST_IDNR_NOT_LIVE' })]);
    expect(liveFindings({ ...live, test: true }, true, inXml)).toEqual([]);
  });
});
