// A backlog of thousands of tickets, as the scheduled jobs meet it: the re-drive and the sweep wired
// to the local stand-ins, with no transmit function taking the wake-ups, so the backlog stays put.
// The tickets and notes are written straight into the stand-in, 25 to a call, as the stores write them.

import { BatchWriteItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { provision } from '#local/provision.ts';
import { startStandIns, type StandIns } from '#local/stand-ins.ts';
import { dynamo } from '#shared/adapters/dynamo-client.ts';
import { noteItem } from '#shared/adapters/dynamodb-stored-body-notes.ts';
import { ticketItem } from '#shared/adapters/dynamodb-ticket-store.ts';
import { sqs } from '#shared/adapters/sqs-client.ts';
import { queueUrl, tableName } from '#shared/config.ts';
import { newTicketId, type Ticket } from '#shared/domain/ticket.ts';
import { metrics } from '#shared/metrics.ts';
import { resetAll } from '#shared/once.ts';
import { orphanGraceSeconds } from '#shared/retention/sweep.ts';
import { redriveOwedWork, sweepExpiredSubmissions } from '#shared/wiring/scheduled-jobs.ts';
import { storedBodyNotes, filingStore, ticketStore, workQueue } from '#shared/wiring/adapters.ts';
import { aTicket } from '#test/fakes.ts';
import { newDataDir } from '#test/support/local-service.ts';

const backlog = 5_000;
// The finished tickets only feed the retention pass, which each run of half a second gets through a
// few hundred of: 2,000 still take it through several runs, at two fifths of the writes and deletes
// that were most of the file's time.
const finishedBacklog = 2_000;
const hours = (n: number) => new Date(Date.now() - n * 3_600_000);

async function writeAll(table: 'tickets' | 'storedBodies', items: Record<string, AttributeValue>[]): Promise<void> {
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, (i + 1) * 25));
  // A few calls at once; the stand-in may hand some back unprocessed, which go again.
  for (let at = 0; at < batches.length; at += 8) {
    await Promise.all(
      batches.slice(at, at + 8).map(async (batch) => {
        let requests = { [tableName(table)]: batch.map((Item) => ({ PutRequest: { Item } })) };
        while (Object.keys(requests).length) {
          const { UnprocessedItems = {} } = await dynamo().send(new BatchWriteItemCommand({ RequestItems: requests }));
          requests = UnprocessedItems as typeof requests;
        }
      }),
    );
  }
}

const messagesInTransmitQueue = async () => {
  const names = ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesDelayed', 'ApproximateNumberOfMessagesNotVisible'] as const;
  const { Attributes = {} } = await sqs().send(new GetQueueAttributesCommand({ QueueUrl: queueUrl('transmit'), AttributeNames: [...names] }));
  return names.reduce((sum, name) => sum + Number(Attributes[name]), 0);
};

// Alone on a busy machine the file takes under a minute and a half; beside the rest of the suite on two cores, several times that.
const patience = 600_000;

describe(`a backlog of ${backlog.toLocaleString('en')} tickets`, { timeout: patience }, () => {
  let standIns: StandIns | undefined;
  const queued: Ticket[] = [];
  const finished: Ticket[] = [];

  beforeAll(async () => {
    standIns = await startStandIns(await newDataDir());
    Object.assign(process.env, standIns.env, { POWERTOOLS_METRICS_DISABLED: 'true' });
    resetAll();
    Object.assign(process.env, await provision());
    resetAll();

    // Waiting for a day: each submitted a day ago, its wake-up still in the queue behind the others.
    for (let i = 0; i < backlog; i++) {
      const at = new Date(hours(26).getTime() + i * 1000).toISOString();
      queued.push(aTicket({ ticket: newTicketId(), client_id: 'dev', created_at: at, updated_at: at }));
    }
    // Finished two months ago: their submitted data is past its retention of 30 days.
    const old = hours(60 * 24).toISOString();
    for (let i = 0; i < finishedBacklog; i++) {
      finished.push(aTicket({ ticket: newTicketId(), client_id: 'dev', status: 'delivered', created_at: old, updated_at: old, delivered_at: old }));
    }
    await writeAll('tickets', [...queued, ...finished].map(ticketItem));
    // The queued tickets' bodies were noted as they were stored: the orphan check's window holds them all.
    await writeAll(
      'storedBodies',
      queued.map((ticket) => noteItem(ticket.ticket, new Date(ticket.created_at), 86_400)),
    );
    for (let at = 0; at < backlog; at += 500) await workQueue().wakeTransmits(queued.slice(at, at + 500).map((ticket) => ticket.ticket));
  }, patience);

  afterAll(() => standIns?.stop());

  it('one re-drive run sends no wake-up a waiting ticket still has in the queue, and first records the age of the oldest', async () => {
    expect(await messagesInTransmitQueue()).toBe(backlog);
    const recorded = vi.spyOn(metrics(), 'addMetric');
    const sent = vi.spyOn(workQueue(), 'wakeTransmits');
    const counts = await redriveOwedWork();
    expect(counts).toMatchObject({ transmits: 0, heldBack: backlog, stopped: false });
    expect(sent).not.toHaveBeenCalled();
    expect(await messagesInTransmitQueue()).toBe(backlog);
    const age = Math.round((Date.now() - Date.parse(queued[0]!.created_at)) / 1000);
    expect(recorded).toHaveBeenCalledWith('OldestQueuedTicketAge', 'Seconds', expect.closeTo(age, -2));
    expect(recorded).toHaveBeenCalledWith('QueuedTickets', 'Count', backlog);
    recorded.mockRestore();
    sent.mockRestore();
  });

  it('a wake-up lost among them is found, without a second one for the others', async () => {
    // Queued before all the others, its wake-up lost in a crash.
    const lost = aTicket({ ticket: newTicketId(), client_id: 'dev', created_at: hours(30).toISOString(), updated_at: hours(30).toISOString() });
    await ticketStore().create(lost);
    expect(await redriveOwedWork()).toMatchObject({ transmits: 1, heldBack: backlog });
    expect(await messagesInTransmitQueue()).toBe(backlog + 1);
    expect((await ticketStore().get(lost.ticket))!.next_wake_at).toBeDefined();
    // The next run finds it woken, and the queue holding one for each.
    expect(await redriveOwedWork()).toMatchObject({ transmits: 0 });
  });

  it('the sweep gets through a window of thousands in several runs, each within its time, going on where the last stopped', async () => {
    // A few bodies of finished tickets, and bodies noted in the window whose tickets were never made.
    const sample = finished.filter((_, i) => i % 200 === 0).map((ticket) => ticket.ticket);
    const orphans = [newTicketId(), newTicketId(), newTicketId()];
    for (const ticket of [...sample, ...orphans]) await filingStore().put(ticket, { tax_number: '9198011310010' });
    for (const ticket of orphans) await storedBodyNotes().note(ticket, hours(27));

    const runs: { retention: number; orphans: number }[] = [];
    for (;;) {
      const run = await sweepExpiredSubmissions({ stopAt: Date.now() + 500 });
      runs.push({ retention: run.retention.deleted, orphans: run.orphans.deleted });
      if (run.retention.done && run.orphans.done) break;
      expect(runs.length).toBeLessThan(500);
    }
    expect(runs.length).toBeGreaterThan(1);
    expect(runs.reduce((sum, run) => sum + run.retention, 0)).toBe(finishedBacklog);
    expect(runs.reduce((sum, run) => sum + run.orphans, 0)).toBe(orphans.length);
    for (const ticket of [...sample, ...orphans]) expect(await filingStore().get(ticket)).toBeUndefined();
    // The queued tickets' bodies are kept; each was looked at once, and a further run has nothing left.
    for (const ticket of queued.slice(0, 3)) expect((await ticketStore().get(ticket.ticket))!.submission_deleted_at).toBeUndefined();
    const again = await sweepExpiredSubmissions({ stopAt: Date.now() + 500 });
    expect(again).toEqual({ retention: { deleted: 0, done: true }, orphans: { deleted: 0, done: true } });
    const { position } = await storedBodyNotes().checkedUpTo();
    expect((await storedBodyNotes().nextNoted(hours(28), hours(25), position, 10)).tickets).toEqual([]);
    expect(orphanGraceSeconds).toBeLessThan(26 * 3600);
  });
});
