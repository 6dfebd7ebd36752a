// The transmit queue's message: a wake-up naming one ticket; the ticket in the table says what is
// to be done. Written by the SQS work queue, read by the transmit function.
import { isTicketId } from '#shared/domain/ticket.ts';
import { jsonObject } from '#shared/queue/json-object.ts';

export const transmitMessage = (ticket: string): string => JSON.stringify({ ticket });

/** The ticket a wake-up names, or undefined for a body that is not one. */
export function readTransmitMessage(body: string): string | undefined {
  const ticket = jsonObject(body)?.ticket;
  return typeof ticket === 'string' && isTicketId(ticket) ? ticket : undefined;
}
