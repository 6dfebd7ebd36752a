import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { WebhookConfig } from '#shared/config.ts';
import { nutzdatenFileName, type Ticket, type TicketStatus } from '#shared/domain/ticket.ts';
import { MissingOrRefused } from '#shared/ports/missing-or-refused.ts';
import type { TransmitOutcome } from '#shared/ports/tax-authority.ts';
import { queues } from '#shared/manifest.ts';
import { transmitTicket, type TransmitDeps } from '#shared/transmission/transmit-ticket.ts';
import type { PinStorage } from '#shared/domain/certificate.ts';
import { seal } from '#shared/certificates/envelope.ts';
import { sealedTheOldWay } from '#test/support/sealed-before.ts';
import { ustvaSample, ustvaTransmissionSample } from '#test/support/samples.ts';
import {
  CountingKeyWrapper,
  MemoryCertificateStore,
  MemoryProtocolStore,
  MemoryFilingStore,
  MemoryTicketStore,
  MemoryWorkQueue,
  ScriptedTaxAuthority,
  aCertificate,
  aTicket,
  validTicketId as id,
  type AuthorityStep,
} from '#test/fakes.ts';

const now = new Date('2026-11-22T10:00:00.000Z');
const leaseUntil = '2026-11-22T10:02:30.000Z';
// The contract's sample UStVA, with the Kennzahlen the tests look for in its XML.
const body = { ...ustvaSample(), kennzahlen: { kz81: 10000, kz83: '1900.00' } };
const pdf = new TextEncoder().encode('%PDF-1.7 protocol');

const delivered: TransmitOutcome = {
  outcome: 'delivered',
  transferTicket: 'abcdefghij0123456789klmnopqrstuv',
  receivedAt: '2026-11-22T09:59:59.000Z',
  protocol: { fileName: `Uebertragungsprotokoll_ustva_${id}.pdf`, pdf },
};
const retry: TransmitOutcome = { outcome: 'retry', code: 'CONNECT', message: 'no connection' };

const certificateOwner = { client_id: 'client-a', certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA' };
const webhooksOff: WebhookConfig = { enabled: false, uri: '', timeoutMs: 1000, maxAttempts: 3, backoffScale: 1 };
const webhooksOn: WebhookConfig = { enabled: true, uri: 'http://receiver.test/hook', timeoutMs: 1000, maxAttempts: 3, backoffScale: 1 };

async function setup(
  steps: AuthorityStep[],
  options: { resendIsSafe?: boolean; webhooks?: WebhookConfig; ticket?: Partial<Ticket>; storeBody?: boolean; body?: unknown; recordLockDays?: number } = {},
) {
  const tickets = new MemoryTicketStore();
  const filings = new MemoryFilingStore();
  const protocols = new MemoryProtocolStore();
  const queue = new MemoryWorkQueue();
  const authority = new ScriptedTaxAuthority(steps, { resendIsSafe: options.resendIsSafe ?? true });
  await tickets.create(aTicket(options.ticket));
  if (options.storeBody ?? true) await filings.put(id, options.body ?? body);
  const certificates = { store: new MemoryCertificateStore(), wrapper: new CountingKeyWrapper() };
  const deps: TransmitDeps = {
    tickets,
    certificates,
    filings,
    protocols,
    queue,
    authority,
    transmit: { maxAttempts: 3, retryDelaySeconds: 30, leaseSeconds: 150, herstellerId: '74931', recordLockDays: options.recordLockDays ?? 0 },
    webhooks: options.webhooks ?? webhooksOff,
    now: () => now,
  };
  const stored = async () => (await tickets.get(id))!;
  return { deps, tickets, filings, protocols, queue, authority, stored, certificates };
}

/** A ticket naming a per-submission-PIN certificate, its PIN sealed by `sealPin` under the wrapper that seals the certificate. */
async function withSealedPin(steps: AuthorityStep[], sealPin: (wrapper: CountingKeyWrapper) => Promise<Ticket['sealed_pin']>) {
  const wrapper = new CountingKeyWrapper();
  const sealed_pin = await sealPin(wrapper);
  const setUp = await setup(steps, { ticket: { certificate_id: certificateOwner.certificate_id, sealed_pin } });
  setUp.deps.certificates = { ...setUp.certificates, wrapper };
  await keptCertificate(setUp.deps.certificates, 'per_submission');
  return { ...setUp, sealed_pin };
}

/** A client certificate as the upload keeps it; the container's bytes need not be real here. */
async function keptCertificate(certificates: TransmitDeps['certificates'], pinStorage: PinStorage) {
  const record = aCertificate({
    ...certificateOwner,
    pin_storage: pinStorage,
    container: await seal(certificates.wrapper, certificateOwner, Buffer.from('the container')),
    pin: pinStorage === 'stored' ? await seal(certificates.wrapper, certificateOwner, Buffer.from('stored-pin')) : undefined,
  });
  await certificates.store.create(record);
  return record;
}

describe('transmitTicket', () => {
  it('hands the authority the ticket, the stored body and its ELSTER XML', async () => {
    const { deps, authority } = await setup([delivered]);
    await transmitTicket(deps, id);
    expect(authority.transmissions).toEqual([
      ustvaTransmissionSample({ ticket: id, nutzdaten: expect.stringMatching(/^<Anmeldungssteuern .*<Kz81>10000<\/Kz81><Kz83>1900.00<\/Kz83>/) }),
    ]);
  });

  describe('metrics', () => {
    it.each([
      [
        'delivered',
        delivered,
        [
          ['TicketsDelivered', 'Count', 1],
          ['DeliveryLatency', 'Milliseconds', expect.any(Number)],
        ],
      ],
      ['rejected', { outcome: 'rejected', code: '610001002', message: 'no', findings: [] } as TransmitOutcome, [['TicketsRejected', 'Count', 1]]],
      [
        'uncertain',
        { outcome: 'failed', code: 'TRANSMISSION_UNCERTAIN', message: 'maybe' } as TransmitOutcome,
        [
          ['TicketsFailed', 'Count', 1],
          ['TicketsFailed_TRANSMISSION_UNCERTAIN', 'Count', 1],
          ['TicketsUncertain', 'Count', 1],
        ],
      ],
      ['retried', retry, [['TransmissionRetries', 'Count', 1]]],
    ])('records a ticket %s', async (_, outcome, expected) => {
      const { deps } = await setup([outcome]);
      const metrics = { addMetric: vi.fn() };
      await transmitTicket({ ...deps, metrics }, id);
      expect(metrics.addMetric.mock.calls).toEqual(expected);
    });
  });

  describe("with the client's own certificate", () => {
    it('hands the authority its container and stored PIN, unsealed for this call', async () => {
      const { deps, authority, certificates } = await setup([delivered], { ticket: { certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA' } });
      await keptCertificate(certificates, 'stored');
      await transmitTicket(deps, id);
      const [sent] = authority.transmissions;
      expect(sent?.certificate).toEqual({
        certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA',
        subject: 'CN=Muster GmbH',
        pkcs12: Buffer.from('the container'),
        pin: 'stored-pin',
      });
    });

    it("signs with the ticket's sealed PIN, and forgets it once the ticket has finished", async () => {
      const { deps, authority, stored } = await withSealedPin([delivered], (wrapper) =>
        seal(wrapper, { ...certificateOwner, ticket_id: id }, Buffer.from('ticket-pin')),
      );
      await transmitTicket(deps, id);
      expect(authority.transmissions[0]?.certificate?.pin).toBe('ticket-pin');
      expect(await stored()).toMatchObject({ status: 'delivered' });
      expect((await stored()).sealed_pin).toBeUndefined();
    });

    it.each([
      ['delivered', delivered],
      ['rejected', { outcome: 'rejected', code: '610001002', message: 'no', findings: [] } as TransmitOutcome],
      ['failed', { outcome: 'failed', code: 'TRANSMISSION_UNCERTAIN', message: 'maybe' } as TransmitOutcome],
    ])('forgets a per-submission PIN when the ticket ends %s, and keeps it while a retry is due', async (status, outcome) => {
      const { deps, stored, sealed_pin } = await withSealedPin([retry, outcome], (wrapper) =>
        seal(wrapper, { ...certificateOwner, ticket_id: id }, Buffer.from('ticket-pin')),
      );
      await transmitTicket(deps, id);
      expect(await stored()).toMatchObject({ status: 'queued', sealed_pin });
      await transmitTicket(deps, id);
      expect(await stored()).toMatchObject({ status });
      expect((await stored()).sealed_pin).toBeUndefined();
    });

    it('fails with CERTIFICATE_DELETED, sending nothing, when the certificate is gone', async () => {
      const { deps, authority, stored } = await setup([delivered], { ticket: { certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA' } });
      await transmitTicket(deps, id);
      expect(authority.transmissions).toEqual([]);
      expect(await stored()).toMatchObject({ status: 'failed', error: { code: 'CERTIFICATE_DELETED' } });
    });

    it('signs with a per-submission PIN sealed before PINs were bound to their ticket, read the old way', async () => {
      const { deps, authority, stored } = await withSealedPin([delivered], async (wrapper) => {
        await wrapper.newDataKey(certificateOwner);
        return sealedTheOldWay(wrapper.file, Buffer.from('ticket-pin'));
      });
      await transmitTicket(deps, id);
      expect(authority.transmissions[0]?.certificate?.pin).toBe('ticket-pin');
      expect(await stored()).toMatchObject({ status: 'delivered' });
    });

    it('fails with CERTIFICATE_SEAL_BROKEN, sending nothing, when the PIN was sealed for another ticket', async () => {
      const { deps, authority, stored } = await withSealedPin([delivered], (wrapper) =>
        seal(wrapper, { ...certificateOwner, ticket_id: 'tk_another' }, Buffer.from('ticket-pin')),
      );
      await transmitTicket(deps, id);
      expect(authority.transmissions).toEqual([]);
      expect(await stored()).toMatchObject({ status: 'failed', error: { code: 'CERTIFICATE_SEAL_BROKEN' } });
      expect((await stored()).sealed_pin).toBeUndefined();
    });

    it('leaves the ticket to the retry, sending nothing, when the certificate cannot be unsealed now', async () => {
      const { deps, authority, certificates, stored } = await setup([delivered], { ticket: { certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA' } });
      await keptCertificate(certificates, 'stored');
      vi.spyOn(certificates.wrapper, 'unwrap').mockRejectedValue(new Error('KMS unavailable'));
      await expect(transmitTicket(deps, id)).rejects.toThrow('KMS unavailable');
      expect(authority.transmissions).toEqual([]);
      expect(await stored()).toMatchObject({ status: 'queued' });
    });
  });

  it('fails a stored body that cannot be written as ELSTER XML, without sending it', async () => {
    const { deps, authority, stored } = await setup([delivered], { body: { ...body, kennzahlen: { kz81: '10.5', kz83: '2' } } });
    await transmitTicket(deps, id);
    expect(authority.transmissions).toEqual([]);
    expect(await stored()).toMatchObject({ status: 'failed', error: { code: 'NUTZDATEN_INVALID' } });
  });

  it('fails a stored body that no longer reads as its form, naming the field and not its value', async () => {
    const { deps, authority, stored } = await setup([delivered], { body: { ...body, tax_number: '9198011310099' } });
    await transmitTicket(deps, id);
    expect(authority.transmissions).toEqual([]);
    const { error } = await stored();
    expect(error).toMatchObject({ code: 'NUTZDATEN_INVALID', message: expect.stringContaining('tax_number') });
    expect(error?.message).not.toContain('9198011310099');
  });

  it('records a delivery with its protocol, and sends no webhook while webhooks are off', async () => {
    const { deps, protocols, queue, stored } = await setup([delivered], {
      ticket: { error: { code: 'OLD', message: 'from an earlier attempt', details: [] } },
    });
    await transmitTicket(deps, id);
    const ticket = await stored();
    expect(ticket).toEqual({
      ...aTicket(),
      status: 'delivered',
      attempts: 1,
      updated_at: now.toISOString(),
      delivered_at: now.toISOString(),
      transfer_ticket: delivered.transferTicket,
      received_at: '2026-11-22T09:59:59.000Z',
      file_name: `Uebertragungsprotokoll_ustva_${id}.pdf`,
      file_size: pdf.length,
      file_sha256: createHash('sha256').update(pdf).digest('hex'),
      transmitted: expect.any(Object),
      webhook: { status: 'disabled', attempts: 0 },
    });
    expect(ticket).not.toHaveProperty('lease_until');
    expect(ticket).not.toHaveProperty('error');
    expect(await protocols.get(id, ticket.file_name!)).toEqual(pdf);
    expect(queue.webhooks).toEqual([]);
    expect(queue.transmits).toEqual([]);
  });

  it("locks a live filing's protocol and Nutzdaten for the days set, from delivery, and a test filing's not at all", async () => {
    const live = await setup([delivered], { ticket: { test: false }, recordLockDays: 3653 });
    await transmitTicket(live.deps, id);
    const until = new Date(now.getTime() + 3653 * 86_400_000);
    expect([...live.protocols.retained]).toEqual([
      [`${id}/Uebertragungsprotokoll_ustva_${id}.pdf`, until],
      [`${id}/${nutzdatenFileName(aTicket())}`, until],
    ]);
    const test = await setup([delivered], { recordLockDays: 3653 });
    await transmitTicket(test.deps, id);
    expect(test.protocols.files.size).toBe(2);
    expect(test.protocols.retained.size).toBe(0);
    const unlocked = await setup([delivered], { ticket: { test: false } });
    await transmitTicket(unlocked.deps, id);
    expect(unlocked.protocols.retained.size).toBe(0);
  });

  it('queues one webhook with a fresh ID when webhooks are on', async () => {
    const { deps, queue, stored } = await setup([delivered], { webhooks: webhooksOn });
    await transmitTicket(deps, id);
    const { webhook } = await stored();
    expect(webhook).toEqual({ status: 'pending', attempts: 0, webhook_id: expect.stringMatching(/^msg_/) });
    expect(queue.webhooks).toEqual([{ ticket: id, webhook_id: webhook.webhook_id }]);
  });

  it('sends no webhook when its lease was taken over while it transmitted', async () => {
    const { deps, tickets, authority, queue, stored } = await setup([], { webhooks: webhooksOn });
    vi.spyOn(authority, 'transmit').mockImplementation(async () => {
      // The re-drive found the lease lapsed and a second worker claimed the ticket meanwhile.
      tickets.tickets.get(id)!.lease_until = '2026-11-22T10:05:00.000Z';
      return delivered;
    });
    await transmitTicket(deps, id);
    expect(await stored()).toMatchObject({ status: 'processing', lease_until: '2026-11-22T10:05:00.000Z' });
    expect(queue.webhooks).toEqual([]);
  });

  it("records a rejection with the authority's findings", async () => {
    const findings = [{ path: 'kennzahlen.kz83', code: 'KZ83_MISMATCH', message: 'expected 1900.00' }];
    const { deps, protocols, queue, stored } = await setup([{ outcome: 'rejected', code: '610001002', message: 'not plausible', findings }]);
    await transmitTicket(deps, id);
    const ticket = await stored();
    expect(ticket).toMatchObject({
      status: 'rejected',
      attempts: 1,
      updated_at: now.toISOString(),
      error: { code: 'REJECTED', message: expect.stringContaining('610001002'), details: findings },
      webhook: { status: 'disabled', attempts: 0 },
    });
    expect(ticket).not.toHaveProperty('lease_until');
    expect(ticket).not.toHaveProperty('transfer_ticket');
    expect(protocols.files.size).toBe(0);
    expect(queue.transmits).toEqual([]);
  });

  it('records a failure as the authority reports it, without retrying', async () => {
    const { deps, queue, stored } = await setup([{ outcome: 'failed', code: 'CERTIFICATE', message: 'certificate expired' }]);
    await transmitTicket(deps, id);
    const ticket = await stored();
    expect(ticket).toMatchObject({ status: 'failed', attempts: 1, error: { code: 'CERTIFICATE', message: 'certificate expired', details: [] } });
    expect(ticket).not.toHaveProperty('lease_until');
    expect(queue.transmits).toEqual([]);
  });

  it('keeps the answer of an uncertain transmission beside the protocols and names it', async () => {
    const answer = '<Elster><TransferHeader/></Elster>';
    const { deps, protocols, queue, stored } = await setup([
      { outcome: 'failed', code: 'TRANSMISSION_UNCERTAIN', message: 'no answer after sending', serverAnswer: answer },
    ]);
    await transmitTicket(deps, id);
    expect(await stored()).toMatchObject({
      status: 'failed',
      error: {
        code: 'TRANSMISSION_UNCERTAIN',
        details: [{ path: 'server_answer', code: 'SERVER_ANSWER_KEPT', message: expect.stringContaining(`server-answer_${id}.xml`) }],
      },
    });
    expect(Buffer.from((await protocols.get(id, `server-answer_${id}.xml`))!).toString('utf8')).toBe(answer);
    expect(queue.transmits).toEqual([]);
  });

  it('notes the Datenart, time, size and SHA-256 of what it hands the tax authority before it sends, never the data itself', async () => {
    const { deps, authority, stored } = await setup([{ outcome: 'failed', code: 'TRANSMISSION_UNCERTAIN', message: 'no answer after sending' }]);
    let noted: Ticket | undefined;
    const send = authority.transmit.bind(authority);
    vi.spyOn(authority, 'transmit').mockImplementation(async (transmission) => {
      noted = await stored();
      return send(transmission);
    });
    await transmitTicket(deps, id);
    const sent = Buffer.from(authority.transmissions[0]!.nutzdaten, 'utf8');
    const transmitted = { datenart_version: 'UStVA_2026', at: now.toISOString(), size: sent.length, sha256: createHash('sha256').update(sent).digest('hex') };
    expect(noted!.transmitted).toEqual(transmitted);
    expect((await stored()).transmitted).toEqual(transmitted);
    expect(JSON.stringify(await stored())).not.toContain('Kz81');
  });

  it('fails a ticket whose body is gone without asking the authority', async () => {
    const { deps, authority, stored } = await setup([delivered], { storeBody: false });
    await transmitTicket(deps, id);
    expect(await stored()).toMatchObject({ status: 'failed', error: { code: 'SUBMISSION_MISSING' } });
    expect(authority.transmissions).toEqual([]);
  });

  it('tries again a body the store cannot tell gone from refused, as S3 answers without ListBucket, and fails it SUBMISSION_MISSING after the last attempt', async () => {
    const { deps, authority, queue, filings, stored } = await setup([delivered], { storeBody: false });
    vi.spyOn(filings, 'get').mockRejectedValue(new MissingOrRefused(`submissions/${id}.json: Access Denied`));
    await transmitTicket(deps, id);
    expect(await stored()).toMatchObject({ status: 'queued', attempts: 1, next_wake_at: '2026-11-22T10:00:30.000Z' });
    await transmitTicket(deps, id);
    expect(await stored()).toMatchObject({ status: 'queued', attempts: 2, next_wake_at: '2026-11-22T10:01:00.000Z' });
    await transmitTicket(deps, id);
    expect(await stored()).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: { code: 'SUBMISSION_MISSING', message: expect.stringContaining('3 attempts'), details: [] },
    });
    expect(queue.transmits).toEqual([
      { ticket: id, delaySeconds: 30 },
      { ticket: id, delaySeconds: 60 },
    ]);
    expect(authority.transmissions).toEqual([]);
  });

  it('hands a retry back to the queue with a growing delay, and fails it after the last attempt', async () => {
    const { deps, authority, queue, stored } = await setup([retry, retry, retry, delivered]);

    await transmitTicket(deps, id);
    let ticket = await stored();
    // The ticket says when its delayed wake-up is due, so the scheduled re-drive waits for it.
    expect(ticket).toMatchObject({ status: 'queued', attempts: 1, updated_at: now.toISOString(), next_wake_at: '2026-11-22T10:00:30.000Z' });
    expect(ticket).not.toHaveProperty('lease_until');
    expect(queue.transmits).toEqual([{ ticket: id, delaySeconds: 30 }]);

    await transmitTicket(deps, id);
    expect(await stored()).toMatchObject({ status: 'queued', attempts: 2, next_wake_at: '2026-11-22T10:01:00.000Z' });
    expect(queue.transmits).toEqual([
      { ticket: id, delaySeconds: 30 },
      { ticket: id, delaySeconds: 60 },
    ]);

    await transmitTicket(deps, id);
    ticket = await stored();
    expect(ticket).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: { code: 'TRANSMISSION_FAILED', message: expect.stringContaining('3 attempts'), details: [] },
    });
    expect(ticket).not.toHaveProperty('lease_until');
    // Claimed, its wake-up has come.
    expect(ticket).not.toHaveProperty('next_wake_at');
    expect(queue.transmits).toHaveLength(2);

    await transmitTicket(deps, id);
    expect(authority.transmissions).toHaveLength(3);
  });

  it.each<TicketStatus>(['processing', 'delivered', 'rejected', 'failed'])('does nothing on a wake-up for a %s ticket', async (status) => {
    const ticket = { status, lease_until: status === 'processing' ? leaseUntil : undefined, attempts: 1 };
    const { deps, authority, tickets, queue } = await setup([delivered], { ticket });
    const before = structuredClone(tickets.tickets.get(id));
    await transmitTicket(deps, id);
    expect(tickets.tickets.get(id)).toEqual(before);
    expect(authority.transmissions).toEqual([]);
    expect(queue.transmits).toEqual([]);
  });

  it('does nothing for an unknown ticket', async () => {
    const { deps, authority } = await setup([delivered]);
    await transmitTicket(deps, 'tk_BBBBBBBBBBBBBBBBBBBBBB');
    expect(authority.transmissions).toEqual([]);
  });

  it('tells the end of a finished ticket again when woken for it, and sends nothing', async () => {
    const { deps, tickets, authority } = await setup([delivered, delivered]);
    await transmitTicket(deps, id);
    await transmitTicket(deps, id);
    expect(authority.transmissions).toHaveLength(1);
    expect(tickets.retold).toEqual([id]);
  });

  it('does nothing when another worker claims the ticket first', async () => {
    const { deps, tickets, authority, stored } = await setup([delivered]);
    await tickets.transition(id, { status: 'queued' }, { status: 'processing', lease_until: leaseUntil, attempts: 1 });
    await transmitTicket(deps, id);
    expect(await stored()).toMatchObject({ status: 'processing', lease_until: leaseUntil, attempts: 1 });
    expect(authority.transmissions).toEqual([]);
  });

  it.each([true, false])('releases the ticket and rethrows when it fails before sending (resendIsSafe: %s)', async (resendIsSafe) => {
    const { deps, filings, authority, stored } = await setup([delivered], { resendIsSafe });
    vi.spyOn(filings, 'get').mockRejectedValue(new Error('S3 down'));
    await expect(transmitTicket(deps, id)).rejects.toThrow('S3 down');
    const ticket = await stored();
    expect(ticket).toMatchObject({ status: 'queued', attempts: 1 });
    expect(ticket).not.toHaveProperty('lease_until');
    expect(authority.transmissions).toEqual([]);
  });

  it('releases the ticket and rethrows when sending fails and resending is safe', async () => {
    const { deps, stored } = await setup([new Error('socket hang up')], { resendIsSafe: true });
    await expect(transmitTicket(deps, id)).rejects.toThrow('socket hang up');
    // The queue brings the failed message back once its visibility timeout lapses.
    const wake = new Date(now.getTime() + queues.transmit.visibilityTimeoutSeconds * 1000).toISOString();
    expect(await stored()).toMatchObject({ status: 'queued', attempts: 1, next_wake_at: wake });
  });

  it('keeps the ticket processing under its lease when sending fails and resending is unsafe', async () => {
    const { deps, stored } = await setup([new Error('socket hang up')], { resendIsSafe: false });
    await expect(transmitTicket(deps, id)).rejects.toThrow('socket hang up');
    expect(await stored()).toMatchObject({ status: 'processing', attempts: 1, lease_until: leaseUntil });
  });

  describe('an accepted send', () => {
    const transferred = { transfer_ticket: delivered.transferTicket, received_at: delivered.receivedAt, file_name: delivered.protocol.fileName };

    it.each([true, false])(
      'records its transfer ticket before it writes any record, and keeps on the ticket those it could not write (resendIsSafe: %s)',
      async (resendIsSafe) => {
        const { deps, protocols, tickets, stored } = await setup([delivered], { resendIsSafe });
        const seen: Ticket[] = [];
        const put = protocols.putOnce.bind(protocols);
        vi.spyOn(protocols, 'putOnce').mockImplementation(async (...args) => {
          seen.push((await tickets.get(id))!);
          if (args[1] === delivered.protocol.fileName) throw new Error('S3 down');
          return put(...args);
        });
        await transmitTicket(deps, id);
        expect(seen[0]).toMatchObject({ status: 'processing', ...transferred });
        expect(seen[0]).not.toHaveProperty('kept_records');
        const waiting = await stored();
        expect(Object.keys(waiting.kept_records!)).toEqual([delivered.protocol.fileName]);
        expect(await protocols.get(id, nutzdatenFileName(aTicket()))).toBeDefined();
      },
    );

    it('gives up records too large to keep on the ticket after a few writes, and delivers the send all the same', async () => {
      const large = new Uint8Array(400_000).map(() => Math.floor(Math.random() * 256));
      const { deps, protocols, stored } = await setup([{ ...delivered, protocol: { ...delivered.protocol, pdf: large } }]);
      const put = protocols.putOnce.bind(protocols);
      const writes = vi.spyOn(protocols, 'putOnce').mockImplementation(async (...args) => {
        if (args[1] === delivered.protocol.fileName) throw new Error('S3 down');
        return put(...args);
      });
      await transmitTicket(deps, id);
      expect(await stored()).toMatchObject({ status: 'delivered', ...transferred });
      expect(writes.mock.calls.filter((call) => call[1] === delivered.protocol.fileName)).toHaveLength(3);
    });

    it('waits under a short lease when its records cannot be written, and a later attempt writes them without sending again', async () => {
      const { deps, protocols, queue, authority, stored } = await setup([delivered], { ticket: { test: false }, recordLockDays: 3653, webhooks: webhooksOn });
      const metrics = { addMetric: vi.fn() };
      const put = vi.spyOn(protocols, 'putOnce').mockRejectedValue(new Error('S3 down'));
      await transmitTicket({ ...deps, metrics }, id);
      const waiting = await stored();
      expect(waiting).toMatchObject({ status: 'processing', ...transferred, lease_until: '2026-11-22T10:00:30.000Z' });
      expect(metrics.addMetric).toHaveBeenCalledWith('RecordsUnwritten', 'Count', 1);
      expect(queue.transmits).toEqual([{ ticket: id, delaySeconds: 31 }]);
      expect(protocols.files.size).toBe(0);

      // The wake-up comes a second after the lease lapsed; a wake-up before then finds nothing to do.
      put.mockRestore();
      await transmitTicket({ ...deps, now: () => new Date('2026-11-22T10:00:20.000Z') }, id);
      expect(await stored()).toEqual(waiting);
      await transmitTicket({ ...deps, now: () => new Date('2026-11-22T10:00:31.000Z') }, id);
      const ticket = await stored();
      expect(ticket).toMatchObject({ status: 'delivered', ...transferred, attempts: 1, delivered_at: '2026-11-22T10:00:31.000Z' });
      expect(ticket).not.toHaveProperty('kept_records');
      expect(ticket).not.toHaveProperty('lease_until');
      expect(authority.transmissions).toHaveLength(1);
      expect(await protocols.get(id, delivered.protocol.fileName)).toEqual(pdf);
      // Locked from the acceptance, not from the later write.
      const until = new Date(now.getTime() + 3653 * 86_400_000);
      expect([...protocols.retained.values()]).toEqual([until, until]);
      expect(queue.webhooks).toEqual([{ ticket: id, webhook_id: ticket.webhook.webhook_id }]);
    });

    it('leaves a record written before as it is, and writes the others', async () => {
      const { deps, protocols, stored } = await setup([delivered]);
      await protocols.put(id, delivered.protocol.fileName, new TextEncoder().encode('written by an attempt that crashed'));
      await transmitTicket(deps, id);
      expect(await stored()).toMatchObject({ status: 'delivered' });
      expect(Buffer.from((await protocols.get(id, delivered.protocol.fileName))!).toString()).toBe('written by an attempt that crashed');
      expect(await protocols.get(id, nutzdatenFileName(aTicket()))).toBeDefined();
    });

    it("keeps ELSTER's answer beside the protocol, locked as a live filing's records are", async () => {
      const { deps, protocols } = await setup([{ ...delivered, serverAnswer: '<Elster>answer</Elster>' }], { ticket: { test: false }, recordLockDays: 10 });
      await transmitTicket(deps, id);
      expect(Buffer.from((await protocols.get(id, `server-answer_${id}.xml`))!).toString()).toBe('<Elster>answer</Elster>');
      expect(protocols.retained.get(`${id}/server-answer_${id}.xml`)).toEqual(new Date(now.getTime() + 10 * 86_400_000));
    });

    it('is not sent again when the acceptance was recorded and the run then failed', async () => {
      const { deps, tickets, protocols, stored } = await setup([delivered], { resendIsSafe: true });
      vi.spyOn(protocols, 'putOnce').mockRejectedValue(new Error('S3 down'));
      const transition = tickets.transition.bind(tickets);
      // The short lease cannot be written: the run fails with the records kept on the ticket.
      vi.spyOn(tickets, 'transition').mockImplementation(async (...args) => {
        if (args[2].lease_until) throw new Error('DynamoDB down');
        return transition(...args);
      });
      await expect(transmitTicket(deps, id)).rejects.toThrow('DynamoDB down');
      expect(await stored()).toMatchObject({ status: 'processing', lease_until: leaseUntil, ...transferred });
    });
  });

  it('refuses to send a live filing while the bucket cannot lock its records', async () => {
    const { deps, protocols, authority, stored } = await setup([delivered], { ticket: { test: false }, recordLockDays: 3653 });
    protocols.locks = false;
    await transmitTicket(deps, id);
    expect(await stored()).toMatchObject({ status: 'failed', error: { code: 'RECORDS_NOT_LOCKABLE' } });
    expect(authority.transmissions).toEqual([]);
    // A test filing's records are not locked, nor a stage's that locks nothing.
    for (const options of [{ recordLockDays: 3653 }, { ticket: { test: false } }]) {
      const other = await setup([delivered], options);
      other.protocols.locks = false;
      await transmitTicket(other.deps, id);
      expect(await other.stored()).toMatchObject({ status: 'delivered' });
    }
  });
});
