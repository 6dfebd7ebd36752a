import { describe, expect, it } from 'vitest';
import { readWebhookMessage, webhookMessage } from '#shared/queue/webhook-message.ts';

const webhookId = 'msg_AAAAAAAAAAAAAAAAAAAAAA';

describe('the webhook queue message', () => {
  it("reads back a ticket's and a notice's delivery as written", () => {
    for (const delivery of [
      { ticket: 'tk_AAAAAAAAAAAAAAAAAAAAAA', webhook_id: webhookId },
      { notice: 'ntc_AAAAAAAAAAAAAAAAAAAAAA', webhook_id: webhookId },
    ]) {
      expect(readWebhookMessage(webhookMessage(delivery))).toEqual(delivery);
    }
  });

  it('takes nothing else for a delivery', () => {
    for (const message of [
      { notice: 'tk_AAAAAAAAAAAAAAAAAAAAAA', webhook_id: webhookId },
      { ticket: 'ntc_AAAAAAAAAAAAAAAAAAAAAA', webhook_id: webhookId },
      { notice: 'ntc_AAAAAAAAAAAAAAAAAAAAAA' },
      { notice: 'ntc_AAAAAAAAAAAAAAAAAAAAAA', webhook_id: 'evt_x' },
    ]) {
      expect(readWebhookMessage(JSON.stringify(message))).toBeUndefined();
    }
  });
});
