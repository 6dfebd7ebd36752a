import type { HookConfig } from '#shared/config.ts';
import type { Ticket } from '#shared/domain/ticket.ts';
import { logger } from '#shared/logger.ts';
import type { Notifier, ProtocolStore, TicketStore, WebhookDelivery } from '#shared/ports.ts';

export interface DeliverDeps {
  tickets: TicketStore;
  protocols: ProtocolStore;
  notifier: Notifier;
  hook: HookConfig;
  now?: () => Date;
}

/** Thrown so the queue delivers the message again later. */
export class DeliveryFailed extends Error {
  override name = 'DeliveryFailed';
}

/** The contract's webhook body (§6): everything a receiver needs, the PDF included. */
export function webhookBody(ticket: Ticket, pdf: Uint8Array): string {
  return JSON.stringify({
    ticket: ticket.ticket,
    transfer_ticket: ticket.transfer_ticket,
    file_name: ticket.file_name,
    file_content: Buffer.from(pdf).toString('base64'),
    store: true,
    kind: ticket.kind,
    test: ticket.test,
    client_reference: ticket.client_reference,
    delivered_at: ticket.delivered_at,
  });
}

/** One attempt of one delivery. A message for a superseded or finished delivery is dropped. */
export async function deliverWebhook(deps: DeliverDeps, delivery: WebhookDelivery): Promise<void> {
  if (!deps.hook.enabled) return;
  const now = deps.now ?? (() => new Date());
  const ticket = await deps.tickets.get(delivery.ticket);
  const webhook = ticket?.webhook;
  if (!ticket || ticket.status !== 'delivered' || !ticket.file_name || webhook?.status !== 'pending' || webhook.webhook_id !== delivery.webhook_id) {
    return;
  }
  const pdf = await deps.protocols.get(ticket.ticket, ticket.file_name);
  if (!pdf) throw new Error('protocol missing for a delivered ticket');

  const timestamp = Math.floor(now().getTime() / 1000);
  const result = await deps.notifier.notify({
    url: deps.hook.uri,
    body: webhookBody(ticket, pdf),
    headers: {
      'content-type': 'application/json',
      'webhook-id': delivery.webhook_id,
      'webhook-timestamp': String(timestamp),
    },
    timeoutMs: deps.hook.timeoutMs,
  });
  const ok = result.status !== undefined && result.status >= 200 && result.status < 300;
  const attempts = webhook.attempts + 1;
  const status = ok ? 'delivered' : attempts >= deps.hook.maxAttempts ? 'failed' : 'pending';
  await deps.tickets.updateWebhook(ticket.ticket, delivery.webhook_id, {
    status,
    attempts,
    webhook_id: delivery.webhook_id,
    last_attempt_at: now().toISOString(),
    last_response_status: result.status,
  });
  logger.info('webhook attempt', { ticket: ticket.ticket, webhook_id: delivery.webhook_id, attempt: attempts, response_status: result.status, error: result.error, outcome: status });
  if (status === 'pending') throw new DeliveryFailed(`webhook attempt ${attempts} failed (${result.status ?? result.error})`);
}
