// The cold-start baseline of each API function: a handler that makes exactly the AWS calls the
// function's first invocation makes, in the same order, with the SDK clients alone. The calls are
// recorded from the function itself, run once as the local runtime runs it, so the baseline follows
// the code as calls come and go. bench/cold-start.ts bundles the handler as CDK bundles the functions.

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { handlerLoader } from '#local/handlers.ts';
import { lambdaContext } from '#local/lambda-context.ts';
import type { FunctionName } from '#shared/manifest.ts';

type ClientName = 'dynamodb' | 's3' | 'sqs';

export interface Call {
  client: ClientName;
  command: string;
  /** The command's input as JSON, bytes and dates tagged (see `revive` in the handler's source). */
  input: string;
}

// As shared/adapters/*-client.ts build them (leanSettings, S3's path style and checksums, SQS's endpoint).
const clients: Record<ClientName, { module: string; type: { prototype: { send: Send } }; make: string }> = {
  dynamodb: { module: '@aws-sdk/client-dynamodb', type: DynamoDBClient as never, make: 'new DynamoDBClient({ cacheMiddleware: true })' },
  s3: {
    module: '@aws-sdk/client-s3',
    type: S3Client as never,
    make: "new S3Client({ cacheMiddleware: true, forcePathStyle: !!process.env.AWS_ENDPOINT_URL_S3, requestChecksumCalculation: 'WHEN_REQUIRED' })",
  },
  sqs: { module: '@aws-sdk/client-sqs', type: SQSClient as never, make: 'new SQSClient({ cacheMiddleware: true, useQueueUrlAsEndpoint: false })' },
};
const clientClass: Record<ClientName, string> = { dynamodb: 'DynamoDBClient', s3: 'S3Client', sqs: 'SQSClient' };

type Send = (command: { constructor: { name: string }; input: unknown }, ...rest: unknown[]) => Promise<unknown>;

/** A ticket a call names, made afresh by each replay, so a conditional write of a new ticket is new again. */
const ticketPlaceholder = '@TICKET@';

function serialize(input: unknown, keep: readonly string[]): string {
  const text = JSON.stringify(input, function (this: unknown, _key, value: unknown) {
    const raw = (this as Record<string, unknown>)[_key];
    if (raw instanceof Uint8Array) return { $bytes: Buffer.from(raw).toString('base64') };
    if (raw instanceof Date) return { $date: raw.toISOString() };
    return value;
  });
  return text.replace(/tk_[A-Za-z0-9_-]{22}/g, (ticket) => (keep.includes(ticket) ? ticket : ticketPlaceholder));
}

/**
 * Runs each function once, as the local runtime's first call of it, and returns the AWS calls it
 * made. Tickets the events name (`keep`) are kept; any other ticket a call names is made afresh by the replay.
 */
export async function recordFirstCalls(invocations: Map<FunctionName, unknown>, keep: readonly string[]): Promise<Map<FunctionName, Call[]>> {
  let current: Call[] | undefined;
  const restores: (() => void)[] = [];
  for (const [client, { type }] of Object.entries(clients) as [ClientName, (typeof clients)[ClientName]][]) {
    const send = type.prototype.send;
    type.prototype.send = function (this: unknown, command, ...rest) {
      current?.push({ client, command: command.constructor.name, input: serialize(command.input, keep) });
      return send.call(this, command, ...rest);
    };
    restores.push(() => (type.prototype.send = send));
  }
  const load = handlerLoader();
  const recorded = new Map<FunctionName, Call[]>();
  try {
    for (const [name, event] of invocations) {
      const handler = (await load(name)) as (event: unknown, context: unknown) => Promise<unknown>;
      current = [];
      await handler(event, lambdaContext(name));
      recorded.set(name, current);
      current = undefined;
    }
  } finally {
    for (const restore of restores) restore();
  }
  return recorded;
}

/** The source of a handler making `calls` one after another, then answering `statusCode`. */
export function sameCallsSource(calls: readonly Call[], statusCode: number): string {
  const used = [...new Set(calls.map((call) => call.client))];
  const imports = used.map((client) => {
    const commands = [...new Set(calls.filter((call) => call.client === client).map((call) => call.command))];
    return `import { ${[clientClass[client], ...commands].join(', ')} } from '${clients[client].module}';`;
  });
  const made = used.map((client) => `const ${client} = ${clients[client].make};`);
  const steps = calls.map(
    // A refused conditional write costs its round trip as the function's did; the answer is not the point.
    (call) => `  await ${call.client}.send(new ${call.command}(input(${JSON.stringify(call.input)}))).catch(() => undefined);`,
  );
  return [
    "import { randomBytes } from 'node:crypto';",
    ...imports,
    ...made,
    'const revive = (_key, value) => (value && value.$bytes !== undefined ? Buffer.from(value.$bytes, "base64") : value && value.$date ? new Date(value.$date) : value);',
    'export const handler = async () => {',
    "  const ticket = `tk_${randomBytes(16).toString('base64url')}`;",
    `  const input = (text) => JSON.parse(text.replaceAll(${JSON.stringify(ticketPlaceholder)}, ticket), revive);`,
    ...steps,
    `  return { statusCode: ${statusCode}, headers: { 'content-type': 'application/json' }, body: '{}' };`,
    '};',
    '',
  ].join('\n');
}
