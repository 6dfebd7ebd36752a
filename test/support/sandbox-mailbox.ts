// Reads the sandbox's mailbox table of the running local runtime, as ELSTER's own counters would
// tell: how often each record was downloaded and confirmed.

import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { dynamo } from '#shared/adapters/dynamo-client.ts';
import { tableName } from '#shared/config.ts';

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
