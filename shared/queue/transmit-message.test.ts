import { describe, expect, it } from 'vitest';
import { newTicketId } from '#shared/domain/ticket.ts';
import { readTransmitMessage, transmitMessage } from '#shared/queue/transmit-message.ts';

describe('the transmit message', () => {
  it('reads back the ticket it was written for', () => {
    const ticket = newTicketId();
    expect(readTransmitMessage(transmitMessage(ticket))).toBe(ticket);
  });

  it.each(['', 'not json', 'null', '[]', '{}', '{"ticket":7}', '{"ticket":""}', '{"ticket":"undefined"}', '{"ticket":"tk_short"}'])(
    'is not read from %j',
    (body) => expect(readTransmitMessage(body)).toBeUndefined(),
  );
});
