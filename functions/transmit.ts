import type { SQSRecord } from 'aws-lambda';
import { webhookConfig, transmitConfig } from '#shared/config.ts';
import { sqsHandler } from '#shared/queue/sqs-handler.ts';
import { taxAuthority } from '#shared/wiring/tax-authority.ts';
import { transmitTicket } from '#shared/transmission/transmit-ticket.ts';
import { protocolStore, submissionStore, ticketStore, workQueue } from '#shared/wiring/adapters.ts';

const parse = (record: SQSRecord) => String((JSON.parse(record.body) as { ticket?: unknown }).ticket);

export const handler = sqsHandler(parse, (ticket) =>
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
);
