import { BatchWriteItemCommand, PutItemCommand, QueryCommand, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { eventExpiry, eventPosition, positionAfter, type ClientEvent } from '#shared/domain/event.ts';
import type { EventPage, EventQuery, EventStore } from '#shared/ports/event-store.ts';
import { DynamoTable } from '#shared/adapters/dynamo-table.ts';
import { listingPage } from '#shared/adapters/paged-items.ts';

/**
 * One item per event, in its client's partition, sorted by `{created_at}#{id}`: a listing is one
 * range of one partition, newest or oldest first. An event's item is the same however often it is
 * written, so a writer that cannot tell whether it wrote it writes it again.
 */
export class DynamoEventStore extends DynamoTable implements EventStore {
  async record(event: ClientEvent): Promise<void> {
    await this.client.send(new PutItemCommand({ TableName: this.table, Item: eventItem(event) }));
  }

  /**
   * One BatchWriteItem per 25 events, what DynamoDB leaves unprocessed sent again a few times; what
   * is still left throws, and stays noted on its ticket for a later writer.
   */
  async recordAll(events: readonly ClientEvent[]): Promise<void> {
    for (let start = 0; start < events.length; start += batchLimit) {
      let requests: WriteRequest[] = events.slice(start, start + batchLimit).map((event) => ({ PutRequest: { Item: eventItem(event) } }));
      for (let round = 0; requests.length; round++) {
        if (round === batchRounds) throw new Error(`${requests.length} events left unprocessed by DynamoDB`);
        if (round) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** round));
        const { UnprocessedItems } = await this.client.send(new BatchWriteItemCommand({ RequestItems: { [this.table]: requests } }));
        requests = UnprocessedItems?.[this.table] ?? [];
      }
    }
  }

  async list(clientId: string, query: EventQuery): Promise<EventPage> {
    const forward = query.after !== undefined;
    // A key condition takes one range, and a filter no key: the event at `after` itself is dropped below.
    const range = forward ? '#position BETWEEN :after AND :upto' : query.before !== undefined ? '#position < :before' : undefined;
    const filters = ['expires_at > :now_seconds'];
    const values: Record<string, unknown> = { ':client': clientId, ':now_seconds': Math.floor(Date.parse(query.now) / 1000) };
    if (forward) {
      const upto = positionAfter(query.until ?? query.now);
      if (query.after! >= upto) return { events: [] };
      Object.assign(values, { ':after': query.after, ':upto': upto });
    } else if (query.before !== undefined) values[':before'] = query.before;
    if (query.types?.length) {
      filters.push(`#type IN (${query.types.map((_, i) => `:type${i}`).join(', ')})`);
      query.types.forEach((type, i) => (values[`:type${i}`] = type));
    }
    // `position` is one of DynamoDB's reserved words.
    const names = { ...(range && { '#position': 'position' }), ...(query.types?.length && { '#type': 'type' }) };
    const page = await listingPage(
      (ExclusiveStartKey, Limit) =>
        this.client.send(
          new QueryCommand({
            TableName: this.table,
            KeyConditionExpression: ['client_id = :client', range].filter(Boolean).join(' AND '),
            FilterExpression: filters.join(' AND '),
            ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
            ExpressionAttributeValues: marshall(values),
            ScanIndexForward: forward,
            ExclusiveStartKey,
            Limit,
          }),
        ),
      (item) => {
        const event = fromItem(item);
        return eventPosition(event) === query.after ? undefined : event;
      },
      query.limit,
    );
    return { events: page.items, ...(page.last && { last: page.last.position as string }) };
  }
}

/** What one BatchWriteItem takes at most. */
const batchLimit = 25;
/** How often a batch is sent before what it leaves unprocessed is given up on. */
const batchRounds = 6;

const eventItem = (event: ClientEvent) =>
  marshall({ ...event, position: eventPosition(event), expires_at: eventExpiry(event) }, { removeUndefinedValues: true });

function fromItem(item: Parameters<typeof unmarshall>[0]): ClientEvent {
  const { id, type, client_id, created_at, data } = unmarshall(item) as ClientEvent;
  return { id, type, client_id, created_at, data };
}
