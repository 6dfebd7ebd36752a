import { describe, expect, it } from 'vitest';
import { newTicketId, newWebhookId } from '#shared/domain/ticket.ts';
import { readWebhookMessage, webhookMessage } from '#shared/queue/webhook-message.ts';

const delivery = { ticket: newTicketId(), webhook_id: newWebhookId() };

describe('the webhook message', () => {
  it('reads back the delivery it was written for, and only its two fields', () => {
    expect(readWebhookMessage(webhookMessage(delivery))).toEqual(delivery);
    expect(readWebhookMessage(JSON.stringify({ ...delivery, extra: true }))).toEqual(delivery);
  });

  it.each([
    '',
    'not json',
    'null',
    '[]',
    JSON.stringify({ ticket: delivery.ticket }),
    JSON.stringify({ ...delivery, webhook_id: 7 }),
    JSON.stringify({ ...delivery, ticket: '' }),
    JSON.stringify({ ...delivery, webhook_id: 'msg_1' }),
  ])('is not read from %j', (body) => expect(readWebhookMessage(body)).toBeUndefined());
});
