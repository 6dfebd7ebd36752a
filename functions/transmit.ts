import { taxAuthorityName, webhookConfig, transmitConfig } from '#shared/config.ts';
import { metrics } from '#shared/metrics.ts';
import { readTransmitMessage } from '#shared/queue/transmit-message.ts';
import { taxAuthority } from '#shared/wiring/tax-authority.ts';
import { transmitTicket } from '#shared/transmission/transmit-ticket.ts';
import { certificateStore, keyWrapper, protocolStore, filingStore, ticketStore, workQueue } from '#shared/wiring/adapters.ts';
import { queueConsumer } from '#shared/wiring/queue-consumer.ts';

export const handler = queueConsumer({
  queue: 'transmit',
  read: readTransmitMessage,
  // ERiC runs one call at a time: handled in turn, each ticket is claimed only as its send starts,
  // rather than all of a batch at once to wait behind each other (shared/manifest.ts).
  oneAtATime: () => taxAuthorityName() === 'eric',
  handle: async (ticket) =>
    transmitTicket(
      {
        tickets: ticketStore(),
        certificates: { store: certificateStore(), wrapper: keyWrapper() },
        filings: filingStore(),
        protocols: await protocolStore(),
        queue: workQueue(),
        authority: taxAuthority(),
        transmit: transmitConfig(),
        webhooks: webhookConfig(),
        metrics: metrics(),
      },
      ticket,
    ),
});
