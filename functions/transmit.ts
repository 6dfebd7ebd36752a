import type { Context, SQSEvent } from 'aws-lambda';
import { taxAuthorityName, webhookConfig, transmitConfig } from '#shared/config.ts';
import { flushMetrics, metrics } from '#shared/metrics.ts';
import { sqsHandler } from '#shared/queue/sqs-handler.ts';
import { readTransmitMessage } from '#shared/queue/transmit-message.ts';
import { taxAuthority } from '#shared/wiring/tax-authority.ts';
import { transmitTicket } from '#shared/transmission/transmit-ticket.ts';
import { certificateStore, keyWrapper, protocolStore, filingStore, ticketStore, workQueue } from '#shared/wiring/adapters.ts';

const processBatch = sqsHandler({
  queue: 'transmit',
  control: workQueue,
  read: readTransmitMessage,
  metrics,
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

export const handler = async (event: SQSEvent, context: Context) => {
  try {
    return await processBatch(event, context);
  } finally {
    flushMetrics();
  }
};
