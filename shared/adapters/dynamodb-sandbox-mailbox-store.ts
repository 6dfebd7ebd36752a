import { GetItemCommand, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { DynamoTable } from '#shared/adapters/dynamo-table.ts';
import type { SandboxMailboxStore, SandboxRecord } from '#shared/ports/sandbox-mailbox-store.ts';

/** One partition per mailbox, its records by ID. */
export class DynamoSandboxMailboxStore extends DynamoTable implements SandboxMailboxStore {
  async add(record: SandboxRecord): Promise<void> {
    await this.client.send(new PutItemCommand({ TableName: this.table, Item: marshall(record, { removeUndefinedValues: true }) }));
  }

  async records(mailbox: string): Promise<SandboxRecord[]> {
    const records: SandboxRecord[] = [];
    const items = this.queryTable({
      KeyConditionExpression: 'mailbox = :mailbox',
      ExpressionAttributeValues: marshall({ ':mailbox': mailbox }),
      ConsistentRead: true,
    });
    for await (const item of items) records.push(unmarshall(item) as SandboxRecord);
    return records;
  }

  async get(mailbox: string, recordId: string): Promise<SandboxRecord | undefined> {
    const { Item } = await this.client.send(
      new GetItemCommand({ TableName: this.table, Key: marshall({ mailbox, record_id: recordId }), ConsistentRead: true }),
    );
    return Item && (unmarshall(Item) as SandboxRecord);
  }

  async countDownload(mailbox: string, recordId: string): Promise<void> {
    await this.#add(mailbox, recordId, 'downloads');
  }

  async countConfirmAttempt(mailbox: string, recordId: string): Promise<number> {
    return this.#add(mailbox, recordId, 'confirm_attempts');
  }

  async confirm(mailbox: string, recordId: string, at: string): Promise<boolean> {
    const written = await this.updateIf(marshall({ mailbox, record_id: recordId }), {
      UpdateExpression: 'SET confirmed_at = :at ADD confirmations :one',
      ConditionExpression: 'attribute_exists(record_id) AND attribute_not_exists(confirmed_at)',
      ExpressionAttributeValues: marshall({ ':at': at, ':one': 1 }),
    });
    return written.held;
  }

  async #add(mailbox: string, recordId: string, counter: 'downloads' | 'confirm_attempts'): Promise<number> {
    const { Attributes } = await this.client.send(
      new UpdateItemCommand({
        TableName: this.table,
        Key: marshall({ mailbox, record_id: recordId }),
        UpdateExpression: 'ADD #counter :one',
        ConditionExpression: 'attribute_exists(record_id)',
        ExpressionAttributeNames: { '#counter': counter },
        ExpressionAttributeValues: marshall({ ':one': 1 }),
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(unmarshall(Attributes ?? {})[counter] ?? 0);
  }
}
