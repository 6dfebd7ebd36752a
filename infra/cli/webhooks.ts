// `npm run webhooks -- redrive [--stage s]`: sends dead-lettered webhook deliveries again.
// `npm run webhooks -- resend <ticket> [--stage s]`: sends one delivered ticket's webhook again.

import { stageOption, UsageError, useTarget } from '#infra/cli/target.ts';
import { webhooksEnabled } from '#shared/config.ts';
import { isTicketId } from '#shared/domain/ticket.ts';
import { resendWebhook } from '#shared/webhooks/resend.ts';
import { reviveDelivery, reviveNoticeDelivery } from '#shared/webhooks/revive.ts';
import { noticeStore, ticketStore, workQueue } from '#shared/wiring/adapters.ts';

const usage = 'usage: npm run webhooks -- redrive [--stage <stage>] | resend <ticket> [--stage <stage>]';

async function resend(ticketId: string): Promise<string> {
  const ticket = await ticketStore().get(ticketId);
  if (!ticket) throw new Error(`no ticket ${ticketId}`);
  const resent = await resendWebhook({ tickets: ticketStore(), queue: workQueue(), webhooks: { enabled: webhooksEnabled() } }, ticket);
  if ('refused' in resent) throw new Error(`${resent.refused}: ${resent.message}`);
  return resent.webhook_id;
}

try {
  const { args, stage } = stageOption(process.argv.slice(2));
  const [command, ticket, ...rest] = args;
  if (command === 'redrive' && ticket === undefined) {
    const target = await useTarget(stage);
    const moved = await workQueue().reviveDeadLetters((delivery) =>
      'notice' in delivery ? reviveNoticeDelivery(noticeStore(), delivery) : reviveDelivery(ticketStore(), delivery),
    );
    console.log(`${moved} dead-lettered webhook ${moved === 1 ? 'delivery' : 'deliveries'} sent again on ${target}`);
  } else if (command === 'resend' && ticket !== undefined && rest.length === 0) {
    if (!isTicketId(ticket)) throw new UsageError(`not a ticket ID: ${ticket}`);
    const target = await useTarget(stage);
    console.log(`webhook of ${ticket} queued again as ${await resend(ticket)} on ${target}`);
  } else {
    throw new UsageError(usage);
  }
} catch (error) {
  console.error(`webhooks: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
