// `npm run tickets -- reindex [--stage s]`: gives tickets written before the tickets table had its
// indexes the attributes that put them there, so the re-drive and the sweep find them. Run once on a
// stage deployed before, right after deploying; running it again changes nothing.

import { stageOption, UsageError, useTarget } from '#infra/cli/target.ts';
import { ticketStore } from '#shared/wiring/adapters.ts';

const usage = 'usage: npm run tickets -- reindex [--stage <stage>]';

try {
  const { args, stage } = stageOption(process.argv.slice(2));
  if (args.length !== 1 || args[0] !== 'reindex') throw new UsageError(usage);
  const target = await useTarget(stage);
  const changed = await ticketStore().reindex();
  console.log(`${changed} ${changed === 1 ? 'ticket' : 'tickets'} reindexed on ${target}`);
} catch (error) {
  console.error(`tickets: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
