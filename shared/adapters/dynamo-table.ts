import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** What every store over one DynamoDB table holds: the client, and the name of its table. */
export abstract class DynamoTable {
  protected readonly client: DynamoDBClient;
  protected readonly table: string;

  constructor(client: DynamoDBClient, table: string) {
    this.client = client;
    this.table = table;
  }
}
