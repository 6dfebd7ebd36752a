// Retention against the real local runtime: the stand-ins have no TTL or lifecycle, so the runtime's
// own schedule sweeps a finished ticket's submitted data, and leaves its ticket and protocol.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTicketId } from '#shared/domain/ticket.ts';
import { orphanGraceSeconds } from '#shared/retention/sweep.ts';
import { storedBodyNotes, filingStore, ticketStore } from '#shared/wiring/adapters.ts';
import { aTicket } from '#test/fakes.ts';
import { eventually, startService, type LocalService } from '#test/support/local-service.ts';
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
    expect(await filingStore().get(id)).toMatchObject({ tax_number: '9198011310010' });

    // The sweep deletes the body first and notes it on the ticket after: wait for the note.
    const deletedAt = await eventually(async () => (await ticketStore().get(id))?.submission_deleted_at);
    expect(await filingStore().get(id)).toBeUndefined();
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
    await filingStore().put(queued.ticket, { tax_number: '9198011310010' });
    expect(await ticketStore().create(queued)).toBe(true);
    // A delivered ticket swept after it shows that sweeps have run since.
    const delivered: string = (await service!.submit('ustva', ustvaSample())).json.data.ticket;
    await service!.waitForStatus(delivered, ['delivered']);
    await eventually(async () => (await ticketStore().get(delivered))?.submission_deleted_at);
    expect(await filingStore().get(queued.ticket)).toBeDefined();
    expect((await ticketStore().get(queued.ticket))!.submission_deleted_at).toBeUndefined();
  });
});

describe('submitted data without a ticket', () => {
  let service: LocalService | undefined;
  afterAll(() => service?.stop());

  const noted = (seconds: number) => new Date(Date.now() - seconds * 1000);

  it("deletes a body left without its ticket once the grace has passed, found by its note; keeps a fresh one and a ticket's", async () => {
    service = await startService({ scheduleEverySeconds: 0.2 });
    // A ticket still queued, its body noted as long ago: its body is no orphan.
    const queued = aTicket({ ticket: newTicketId(), client_id: 'dev', next_wake_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(await ticketStore().create(queued)).toBe(true);
    // As a crash between storing the body and creating the ticket leaves them, noted and stored as a submission does.
    const [fresh, orphan] = [newTicketId(), newTicketId()];
    for (const [ticket, age] of [
      [queued.ticket, orphanGraceSeconds + 60],
      [fresh, orphanGraceSeconds - 600],
      [orphan, orphanGraceSeconds + 60],
    ] as const) {
      await storedBodyNotes().note(ticket, noted(age));
      await filingStore().put(ticket, { tax_number: '9198011310010' });
    }

    await eventually(async () => (await filingStore().get(orphan)) === undefined);
    expect(await filingStore().get(fresh)).toBeDefined();
    expect(await filingStore().get(queued.ticket)).toBeDefined();
  });

  it('notes each accepted body in the table, where the sweep reads it', async () => {
    service ??= await startService();
    const since = new Date(Date.now() - 1000);
    const reply = await service.submit('ustva', ustvaSample());
    expect(reply.status).toBe(202);
    const { tickets } = await storedBodyNotes().nextNoted(since, new Date(Date.now() + 1000), undefined, 100);
    expect(tickets).toContain(reply.json.data.ticket);
  });
});
