// `npm run keys -- create <client_id> | revoke <key_id> | list [--stage s]`: manages the API keys in
// the key table of the local runtime or a deployed stage. The table keeps only each key's hash, so
// `create` is the one moment the key itself can be shown.

import { stageOption, UsageError, useTarget } from '#infra/cli/target.ts';
import { clientIdPattern, keyIdPattern, newApiKey } from '#shared/domain/api-key.ts';
import { apiKeyCacheSeconds, apiKeyStore } from '#shared/wiring/adapters.ts';

const usage = 'usage: npm run keys -- create <client_id> | revoke <key_id> | list [--stage <stage>]';

type Command = { run: 'create'; clientId: string } | { run: 'revoke'; keyId: string } | { run: 'list' };

/** Checks the whole command line before anything reaches a target, so bad input writes nothing. */
function parse(args: string[]): Command {
  const [run, value, ...extra] = args;
  if (extra.length) throw new UsageError(usage);
  if (run === 'list' && value === undefined) return { run };
  if (run === 'create' && value !== undefined) {
    if (!clientIdPattern.test(value)) {
      throw new UsageError(`client_id must be 1 to 64 of a-z, 0-9, _ and -, starting with a letter or digit; got ${JSON.stringify(value)}`);
    }
    return { run, clientId: value };
  }
  if (run === 'revoke' && value !== undefined) {
    if (!keyIdPattern.test(value))
      throw new UsageError(`key_id must look like key_0123456789ab (as npm run keys -- list shows it); got ${JSON.stringify(value)}`);
    return { run, keyId: value };
  }
  throw new UsageError(usage);
}

/** Columns padded to their widest cell. */
const table = (rows: string[][]) => {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
};

try {
  const { args, stage } = stageOption(process.argv.slice(2));
  const command = parse(args);
  const target = await useTarget(stage);
  const keys = apiKeyStore();
  switch (command.run) {
    case 'create': {
      const { key, record } = newApiKey(command.clientId);
      await keys.put(record);
      console.log(`Created an API key for client ${record.client_id} on ${target}.\n`);
      console.log(
        table([
          ['  key_id', record.key_id],
          ['  client_id', record.client_id],
          ['  api_key', key],
        ]),
      );
      console.log('\nCopy the key now: it cannot be shown again, as only its hash is stored.');
      break;
    }
    case 'revoke': {
      const at = new Date().toISOString();
      const record = await keys.revoke(command.keyId, at);
      if (!record) throw new Error(`no key ${command.keyId} on ${target}`);
      if (record.revoked_at === at) {
        console.log(
          `Revoked ${record.key_id} of client ${record.client_id} on ${target}. It stops working within ${apiKeyCacheSeconds} seconds: ` +
            `running API functions remember a key they have found for that long.`,
        );
      } else {
        console.log(`${record.key_id} of client ${record.client_id} was already revoked at ${record.revoked_at} on ${target}; nothing changed.`);
      }
      break;
    }
    case 'list': {
      const records = (await keys.list()).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.key_id.localeCompare(b.key_id));
      if (!records.length) {
        console.log(`No API keys on ${target}.`);
        break;
      }
      const rows = records.map((record) => [record.key_id, record.client_id, record.created_at, record.revoked_at ?? '-']);
      console.log(table([['key_id', 'client_id', 'created_at', 'revoked_at'], ...rows]));
    }
  }
} catch (error) {
  console.error(`keys: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
