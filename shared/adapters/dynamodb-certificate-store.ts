import { DeleteItemCommand, GetItemCommand, PutItemCommand, QueryCommand, ScanCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { conditionHeld } from '#shared/adapters/conditional-write.ts';
import { pagedItems } from '#shared/adapters/paged-items.ts';
import type { CertificateRecord } from '#shared/domain/certificate.ts';
import type { CertificateStore, ExpiringCertificate } from '#shared/ports.ts';

/** One partition per client, its certificates sorted by ID within it. */
export class DynamoCertificateStore implements CertificateStore {
  readonly #client: DynamoDBClient;
  readonly #table: string;

  constructor(client: DynamoDBClient, table: string) {
    this.#client = client;
    this.#table = table;
  }

  async create(record: CertificateRecord): Promise<boolean> {
    const written = await conditionHeld(() =>
      this.#client.send(
        new PutItemCommand({
          TableName: this.#table,
          Item: marshall(record, { removeUndefinedValues: true }),
          ConditionExpression: 'attribute_not_exists(certificate_id)',
        }),
      ),
    );
    return written.held;
  }

  async get(clientId: string, certificateId: string): Promise<CertificateRecord | undefined> {
    const { Item } = await this.#client.send(
      new GetItemCommand({ TableName: this.#table, Key: marshall({ client_id: clientId, certificate_id: certificateId }), ConsistentRead: true }),
    );
    return Item && (unmarshall(Item) as CertificateRecord);
  }

  async list(clientId: string): Promise<CertificateRecord[]> {
    const records: CertificateRecord[] = [];
    const items = pagedItems((ExclusiveStartKey) =>
      this.#client.send(
        new QueryCommand({
          TableName: this.#table,
          KeyConditionExpression: 'client_id = :client',
          ExpressionAttributeValues: marshall({ ':client': clientId }),
          ExclusiveStartKey,
        }),
      ),
    );
    for await (const item of items) records.push(unmarshall(item) as CertificateRecord);
    return records.sort((a, b) => b.created_at.localeCompare(a.created_at));
  }

  async delete(clientId: string, certificateId: string): Promise<boolean> {
    const deleted = await conditionHeld(() =>
      this.#client.send(
        new DeleteItemCommand({
          TableName: this.#table,
          Key: marshall({ client_id: clientId, certificate_id: certificateId }),
          ConditionExpression: 'attribute_exists(certificate_id)',
        }),
      ),
    );
    return deleted.held;
  }

  // A daily scan of a table that holds a few records per client; the projection leaves the sealed secrets where they are.
  async *expiringBefore(cutoff: string): AsyncIterable<ExpiringCertificate> {
    const items = pagedItems((ExclusiveStartKey) =>
      this.#client.send(
        new ScanCommand({
          TableName: this.#table,
          FilterExpression: 'not_after < :cutoff',
          ProjectionExpression: 'client_id, certificate_id, not_after',
          ExpressionAttributeValues: marshall({ ':cutoff': cutoff }),
          ExclusiveStartKey,
        }),
      ),
    );
    for await (const item of items) yield unmarshall(item) as ExpiringCertificate;
  }
}
