// `npm run tickets -- reindex [--stage s]`: gives tickets written before the tickets table had its
// indexes the attributes that put them there, so the re-drive, the sweep and the check before a
// certificate is deleted find them. Run once on a stage deployed before, right after deploying;
// running it again changes nothing.
//
// `npm run tickets -- verify-object-lock [--stage s]`: whether the bucket has S3 Object Lock on, so
// that a live filing's records are locked as they are written; transmit sends no live filing while it
// is off. Exits 1 when it is off (docs/operations/object-lock-on-an-existing-bucket.md).

import { stageOption, UsageError, useTarget } from '#infra/cli/target.ts';
import { bucketName } from '#shared/config.ts';
import { protocolStore, ticketStore } from '#shared/wiring/adapters.ts';

const usage = 'usage: npm run tickets -- reindex | verify-object-lock [--stage <stage>]';

try {
  const { args, stage } = stageOption(process.argv.slice(2));
  if (args.length !== 1 || (args[0] !== 'reindex' && args[0] !== 'verify-object-lock')) throw new UsageError(usage);
  const target = await useTarget(stage);
  if (args[0] === 'reindex') {
    const changed = await ticketStore().reindex();
    console.log(`${changed} ${changed === 1 ? 'ticket' : 'tickets'} reindexed on ${target}`);
  } else if (await (await protocolStore()).locksFiles()) {
    console.log(`S3 Object Lock is on for bucket ${bucketName()} on ${target}: live filings' records are locked as they are written`);
  } else {
    console.log(
      `S3 Object Lock is off for bucket ${bucketName()} on ${target}: live filings are not sent until it is on ` +
        '(docs/operations/object-lock-on-an-existing-bucket.md)',
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`tickets: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
