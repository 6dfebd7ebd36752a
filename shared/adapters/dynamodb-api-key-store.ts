import { GetItemCommand, PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import type { ApiKeyRecord, ApiKeyStore } from '#shared/ports.ts';

export class DynamoApiKeyStore implements ApiKeyStore {
  readonly #client: DynamoDBClient;
  readonly #table: string;

  constructor(client: DynamoDBClient, table: string) {
    this.#client = client;
    this.#table = table;
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const { Item } = await this.#client.send(
      new GetItemCommand({ TableName: this.#table, Key: marshall({ key_hash: keyHash }) }),
    );
    return Item ? (unmarshall(Item) as ApiKeyRecord) : undefined;
  }

  async put(record: ApiKeyRecord): Promise<void> {
    await this.#client.send(
      new PutItemCommand({
        TableName: this.#table,
        Item: marshall(record, { removeUndefinedValues: true }),
        ConditionExpression: 'attribute_not_exists(key_hash)',
      }),
    );
  }
}
