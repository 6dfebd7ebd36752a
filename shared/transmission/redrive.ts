import { isTerminal, whileWorking, type Ticket } from '#shared/domain/ticket.ts';
import type { RedriveConfig } from '#shared/config.ts';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from '#shared/logger.ts';
import { metricNames } from '#shared/metric-names.ts';
import type { MetricSink } from '#shared/metrics.ts';
import { countEnd } from '#shared/transmission/count-end.ts';
import { recordsOwed } from '#shared/transmission/records.ts';
import { workThrough, type StopAt } from '#shared/time-budget.ts';
import type { TicketStore } from '#shared/ports/ticket-store.ts';
import type { WebhookDelivery, WorkQueue } from '#shared/ports/work-queue.ts';

export interface RedriveDeps {
  tickets: TicketStore;
  queue: WorkQueue;
  /** Whether the tax authority in use tolerates a transmission being sent again. */
  resendIsSafe: boolean;
  grace: RedriveConfig;
  metrics?: MetricSink;
  /** Publishes what `metrics` holds so far: a run cut short has reported its figures all the same. */
  publishMetrics?: () => void;
  /** When to stop taking on work (time-budget.ts); the next run takes up the rest. */
  stopAt?: StopAt;
  now?: () => Date;
}

export interface RedriveCounts {
  transmits: number;
  uncertain: number;
  webhooks: number;
  /** Finished tickets whose events were still owed, a crash having come between a change and its event. */
  events: number;
  /** Overdue work left to a message the queues may still hold for it. */
  heldBack: number;
  /** Stopped for time before it was done. */
  stopped: boolean;
}

/** Messages to a SendMessageBatch, and such batches sent at once. */
const batchSize = 10;
const sendingAtOnce = 4;

/** Owed work the re-drive may have to wake, by when it was due. */
interface Overdue<T> {
  due: number;
  item: T;
  queued?: true;
}

/**
 * Wakes the work the table says is owed: the queue is only a wake-up, so anything lost there is
 * found here. It runs on a schedule beside live workers, so it leaves alone what the queue will
 * still bring: a queued ticket or a pending webhook until its wake-up or attempt is overdue by the
 * grace period, a lease until it lapses. What it sends twice all the same is harmless: a claim is
 * conditional, and a webhook keeps its webhook-id, on which receivers deduplicate.
 *
 * During a backlog every waiting ticket is overdue while its wake-up still waits in the queue, so
 * overdue alone does not say lost. SQS cannot be asked whether it holds a given ticket's message,
 * only how many it holds: each queued ticket (and each accepted one whose records are owed, see
 * records.ts) is owed one wake-up, each pending webhook one message, so as long as a queue holds at
 * least as many messages as are owed, every one of them may still have its own, and none is woken.
 * When it holds fewer, at least the difference were lost, and that many of the longest overdue are
 * woken: a wrong pick costs one wake-up too many, which the claim shrugs off, and the counts agree
 * again as the queue drains. A time by which each ticket's wake-up must have been taken would have
 * to allow for the queue's retention, four days, before finding a wake-up lost after a crash.
 *
 * It reads the whole index of owed work first and records its figures before it sends anything, and
 * sends in batches of ten until `stopAt`; what is left is found again by the next run.
 *
 * `leasesExpired` is for a local restart: every earlier worker is gone, and with them the in-memory
 * queue, so no wake-up and no postponed webhook is on its way any more and all of it is woken at once.
 */
export async function redrive(deps: RedriveDeps, options: { leasesExpired?: boolean } = {}): Promise<RedriveCounts> {
  const now = (deps.now ?? (() => new Date()))();
  const overdue = (due: string | undefined, graceSeconds: number) =>
    options.leasesExpired || due === undefined || Date.parse(due) + graceSeconds * 1000 < now.getTime();
  const counts: RedriveCounts = { transmits: 0, uncertain: 0, webhooks: 0, events: 0, heldBack: 0, stopped: false };

  // What the index says is owed, read whole before anything is sent.
  let queued = 0;
  let oldestQueued = now.getTime();
  let pendingWebhooks = 0;
  // Workers holding a ticket each hold its message too, which the queue counts until they are done.
  let inHand = 0;
  const wakeUps: Overdue<string>[] = [];
  let recordsDue = 0;
  const webhooks: Overdue<WebhookDelivery>[] = [];
  const lapsed: Pick<Ticket, 'ticket' | 'lease_until'>[] = [];
  const unlapsed: Pick<Ticket, 'ticket' | 'lease_until'>[] = [];
  const untold: string[] = [];
  for await (const ticket of deps.tickets.owed()) {
    // A finished ticket's events are written right after its change: still noted past the grace, a crash came between.
    if (isTerminal(ticket.status) && ticket.events_owed && overdue(ticket.updated_at, deps.grace.queuedGraceSeconds)) untold.push(ticket.ticket);
    if (ticket.status === 'queued') {
      queued++;
      oldestQueued = Math.min(oldestQueued, Date.parse(ticket.created_at));
      // Without a due time nothing is known to be on its way; a wake-up too many is harmless, one too few is not.
      const due = ticket.next_wake_at ?? ticket.updated_at;
      if (overdue(due, deps.grace.queuedGraceSeconds)) wakeUps.push({ due: Date.parse(due), item: ticket.ticket, queued: true });
    } else if (ticket.status === 'processing' && ticket.lease_until && (options.leasesExpired || ticket.lease_until < now.toISOString())) {
      // Sent and accepted, only its records owed: a wake-up has transmit write them, and never send again.
      if (recordsOwed(ticket)) {
        recordsDue++;
        wakeUps.push({ due: Date.parse(ticket.lease_until), item: ticket.ticket });
        // A wake-up writes them only once the lease has lapsed: after a restart it is ended here.
        if (ticket.lease_until >= now.toISOString()) unlapsed.push({ ticket: ticket.ticket, lease_until: ticket.lease_until });
      } else lapsed.push({ ticket: ticket.ticket, lease_until: ticket.lease_until });
    } else if (ticket.status === 'processing') {
      inHand++;
    } else if (ticket.status === 'delivered' && ticket.webhook.status === 'pending' && ticket.webhook.webhook_id) {
      pendingWebhooks++;
      // A first attempt is due when the ticket was delivered, or when a re-run queued it (next_attempt_at).
      const due = ticket.webhook.next_attempt_at ?? ticket.delivered_at;
      if (overdue(due, deps.grace.webhookGraceSeconds)) {
        webhooks.push({ due: Date.parse(due ?? ticket.updated_at), item: { ticket: ticket.ticket, webhook_id: ticket.webhook.webhook_id } });
      }
    }
  }
  // Recorded on every run, 0 without a queued ticket, so an alarm on it also sees the re-drive run.
  deps.metrics?.addMetric(metricNames.oldestQueuedTicketAge, MetricUnit.Seconds, Math.round((now.getTime() - oldestQueued) / 1000));
  deps.metrics?.addMetric(metricNames.queuedTickets, MetricUnit.Count, queued);
  deps.publishMetrics?.();

  // After a restart the queues are new and empty: everything owed is woken.
  const inQueue = options.leasesExpired ? { transmit: 0, webhook: 0 } : await deps.queue.messagesHeld();
  const toWake = longestOverdue(wakeUps, queued + recordsDue - Math.max(0, inQueue.transmit - inHand));
  const toNotify = longestOverdue(webhooks, pendingWebhooks - inQueue.webhook);
  counts.heldBack = wakeUps.length - toWake.length + webhooks.length - toNotify.length;

  // A lapsed lease: its worker is gone. Moved first, so that its wake-up goes out with the others.
  const released: string[] = [];
  const tookOver = await workThrough(lapsed, { concurrency: sendingAtOnce, stopAt: deps.stopAt }, async (ticket) => {
    const moved = await takeOver(deps, ticket, now);
    if (moved === 'released') released.push(ticket.ticket);
    if (moved === 'uncertain') counts.uncertain++;
  });
  const ended = new Date(now.getTime() - 1).toISOString();
  const endedLeases = await workThrough(unlapsed, { concurrency: sendingAtOnce, stopAt: deps.stopAt }, async ({ ticket, lease_until }) => {
    await deps.tickets.transition(ticket, { status: 'processing', lease_until }, { lease_until: ended });
  });
  // A queued ticket woken here is due from now on: the next run, should its wake-up still wait, picks
  // others before it. A ticket released here is due from now already, as is one found again only by
  // the next run once the time is up.
  const marked = new Set(options.leasesExpired ? [] : wakeUps.filter((wake) => wake.queued).map((wake) => wake.item));
  const woken = await send(
    deps.stopAt,
    [...released, ...toWake],
    async (batch) => {
      await deps.queue.wakeTransmits(batch);
      const at = now.toISOString();
      await Promise.all(
        batch.filter((ticket) => marked.has(ticket)).map((ticket) => deps.tickets.transition(ticket, { status: 'queued' }, { next_wake_at: at })),
      );
    },
    (n) => (counts.transmits += n),
  );
  const notified =
    woken &&
    (await send(
      deps.stopAt,
      toNotify,
      (batch) => deps.queue.enqueueWebhooks(batch),
      (n) => (counts.webhooks += n),
    ));
  const told =
    notified &&
    (await workThrough(untold, { concurrency: sendingAtOnce, stopAt: deps.stopAt }, async (ticket) => {
      await deps.tickets.tellOwedEvents(ticket);
      counts.events++;
    }));
  counts.stopped = !tookOver || !endedLeases || !notified || !told;

  if (counts.transmits || counts.uncertain || counts.webhooks || counts.events || counts.heldBack || counts.stopped)
    logger.info('re-drive', { ...counts, queued });
  return counts;
}

/** The `count` that have been due the longest. */
function longestOverdue<T>(overdue: Overdue<T>[], count: number): T[] {
  return overdue
    .sort((a, b) => a.due - b.due)
    .slice(0, Math.max(0, count))
    .map(({ item }) => item);
}

/** Sends `items` in batches, a few at once, until `stopAt`; whether all were sent. */
async function send<T>(stopAt: StopAt, items: T[], sendBatch: (batch: T[]) => Promise<void>, sent: (count: number) => void): Promise<boolean> {
  const batches = Array.from({ length: Math.ceil(items.length / batchSize) }, (_, i) => items.slice(i * batchSize, (i + 1) * batchSize));
  return workThrough(batches, { concurrency: sendingAtOnce, stopAt }, async (batch) => {
    await sendBatch(batch);
    sent(batch.length);
  });
}

/**
 * Takes over a ticket whose worker's lease lapsed: back to `queued` where resending is safe, or
 * `failed` as uncertain where it is not. Nothing when the ticket moved since it was read.
 */
async function takeOver(deps: RedriveDeps, ticket: Pick<Ticket, 'ticket' | 'lease_until'>, now: Date): Promise<'released' | 'uncertain' | undefined> {
  const held = { status: 'processing' as const, lease_until: ticket.lease_until };
  if (deps.resendIsSafe) {
    const released = await deps.tickets.transition(ticket.ticket, held, { status: 'queued', updated_at: now.toISOString() }, ['lease_until']);
    return released && 'released';
  }
  // The data may already be with the tax authority: sending again could file the return twice.
  const failed = await deps.tickets.transition(
    ticket.ticket,
    held,
    {
      status: 'failed',
      updated_at: now.toISOString(),
      error: {
        code: 'TRANSMISSION_UNCERTAIN',
        message: 'The transmission was interrupted and may have reached the tax authority; reconcile before resubmitting',
        details: [],
      },
    },
    whileWorking,
  );
  if (!failed) return undefined;
  if (deps.metrics) countEnd(deps.metrics, 'failed', 'TRANSMISSION_UNCERTAIN');
  return 'uncertain';
}
