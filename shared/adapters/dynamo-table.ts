import {
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
  type QueryCommandInput,
  type UpdateItemCommandInput,
} from '@aws-sdk/client-dynamodb';
import { conditionHeld } from '#shared/adapters/conditional-write.ts';
import { marshall } from '@aws-sdk/util-dynamodb';
import { listingPage, newestOfClient, pagedItems } from '#shared/adapters/paged-items.ts';

type Item = Record<string, AttributeValue>;
type Query = Omit<QueryCommandInput, 'TableName' | 'IndexName' | 'ExclusiveStartKey'>;

/** What every store over one DynamoDB table holds: the client, and the name of its table. */
export abstract class DynamoTable {
  protected readonly client: DynamoDBClient;
  protected readonly table: string;

  constructor(client: DynamoDBClient, table: string) {
    this.client = client;
    this.table = table;
  }

  /** Every item a query of the table itself finds, page after page. */
  protected queryTable(query: Query): AsyncIterable<Item> {
    return pagedItems((ExclusiveStartKey) => this.client.send(new QueryCommand({ TableName: this.table, ...query, ExclusiveStartKey })));
  }

  /** Every item a query of one of the table's indexes finds, page after page. */
  protected queryIndex(index: string, query: Query): AsyncIterable<Item> {
    return pagedItems((ExclusiveStartKey) => this.client.send(new QueryCommand({ TableName: this.table, IndexName: index, ...query, ExclusiveStartKey })));
  }

  /** The first item a query of one of the table's indexes finds, or undefined. */
  protected async firstInIndex(index: string, query: Query): Promise<Item | undefined> {
    const { Items = [] } = await this.client.send(new QueryCommand({ TableName: this.table, IndexName: index, ...query, Limit: 1 }));
    return Items[0];
  }

  /**
   * One page of a client's listing on the table's `by_client` index, newest first: `range`,
   * `rangeValues` and `equal` as newestOfClient takes them, `read` as listingPage does. It starts
   * after `after` and ends at `last`, each an item's `id` and creation time.
   */
  protected async clientPage<T, Id extends string>(
    clientId: string,
    id: Id,
    query: {
      limit: number;
      after?: Record<Id | 'created_at', string>;
      range?: string;
      rangeValues?: Record<string, string | undefined>;
      equal: Record<string, unknown>;
    },
    read: (item: Item) => T | undefined,
  ): Promise<{ items: T[]; last?: Record<Id | 'created_at', string> }> {
    const { after, range, rangeValues = {}, equal } = query;
    const page = await listingPage(
      (ExclusiveStartKey, Limit) =>
        this.client.send(
          new QueryCommand({ TableName: this.table, IndexName: 'by_client', ...newestOfClient(clientId, range, rangeValues, equal), ExclusiveStartKey, Limit }),
        ),
      read,
      query.limit,
      after && marshall({ client_id: clientId, created_at: after.created_at, [id]: after[id] }),
    );
    const { items, last } = page;
    return { items, ...(last && { last: { [id]: last[id], created_at: last.created_at } as Record<Id | 'created_at', string> }) };
  }

  /** A conditional write of the whole item: whether its condition held. */
  protected async putIf(item: Item, condition: string): Promise<boolean> {
    const written = await conditionHeld(() => this.client.send(new PutItemCommand({ TableName: this.table, Item: item, ConditionExpression: condition })));
    return written.held;
  }

  /** A conditional update of the item at `key`: whether its condition held, and what DynamoDB answered. */
  protected updateIf(key: Item, update: Omit<UpdateItemCommandInput, 'TableName' | 'Key'>) {
    return conditionHeld(() => this.client.send(new UpdateItemCommand({ TableName: this.table, Key: key, ...update })));
  }
}
