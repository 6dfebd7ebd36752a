/** One delivery of a ticket's webhook (`ticket.delivered`). */
export interface TicketDelivery {
  ticket: string;
  webhook_id: string;
}

/** One delivery of a notice's webhook (`notice.available`). */
export interface NoticeDelivery {
  notice: string;
  webhook_id: string;
}

export type WebhookDelivery = TicketDelivery | NoticeDelivery;

export interface WorkQueue {
  /** A wake-up only: the ticket in the table says what is to be done. */
  wakeTransmit(ticket: string, delaySeconds?: number): Promise<void>;
  enqueueWebhook(delivery: WebhookDelivery): Promise<void>;
  /** A wake-up only: the mailbox check in its table says what is to be done. */
  wakeMailboxCheck(checkId: string): Promise<void>;
  /** Wake-ups for many tickets, ten to a call (SendMessageBatch); throws when one could not be sent. */
  wakeTransmits(tickets: readonly string[]): Promise<void>;
  /** Webhook deliveries, ten to a call, as `wakeTransmits`. */
  enqueueWebhooks(deliveries: readonly WebhookDelivery[]): Promise<void>;
  /**
   * How many messages each queue holds: waiting, delayed, and received but not yet deleted. SQS
   * counts them approximately and cannot say which ticket a message names.
   */
  messagesHeld(): Promise<{ transmit: number; webhook: number }>;
  /** Parks a delivery that gave up in the webhook dead-letter queue, where an operator can redrive it. */
  deadLetterWebhook(delivery: WebhookDelivery): Promise<void>;
  /**
   * Moves dead-lettered webhook deliveries back to the webhook queue, each one only after
   * `revive` has agreed (and prepared the ticket); returns how many moved.
   */
  reviveDeadLetters(revive: (delivery: WebhookDelivery) => Promise<boolean>): Promise<number>;
}
