// Reads the sandbox's mailbox table of the running local runtime, as ELSTER's own counters would
// tell: how often each record was downloaded and confirmed; and runs a mailbox check over HTTP.

import { noticeId, type Notice } from '#shared/domain/notice.ts';
import { noticeStore } from '#shared/wiring/adapters.ts';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { dynamo } from '#shared/adapters/dynamo-client.ts';
import { expect } from 'vitest';
import { tableName } from '#shared/config.ts';
import { eventually, type LocalService } from '#test/support/local-service.ts';

export interface RecordCounters {
  mailbox: string;
  record_id: string;
  erklaerungsticket: string;
  /** The tax number of the filing it answers, whole: the sandbox's test values are told by it. */
  tax_number: string;
  downloads: number;
  confirmations: number;
  confirm_attempts: number;
  confirmed_at?: string;
}

/** Each record's counters with the notice the service stored for it, if it did. */
export async function sandboxMailboxRecords(): Promise<(RecordCounters & { notice?: Notice })[]> {
  return Promise.all(
    (await sandboxMailboxCounters()).map(async (record) => {
      const notice = await noticeStore().get(noticeId(record.mailbox, record.record_id));
      return { ...record, ...(notice && { notice }) };
    }),
  );
}

export async function sandboxMailboxCounters(): Promise<RecordCounters[]> {
  const { Items = [] } = await dynamo().send(new ScanCommand({ TableName: tableName('sandboxMailbox'), ConsistentRead: true }));
  return Items.map((item) => {
    const record = unmarshall(item);
    return {
      mailbox: record.mailbox,
      record_id: record.record_id,
      erklaerungsticket: record.metas.erklaerungsticket,
      tax_number: record.metas.steuernummer,
      downloads: record.downloads,
      confirmations: record.confirmations,
      confirm_attempts: record.confirm_attempts,
      ...(record.confirmed_at !== undefined && { confirmed_at: record.confirmed_at }),
    };
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
