import { MetricUnit, type Metrics } from '@aws-lambda-powertools/metrics';
import type { WebhookConfig } from '#shared/config.ts';
import type { Ticket, WebhookState } from '#shared/domain/ticket.ts';
import { logger } from '#shared/logger.ts';
import type { Notifier, NotifyResult } from '#shared/ports/notifier.ts';
import type { EventStore } from '#shared/ports/event-store.ts';
import { webhookAttemptFailed } from '#shared/domain/event.ts';
import type { ProtocolStore } from '#shared/ports/protocol-store.ts';
import type { TicketStore } from '#shared/ports/ticket-store.ts';
import type { WebhookAttemptStore } from '#shared/ports/webhook-attempts.ts';
import type { NoticeDelivery, WebhookDelivery, WorkQueue } from '#shared/ports/work-queue.ts';
import type { NoticeStore } from '#shared/ports/notice-store.ts';
import { noticeWebhookBody } from '#shared/notices/views.ts';
import { backoffSeconds, retryAfterSeconds } from '#shared/webhooks/backoff.ts';
import { webhookOutcome } from '#shared/metric-names.ts';
import { recordAttempt, receiverHost } from '#shared/webhooks/attempts.ts';
import { signWebhook } from '#shared/webhooks/signature.ts';

export interface DeliverDeps {
  tickets: TicketStore;
  notices: Pick<NoticeStore, 'get' | 'updateWebhook'>;
  protocols: ProtocolStore;
  notifier: Notifier;
  attempts: WebhookAttemptStore;
  queue: WorkQueue;
  webhooks: WebhookConfig;
  signingKeys: () => Promise<Buffer[]>;
  /** Where a failed attempt is told to the ticket's client. */
  events?: Pick<EventStore, 'record'>;
  metrics?: Pick<Metrics, 'addMetric'>;
  now?: () => Date;
  random?: () => number;
}

/** The webhook body of the OpenAPI document and docs/guides/webhooks.md: everything a receiver needs, the PDF included. */
export function webhookBody(ticket: Ticket, pdf: Uint8Array): string {
  return JSON.stringify({
    ticket: ticket.ticket,
    transfer_ticket: ticket.transfer_ticket,
    file_name: ticket.file_name,
    file_content: Buffer.from(pdf).toString('base64'),
    store: true,
    kind: ticket.kind,
    ...(ticket.type && { type: ticket.type }),
    test: ticket.test,
    client_reference: ticket.client_reference,
    ...(ticket.certificate_id && { certificate_id: ticket.certificate_id }),
    delivered_at: ticket.delivered_at,
  });
}

type Outcome = 'delivered' | 'retry' | 'gone' | 'exhausted';

/**
 * What should happen next with a delivery's message: none but `retry` is asked for again.
 * `superseded`: the delivery is no longer the ticket's current one (or webhooks are off).
 */
export type DeliveryResult = { outcome: Exclude<Outcome, 'retry'> | 'superseded' } | { outcome: 'retry'; afterSeconds: number };

/**
 * One attempt of one delivery. The queue message names only the ticket (or notice) and the delivery;
 * the PDF is read now, so no message size ever limits it. A message for a superseded or finished
 * delivery is dropped.
 */
export async function deliverWebhook(deps: DeliverDeps, delivery: WebhookDelivery): Promise<DeliveryResult> {
  if (!deps.webhooks.enabled) return { outcome: 'superseded' };
  if ('notice' in delivery) return deliverNoticeWebhook(deps, delivery);
  const ticket = await deps.tickets.get(delivery.ticket);
  const webhook = ticket?.webhook;
  if (ticket?.status !== 'delivered' || !ticket.file_name || webhook?.status !== 'pending' || webhook.webhook_id !== delivery.webhook_id) {
    return { outcome: 'superseded' };
  }
  const pdf = await deps.protocols.get(ticket.ticket, ticket.file_name);
  if (!pdf) throw new Error('protocol missing for a delivered ticket');

  const sent = await sendAttempt(deps, delivery.webhook_id, webhookBody(ticket, pdf), webhook.attempts, { ticket: ticket.ticket });
  const { attempted, outcome, result } = sent;
  await recordAttempt(deps.attempts, ticket, {
    webhook_id: delivery.webhook_id,
    attempt: attempted.attempts,
    attempted_at: sent.startedAt.toISOString(),
    host: receiverHost(deps.webhooks.uri),
    ...(result.status !== undefined && { response_status: result.status }),
    ...(result.error && { error: result.error }),
    duration_ms: sent.durationMs,
    outcome,
    ...(attempted.next_attempt_at && { next_attempt_at: attempted.next_attempt_at }),
    ...(result.excerpt && { response_excerpt: result.excerpt }),
  });

  // Told before it is recorded: the attempt was made, whichever of two attempts at once records its outcome.
  if (outcome !== 'delivered') {
    const { next_attempt_at } = attempted;
    const attempt = { webhook_id: delivery.webhook_id, attempt: attempted.attempts, at: attempted.last_attempt_at!, next_attempt_at };
    await deps.events?.record(webhookAttemptFailed(ticket, { ...attempt, response_status: result.status, error: result.error }));
  }
  return settle(deps, delivery, sent, () => deps.tickets.updateWebhook(ticket.ticket, delivery.webhook_id, attempted, webhook.attempts));
}

/** A notice's `notice.available`: the same attempts, signatures and backoff; its state kept on the notice. */
async function deliverNoticeWebhook(deps: DeliverDeps, delivery: NoticeDelivery): Promise<DeliveryResult> {
  const notice = await deps.notices.get(delivery.notice);
  const webhook = notice?.webhook;
  if (!notice || webhook?.status !== 'pending' || webhook.webhook_id !== delivery.webhook_id) return { outcome: 'superseded' };
  const sent = await sendAttempt(deps, delivery.webhook_id, noticeWebhookBody(notice), webhook.attempts, { notice: notice.notice_id });
  return settle(deps, delivery, sent, () => deps.notices.updateWebhook(notice.notice_id, delivery.webhook_id, sent.attempted, webhook.attempts));
}

interface Sent {
  result: NotifyResult;
  outcome: Outcome;
  attempted: WebhookState;
  delay: number;
  startedAt: Date;
  durationMs: number;
}

/** Sends one signed attempt and says what follows from its answer: the state to record and any retry's delay. */
async function sendAttempt(deps: DeliverDeps, webhookId: string, body: string, previousAttempts: number, about: Record<string, string>): Promise<Sent> {
  const now = deps.now ?? (() => new Date());
  const timestamp = Math.floor(now().getTime() / 1000);
  const keys = await deps.signingKeys();
  const startedAt = now();
  const result = await deps.notifier.notify({
    url: deps.webhooks.uri,
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': webhookId,
      'webhook-timestamp': String(timestamp),
      ...(keys.length && { 'webhook-signature': signWebhook(keys, webhookId, timestamp, body) }),
    },
    timeoutMs: deps.webhooks.timeoutMs,
  });

  const attempts = previousAttempts + 1;
  const answeredAt = now();
  const outcome = classify(result, attempts, deps.webhooks.maxAttempts);
  const delay = outcome === 'retry' ? delaySeconds(result, attempts, deps, answeredAt) : 0;
  const attempted: WebhookState = {
    status: outcome === 'delivered' ? 'delivered' : outcome === 'retry' ? 'pending' : 'failed',
    attempts,
    webhook_id: webhookId,
    last_attempt_at: answeredAt.toISOString(),
    last_response_status: result.status,
    ...(outcome === 'retry' && { next_attempt_at: new Date(answeredAt.getTime() + delay * 1000).toISOString() }),
    ...(outcome === 'gone' && { failure_reason: 'GONE' }),
    ...(outcome === 'exhausted' && { failure_reason: 'MAX_ATTEMPTS' }),
  };
  logger.info('webhook attempt', {
    ...about,
    webhook_id: webhookId,
    attempt: attempts,
    response_status: result.status,
    error: result.error,
    outcome,
    retry_in_seconds: outcome === 'retry' ? delay : undefined,
  });
  deps.metrics?.addMetric(webhookOutcome(outcome), MetricUnit.Count, 1);
  return { result, outcome, attempted, delay, startedAt, durationMs: answeredAt.getTime() - startedAt.getTime() };
}

/** Parks an exhausted delivery, then records the attempt's state where `record` keeps it. */
async function settle(deps: DeliverDeps, delivery: WebhookDelivery, sent: Sent, record: () => Promise<unknown>): Promise<DeliveryResult> {
  // Parked before it is marked failed: a crash in between leaves a delivery to retry, never one lost.
  if (sent.outcome === 'exhausted') await deps.queue.deadLetterWebhook(delivery);
  // Another attempt of this delivery recorded its outcome first: look again at once, which drops a
  // delivery that attempt delivered and otherwise goes on from what it recorded.
  if (!(await record())) return { outcome: 'retry', afterSeconds: 0 };
  return sent.outcome === 'retry' ? { outcome: 'retry', afterSeconds: sent.delay } : { outcome: sent.outcome };
}

function classify(result: NotifyResult, attempts: number, maxAttempts: number): Outcome {
  const status = result.status;
  if (status !== undefined && status >= 200 && status < 300) return 'delivered';
  // 410 Gone is the receiver saying it will never take this: asking again would only hammer it.
  if (status === 410) return 'gone';
  return attempts >= maxAttempts ? 'exhausted' : 'retry';
}

function delaySeconds(result: NotifyResult, attempts: number, deps: DeliverDeps, now: Date): number {
  const scale = deps.webhooks.backoffScale;
  const asked = result.status === 429 || result.status === 503 ? retryAfterSeconds(result.retryAfter, now, scale) : undefined;
  return asked ?? backoffSeconds(attempts, scale, deps.random);
}
