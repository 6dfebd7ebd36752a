// Objects that are not there, answered as S3 answers a stage's functions, none of which may list the
// bucket: AccessDenied, as for an object they may not read (the S3 stand-in's `missingKeys`). A
// ticket whose body is gone still ends `failed` after its attempts rather than cycling for ever, and
// Nutzdaten that were never kept are still 404, while everything that is there reads as before.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTicketId } from '#shared/domain/ticket.ts';
import { ticketStore } from '#shared/wiring/adapters.ts';
import { aTicket } from '#test/fakes.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

describe('objects missing, as S3 answers a function that may not list the bucket', () => {
  let service: LocalService | undefined;
  beforeAll(async () => {
    service = await startService({
      s3MissingKeys: 'AccessDenied',
      scheduleEverySeconds: 0.2,
      env: { TRANSMIT_MAX_ATTEMPTS: '3', TRANSMIT_RETRY_DELAY_SECONDS: '1', REDRIVE_QUEUED_GRACE_SECONDS: '1' },
    });
  });
  afterAll(() => service?.stop());

  it('fails a ticket whose body is gone with SUBMISSION_MISSING once its attempts are spent', async () => {
    // A queued ticket of the development key's client whose body is not there; the re-drive wakes it.
    const id = newTicketId();
    const now = new Date().toISOString();
    expect(await ticketStore().create(aTicket({ ticket: id, client_id: 'dev', created_at: now, updated_at: now }))).toBe(true);
    const ticket = await service!.waitForStatus(id, ['delivered', 'rejected', 'failed']);
    expect(ticket).toMatchObject({ status: 'failed', attempts: 3, error: { code: 'SUBMISSION_MISSING', message: expect.stringContaining('3 attempts') } });
  });

  it('delivers what is there, and answers Nutzdaten never kept with 404', async () => {
    const { json } = await service!.submit('ustva', ustvaSample());
    const delivered = await service!.waitForStatus(json.data.ticket, ['delivered', 'rejected', 'failed']);
    expect(delivered.status).toBe('delivered');
    expect((await service!.call('GET', `/v2/ticket/${delivered.ticket}/nutzdaten`)).status).toBe(200);
    expect((await service!.call('GET', `/v2/protocol/${delivered.ticket}`)).status).toBe(200);

    const old = newTicketId();
    const now = new Date().toISOString();
    await ticketStore().create(
      aTicket({ ticket: old, client_id: 'dev', status: 'delivered', file_name: `Uebertragungsprotokoll_ustva_${old}.pdf`, created_at: now, updated_at: now }),
    );
    const reply = await service!.call('GET', `/v2/ticket/${old}/nutzdaten`);
    expect([reply.status, reply.json.error.code]).toEqual([404, 'NOT_FOUND']);
  });
});
