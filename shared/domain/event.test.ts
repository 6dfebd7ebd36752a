import { describe, expect, it } from 'vitest';
import { certificateEvent, eventPosition, positionAfter, ticketEvent } from '#shared/domain/event.ts';
import type { Ticket } from '#shared/domain/ticket.ts';

const ticket: Ticket = {
  ticket: 'tk_AAAAAAAAAAAAAAAAAAAAAA',
  client_id: 'client-1',
  kind: 'ustva',
  status: 'rejected',
  test: true,
  year: 2026,
  period: '03',
  tax_number_masked: '*********0015',
  datenart_version: 'UStVA_2026',
  client_reference: 'INV-1',
  year_figures: { tax_number_digest: 'digest', profit: 12345 },
  created_at: '2026-04-10T08:00:00.000Z',
  updated_at: '2026-04-10T08:00:02.000Z',
  attempts: 1,
  error: { code: 'REJECTED', message: 'The tax authority refused the data', details: [{ path: 'Steuernummer', code: 'X', message: 'y' }] },
  webhook: { status: 'disabled', attempts: 0 },
};

describe('ticketEvent', () => {
  it('is the same event however often one change is told, and another for another change', () => {
    expect(ticketEvent(ticket)).toEqual(ticketEvent(structuredClone(ticket)));
    expect(ticketEvent(ticket).id).not.toBe(ticketEvent({ ...ticket, updated_at: '2026-04-10T08:00:03.000Z' }).id);
    expect(ticketEvent(ticket, true).id).not.toBe(ticketEvent(ticket).id);
  });

  it('tells the status by its type, at the time of the change, with IDs and metadata only', () => {
    const event = ticketEvent(ticket);
    expect(event).toMatchObject({ type: 'ticket.rejected', client_id: 'client-1', created_at: ticket.updated_at });
    expect(event.data).toEqual({
      ticket: ticket.ticket,
      kind: 'ustva',
      status: 'rejected',
      test: true,
      attempts: 1,
      client_reference: 'INV-1',
      error_code: 'REJECTED',
    });
    expect(ticketEvent({ ...ticket, status: 'processing' }).type).toBe('ticket.status_changed');
    expect(ticketEvent({ ...ticket, status: 'queued' }, true).type).toBe('ticket.created');
  });
});

describe('positions', () => {
  it('order by time, then ID, and positionAfter stands after every event of its time', () => {
    const early = eventPosition({ created_at: '2026-04-10T08:00:00.000Z', id: 'evt_zzzzzzzzzzzzzzzzzzzzzz' });
    const late = eventPosition({ created_at: '2026-04-10T08:00:00.001Z', id: 'evt_AAAAAAAAAAAAAAAAAAAAAA' });
    expect(early < positionAfter('2026-04-10T08:00:00.000Z')).toBe(true);
    expect(positionAfter('2026-04-10T08:00:00.000Z') < late).toBe(true);
  });
});

describe('certificateEvent', () => {
  it('names the certificate and its times, and an expiry once a day', () => {
    const owner = { client_id: 'client-1', certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA' };
    const monday = certificateEvent('certificate.expiring', owner, '2026-04-10T03:00:00.000Z', { not_after: '2026-05-01T00:00:00.000Z' });
    const later = certificateEvent('certificate.expiring', owner, '2026-04-10T09:00:00.000Z', { not_after: '2026-05-01T00:00:00.000Z' });
    const tuesday = certificateEvent('certificate.expiring', owner, '2026-04-11T03:00:00.000Z', { not_after: '2026-05-01T00:00:00.000Z' });
    expect(monday.data).toEqual({ certificate_id: owner.certificate_id, not_after: '2026-05-01T00:00:00.000Z' });
    expect(later.id).toBe(monday.id);
    expect(tuesday.id).not.toBe(monday.id);
  });
});
