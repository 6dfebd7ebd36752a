import { logger } from '#shared/logger.ts';
import type { TicketStore, WorkQueue } from '#shared/ports.ts';

export interface RedriveDeps {
  tickets: TicketStore;
  queue: WorkQueue;
  /** Whether the tax authority in use tolerates a transmission being sent again. */
  resendIsSafe: boolean;
  now?: () => Date;
}

export interface RedriveCounts {
  transmits: number;
  uncertain: number;
  webhooks: number;
}

/**
 * Wakes the work the table says is owed: the queue is only a wake-up, so anything lost there is
 * found here. `leasesExpired` is for a restart, when every earlier worker is known to be gone.
 */
export async function redrive(deps: RedriveDeps, options: { leasesExpired?: boolean } = {}): Promise<RedriveCounts> {
  const now = (deps.now ?? (() => new Date()))();
  const counts: RedriveCounts = { transmits: 0, uncertain: 0, webhooks: 0 };
  for await (const ticket of deps.tickets.unfinished()) {
    if (ticket.status === 'queued') {
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
        const failed = await deps.tickets.transition(ticket.ticket, held, {
          status: 'failed',
          updated_at: now.toISOString(),
          error: {
            code: 'TRANSMISSION_UNCERTAIN',
            message: 'The transmission was interrupted and may have reached the tax authority; reconcile before resubmitting',
            details: [],
          },
        }, ['lease_until']);
        if (failed) counts.uncertain++;
      }
    } else if (ticket.status === 'delivered' && ticket.webhook.status === 'pending' && ticket.webhook.webhook_id) {
      await deps.queue.enqueueWebhook({ ticket: ticket.ticket, webhook_id: ticket.webhook.webhook_id });
      counts.webhooks++;
    }
  }
  if (counts.transmits || counts.uncertain || counts.webhooks) logger.info('re-drive', { ...counts });
  return counts;
}
