import { whileWorking } from '#shared/domain/ticket.ts';
import type { RedriveConfig } from '#shared/config.ts';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from '#shared/logger.ts';
import { metricNames } from '#shared/metric-names.ts';
import type { MetricSink } from '#shared/metrics.ts';
import { countEnd } from '#shared/transmission/count-end.ts';
import type { TicketStore, WorkQueue } from '#shared/ports.ts';

export interface RedriveDeps {
  tickets: TicketStore;
  queue: WorkQueue;
  /** Whether the tax authority in use tolerates a transmission being sent again. */
  resendIsSafe: boolean;
  grace: RedriveConfig;
  metrics?: MetricSink;
  now?: () => Date;
}

export interface RedriveCounts {
  transmits: number;
  uncertain: number;
  webhooks: number;
}

/**
 * Wakes the work the table says is owed: the queue is only a wake-up, so anything lost there is
 * found here. It runs on a schedule beside live workers, so it leaves alone what the queue will
 * still bring: a queued ticket or a pending webhook until its wake-up or attempt is overdue by the
 * grace period, a lease until it lapses. What it sends twice all the same is harmless: a claim is
 * conditional, and a webhook keeps its webhook-id, on which receivers deduplicate.
 *
 * `leasesExpired` is for a local restart: every earlier worker is gone, and with them the in-memory
 * queue, so no wake-up and no postponed webhook is on its way any more and all of it is woken at once.
 */
export async function redrive(deps: RedriveDeps, options: { leasesExpired?: boolean } = {}): Promise<RedriveCounts> {
  const now = (deps.now ?? (() => new Date()))();
  // Without a due time nothing is known to be on its way; a wake-up too many is harmless, one too few is not.
  const overdue = (due: string | undefined, graceSeconds: number) =>
    options.leasesExpired || due === undefined || Date.parse(due) + graceSeconds * 1000 < now.getTime();
  const counts: RedriveCounts = { transmits: 0, uncertain: 0, webhooks: 0 };
  let oldestQueued = now.getTime();
  for await (const ticket of deps.tickets.owed()) {
    if (ticket.status === 'queued') oldestQueued = Math.min(oldestQueued, Date.parse(ticket.created_at));
    if (ticket.status === 'queued' && overdue(ticket.next_wake_at ?? ticket.updated_at, deps.grace.queuedGraceSeconds)) {
      await deps.queue.wakeTransmit(ticket.ticket);
      counts.transmits++;
    } else if (ticket.status === 'processing' && ticket.lease_until && (options.leasesExpired || ticket.lease_until < now.toISOString())) {
      const held = { status: 'processing' as const, lease_until: ticket.lease_until };
      if (deps.resendIsSafe) {
        const released = await deps.tickets.transition(ticket.ticket, held, { status: 'queued', updated_at: now.toISOString() }, ['lease_until']);
        if (released) {
          await deps.queue.wakeTransmit(ticket.ticket);
          counts.transmits++;
        }
      } else {
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
        if (failed) {
          counts.uncertain++;
          if (deps.metrics) countEnd(deps.metrics, 'failed', 'TRANSMISSION_UNCERTAIN');
        }
      }
    } else if (
      ticket.status === 'delivered' &&
      ticket.webhook.status === 'pending' &&
      ticket.webhook.webhook_id &&
      // A first attempt is due when the ticket was delivered, or when a re-run queued it (next_attempt_at).
      overdue(ticket.webhook.next_attempt_at ?? ticket.delivered_at, deps.grace.webhookGraceSeconds)
    ) {
      await deps.queue.enqueueWebhook({ ticket: ticket.ticket, webhook_id: ticket.webhook.webhook_id });
      counts.webhooks++;
    }
  }
  if (counts.transmits || counts.uncertain || counts.webhooks) logger.info('re-drive', { ...counts });
  // Recorded on every run, 0 without a queued ticket, so an alarm on it also sees the re-drive run.
  deps.metrics?.addMetric(metricNames.oldestQueuedTicketAge, MetricUnit.Seconds, Math.round((now.getTime() - oldestQueued) / 1000));
  return counts;
}
