// Reads the sandbox's mailbox table of the running local runtime, as ELSTER's own counters would
// tell: how often each record was downloaded and confirmed; and runs a mailbox check to its end.

import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { dynamo } from '#shared/adapters/dynamo-client.ts';
import { expect } from 'vitest';
import { tableName } from '#shared/config.ts';
import { eventually, type LocalService } from '#test/support/local-service.ts';

export interface RecordCounters {
  mailbox: string;
  erklaerungsticket: string;
  downloads: number;
  confirmations: number;
}

export async function sandboxMailboxCounters(): Promise<RecordCounters[]> {
  const { Items = [] } = await dynamo().send(new ScanCommand({ TableName: tableName('sandboxMailbox'), ConsistentRead: true }));
  return Items.map((item) => {
    const record = unmarshall(item);
    return { mailbox: record.mailbox, erklaerungsticket: record.metas.erklaerungsticket, downloads: record.downloads, confirmations: record.confirmations };
  });
}

/** Posts a check and waits until it is done; its view. */
export async function checkMailbox(target: LocalService, body: Record<string, unknown> = { test: true }, key?: string) {
  const accepted = await target.post('/v2/mailbox/checks', body, key);
  expect(accepted.status).toBe(202);
  const id = accepted.json.data.check_id;
  return eventually(async () => {
    const reply = await target.call('GET', `/v2/mailbox/checks/${id}`, { key });
    return reply.json.data.status === 'done' && reply.json.data;
  }, 30_000);
}
