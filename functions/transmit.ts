import { webhookConfig, transmitConfig } from '#shared/config.ts';
import { sqsHandler } from '#shared/queue/sqs-handler.ts';
import { readTransmitMessage } from '#shared/queue/transmit-message.ts';
import { taxAuthority } from '#shared/wiring/tax-authority.ts';
import { transmitTicket } from '#shared/transmission/transmit-ticket.ts';
import { protocolStore, submissionStore, ticketStore, workQueue } from '#shared/wiring/adapters.ts';

export const handler = sqsHandler({
  queue: 'transmit',
  control: workQueue,
  read: readTransmitMessage,
  handle: (ticket) =>
    transmitTicket(
      {
        tickets: ticketStore(),
        submissions: submissionStore(),
        protocols: protocolStore(),
        queue: workQueue(),
        authority: taxAuthority(),
        transmit: transmitConfig(),
        webhooks: webhookConfig(),
      },
      ticket,
    ),
});
