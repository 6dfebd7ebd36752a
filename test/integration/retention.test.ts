// Retention against the real local runtime: the stand-ins have no TTL or lifecycle, so the runtime's
// own schedule sweeps a finished ticket's submitted data, and leaves its ticket and protocol.

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ObjectStore } from '#infra/local/s3-objects.ts';
import { resourceEnv } from '#shared/manifest.ts';
import { newTicketId } from '#shared/domain/ticket.ts';
import { orphanGraceSeconds } from '#shared/retention/sweep.ts';
import { submissionStore, ticketStore } from '#shared/wiring/adapters.ts';
import { aTicket } from '#test/fakes.ts';
import { eventually, newDataDir, startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

const retentionSeconds = 2;

describe('retention of submitted data', () => {
  let service: LocalService | undefined;
  beforeAll(async () => {
    service = await startService({ scheduleEverySeconds: 0.2, env: { SUBMISSION_RETENTION_SECONDS: String(retentionSeconds) } });
  });
  afterAll(() => service?.stop());

  it('deletes the body once the retention after delivery has passed; status, metadata and protocol stay', async () => {
    const reply = await service!.submit('ustva', ustvaSample());
    expect(reply.status).toBe(202);
    const id: string = reply.json.data.ticket;
    const delivered = await service!.waitForStatus(id, ['delivered']);
    expect(await submissionStore().get(id)).toMatchObject({ tax_number: '9198011310010' });

    // The sweep deletes the body first and notes it on the ticket after: wait for the note.
    const deletedAt = await eventually(async () => (await ticketStore().get(id))?.submission_deleted_at);
    expect(await submissionStore().get(id)).toBeUndefined();
    expect(Date.parse(deletedAt) - Date.parse(delivered.delivered_at)).toBeGreaterThanOrEqual(retentionSeconds * 1000);

    expect((await service!.call('GET', `/v2/status/${id}`)).json.data).toMatchObject({ status: 'delivered' });
    expect((await service!.call('GET', `/v2/ticket/${id}`)).json.data).toMatchObject({ status: 'delivered', file_name: delivered.file_name });
    const protocol = await service!.call('GET', `/v2/protocol/${id}`, { headers: { accept: 'application/pdf' } });
    expect(protocol.status).toBe(200);
    expect(Buffer.from(protocol.bytes).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps the body of a ticket that is not finished, however old', async () => {
    // Queued long ago, its wake-up due in an hour: neither the re-drive nor the sweep may touch it.
    const queued = aTicket({
      ticket: newTicketId(),
      client_id: 'dev',
      updated_at: new Date(0).toISOString(),
      next_wake_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await submissionStore().put(queued.ticket, { tax_number: '9198011310010' });
    expect(await ticketStore().create(queued)).toBe(true);
    // A delivered ticket swept after it shows that sweeps have run since.
    const delivered: string = (await service!.submit('ustva', ustvaSample())).json.data.ticket;
    await service!.waitForStatus(delivered, ['delivered']);
    await eventually(async () => (await ticketStore().get(delivered))?.submission_deleted_at);
    expect(await submissionStore().get(queued.ticket)).toBeDefined();
    expect((await ticketStore().get(queued.ticket))!.submission_deleted_at).toBeUndefined();
  });
});

describe('submitted data without a ticket', () => {
  let service: LocalService | undefined;
  afterAll(() => service?.stop());

  /** Moves stored bodies back in time while the service is stopped: S3 offers no way to, the stand-in's store does. */
  async function age(dataDir: string, bodies: [ticket: string, seconds: number][]) {
    const objects = await ObjectStore.open(join(dataDir, 's3-objects'));
    const bucket = process.env[resourceEnv.bucket]!;
    try {
      for (const [ticket, seconds] of bodies) {
        const key = `submissions/${ticket}.json`;
        const stored = objects.get(bucket, key);
        expect(stored).toBeDefined();
        await objects.put(bucket, key, stored!.body, stored!.contentType, { modified: new Date(Date.now() - seconds * 1000) });
      }
    } finally {
      await objects.close();
    }
  }

  it("deletes a body left without its ticket once the grace has passed, and keeps a fresh one and a ticket's", async () => {
    const dataDir = await newDataDir();
    service = await startService({ dataDir });
    // As a crash between storing the body and creating the ticket leaves them.
    const [fresh, orphan] = [newTicketId(), newTicketId()];
    for (const ticket of [fresh, orphan]) await submissionStore().put(ticket, { tax_number: '9198011310010' });
    // A ticket still queued, as old: its body is no orphan.
    const queued = aTicket({ ticket: newTicketId(), client_id: 'dev', next_wake_at: new Date(Date.now() + 3_600_000).toISOString() });
    await submissionStore().put(queued.ticket, { tax_number: '9198011310010' });
    expect(await ticketStore().create(queued)).toBe(true);
    await service.stop();
    await age(dataDir, [
      [fresh, orphanGraceSeconds - 600],
      [queued.ticket, 10 * orphanGraceSeconds],
      [orphan, orphanGraceSeconds + 60],
    ]);

    service = await startService({ dataDir, scheduleEverySeconds: 0.2 });
    await eventually(async () => (await submissionStore().get(orphan)) === undefined);
    expect(await submissionStore().get(fresh)).toBeDefined();
    expect(await submissionStore().get(queued.ticket)).toBeDefined();
  });
});
