// `npm run webhooks -- redrive [--stage s]`: sends dead-lettered webhook deliveries again.

import { stageOption, useTarget } from '#infra/cli/target.ts';
import { reviveDelivery } from '#shared/webhooks/revive.ts';
import { ticketStore, workQueue } from '#shared/wiring/adapters.ts';

const usage = 'usage: npm run webhooks -- redrive [--stage <stage>]';

try {
  const { args, stage } = stageOption(process.argv.slice(2));
  if (args[0] !== 'redrive' || args.length > 1) throw new Error(usage);
  const target = await useTarget(stage);
  const moved = await workQueue().reviveDeadLetters((delivery) => reviveDelivery(ticketStore(), delivery));
  console.log(`${moved} dead-lettered webhook ${moved === 1 ? 'delivery' : 'deliveries'} sent again on ${target}`);
} catch (error) {
  console.error(`webhooks: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
