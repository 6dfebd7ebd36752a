import { GetItemCommand, PutItemCommand, ScanCommand, UpdateItemCommand, type ScanCommandInput } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { conditionHeld } from '#shared/adapters/conditional-write.ts';
import { pagedItems } from '#shared/adapters/paged-items.ts';
import type { ApiKeyRecord } from '#shared/domain/api-key.ts';
import type { ApiKeyStore } from '#shared/ports/api-key-store.ts';
import { DynamoTable } from '#shared/adapters/dynamo-table.ts';

export class DynamoApiKeyStore extends DynamoTable implements ApiKeyStore {
  async findByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    return this.#get(keyHash, false);
  }

  async put(record: ApiKeyRecord): Promise<void> {
    await this.client.send(
      new PutItemCommand({
        TableName: this.table,
        Item: marshall(record, { removeUndefinedValues: true }),
        ConditionExpression: 'attribute_not_exists(key_hash)',
      }),
    );
  }

  // The table is keyed by key_hash alone. It holds one item per key ever issued, a few hundred at
  // most, and only operator commands list or revoke, so a full Scan serves both; an index on key_id
  // would cost a write on every key for lookups that happen a few times a year.
  async list(): Promise<ApiKeyRecord[]> {
    return this.#scan({});
  }

  async revoke(keyId: string, at: string): Promise<ApiKeyRecord | undefined> {
    const [found] = await this.#scan({
      FilterExpression: 'key_id = :key_id',
      ExpressionAttributeValues: marshall({ ':key_id': keyId }),
    });
    if (!found || found.revoked_at) return found;
    const update = new UpdateItemCommand({
      TableName: this.table,
      Key: marshall({ key_hash: found.key_hash }),
      UpdateExpression: 'SET revoked_at = :at',
      ConditionExpression: 'attribute_exists(key_hash) AND attribute_not_exists(revoked_at)',
      ExpressionAttributeValues: marshall({ ':at': at }),
      ReturnValues: 'ALL_NEW',
    });
    const result = await conditionHeld(() => this.client.send(update));
    // Another revocation came first (or the item went): report the key as it now stands.
    return result.held ? (unmarshall(result.value.Attributes!) as ApiKeyRecord) : this.#get(found.key_hash, true);
  }

  async #get(keyHash: string, consistent: boolean): Promise<ApiKeyRecord | undefined> {
    const { Item } = await this.client.send(new GetItemCommand({ TableName: this.table, Key: marshall({ key_hash: keyHash }), ConsistentRead: consistent }));
    return Item ? (unmarshall(Item) as ApiKeyRecord) : undefined;
  }

  async #scan(filter: Pick<ScanCommandInput, 'FilterExpression' | 'ExpressionAttributeValues'>): Promise<ApiKeyRecord[]> {
    const records: ApiKeyRecord[] = [];
    // Consistent, so a key created a moment ago can be listed and revoked at once.
    const items = pagedItems((ExclusiveStartKey) =>
      this.client.send(new ScanCommand({ TableName: this.table, ConsistentRead: true, ExclusiveStartKey, ...filter })),
    );
    for await (const item of items) records.push(unmarshall(item) as ApiKeyRecord);
    return records;
  }
}
