// Against dynalite, the local stand-in, in memory: a ticket's attempts come back oldest first with
// their excerpts while these are kept, and the sweep's expiry reaches every item, never one sooner.

import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoWebhookAttemptStore } from '#shared/adapters/dynamodb-webhook-attempts.ts';
import { newTicketId } from '#shared/domain/ticket.ts';
import type { WebhookAttempt } from '#shared/ports/webhook-attempts.ts';
import { startMemoryTable, type MemoryTable } from '#test/support/memory-table.ts';

let table: MemoryTable;

beforeAll(async () => {
  table = await startMemoryTable('webhookAttempts');
});

afterAll(() => table?.close());

const store = () => new DynamoWebhookAttemptStore(table.client, table.tableName);
const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 12, minute));
const seconds = (date: Date) => date.getTime() / 1000;

const attempt = (n: number, status: number, excerpt?: string): WebhookAttempt => ({
  webhook_id: 'msg_1',
  attempt: n,
  attempted_at: at(n).toISOString(),
  host: 'hooks.example:8443',
  response_status: status,
  duration_ms: 12,
  outcome: status === 200 ? 'delivered' : 'retry',
  ...(status !== 200 && { next_attempt_at: at(n + 1).toISOString() }),
  ...(excerpt && { response_excerpt: excerpt }),
});

describe('DynamoWebhookAttemptStore', () => {
  it("lists a ticket's attempts oldest first, each with its excerpt until that expires, and no other ticket's", async () => {
    const ticket = newTicketId();
    const attempts = [attempt(1, 500, 'database down'), attempt(2, 429), attempt(3, 200, 'thanks')];
    // Recorded out of order, as two deliveries' attempts may be.
    for (const a of [attempts[2]!, attempts[0]!, attempts[1]!]) await store().record(ticket, a, { excerpt: seconds(at(a.attempt + 30)) });
    await store().record(newTicketId(), attempt(1, 200, 'other'), { excerpt: seconds(at(60)) });

    expect(await store().list(ticket, at(10))).toEqual(attempts);
    const { response_excerpt: _, ...firstWithout } = attempts[0]!;
    expect(await store().list(ticket, at(31))).toEqual([firstWithout, attempts[1], attempts[2]]);
  });

  it("gives every item of the ticket the ticket's expiry, and keeps one expiring sooner", async () => {
    const ticket = newTicketId();
    await store().record(ticket, attempt(1, 500, 'soon gone'), { excerpt: seconds(at(30)) });
    await store().record(ticket, attempt(2, 200, 'kept'), { excerpt: seconds(at(300)) });
    await store().expireBy(ticket, seconds(at(100)));

    const item = async (entry: string) => {
      const { Item } = await table.client.send(new GetItemCommand({ TableName: table.tableName, Key: marshall({ ticket, entry }) }));
      return Item && unmarshall(Item);
    };
    const first = `${at(1).toISOString()}#msg_1#1`;
    const second = `${at(2).toISOString()}#msg_1#2`;
    expect((await item(first))!.expires_at).toBe(seconds(at(100)));
    expect((await item(`${first}#excerpt`))!.expires_at).toBe(seconds(at(30)));
    expect((await item(`${second}#excerpt`))!.expires_at).toBe(seconds(at(100)));
    expect(await store().list(ticket, at(101))).toEqual([]);
  });
});
