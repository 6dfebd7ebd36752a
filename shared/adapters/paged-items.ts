import type { AttributeValue, QueryCommandInput } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';

type Item = Record<string, AttributeValue>;

/** Every item of a Query or Scan: `readPage` is asked for page after page until DynamoDB has no more. */
export async function* pagedItems(readPage: (startKey: Item | undefined) => Promise<{ Items?: Item[]; LastEvaluatedKey?: Item }>): AsyncIterable<Item> {
  let startKey: Item | undefined;
  do {
    const page = await readPage(startKey);
    yield* page.Items ?? [];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Query pages one listing reads at most, so a rare filter costs a bounded time and still answers where to go on. */
const listPages = 10;

/**
 * One page of a listing of up to `limit` items that a filter may thin (DynamoDB counts its Limit
 * before the filter): `readPage` is asked from `startKey` for as many as are still wanted and one
 * more, which tells whether another page follows; `read` gives an item's value, or undefined for one
 * the listing drops. `last` is where the next page starts, as its attributes: the last item returned
 * when more follow, or the key the reading stopped at; none after the last.
 */
export async function listingPage<T>(
  readPage: (startKey: Item | undefined, limit: number) => Promise<{ Items?: Item[]; LastEvaluatedKey?: Item }>,
  read: (item: Item) => T | undefined,
  limit: number,
  startKey?: Item,
): Promise<{ items: T[]; last?: Record<string, unknown> }> {
  const found: { item: Item; value: T }[] = [];
  for (let page = 0; page < listPages; page++) {
    const { Items = [], LastEvaluatedKey } = await readPage(startKey, limit + 1 - found.length);
    for (const item of Items) {
      const value = read(item);
      if (value !== undefined) found.push({ item, value });
    }
    if (found.length > limit) return { items: found.slice(0, limit).map(({ value }) => value), last: unmarshall(found[limit - 1]!.item) };
    if (!LastEvaluatedKey) return { items: found.map(({ value }) => value) };
    startKey = LastEvaluatedKey;
  }
  return { items: found.map(({ value }) => value), last: unmarshall(startKey!) };
}

/**
 * The query of a client's listing on its `by_client` index, newest first: `range` a condition on
 * `created_at` over `rangeValues`, and each attribute of `equal` whose value is defined one that an
 * item must hold with that value. The caller names the index, where the code that reads it shows it.
 */
export function newestOfClient(
  clientId: string,
  range: string | undefined,
  rangeValues: Record<string, string | undefined>,
  equal: Record<string, unknown>,
): Pick<QueryCommandInput, 'KeyConditionExpression' | 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues' | 'ScanIndexForward'> {
  const filtered = Object.entries(equal).filter(([, value]) => value !== undefined);
  return {
    KeyConditionExpression: ['client_id = :client', range].filter(Boolean).join(' AND '),
    FilterExpression: filtered.length ? filtered.map(([attribute]) => `#${attribute} = :${attribute}`).join(' AND ') : undefined,
    ExpressionAttributeNames: filtered.length ? Object.fromEntries(filtered.map(([attribute]) => [`#${attribute}`, attribute])) : undefined,
    ExpressionAttributeValues: marshall(
      { ':client': clientId, ...rangeValues, ...Object.fromEntries(filtered.map(([attribute, value]) => [`:${attribute}`, value])) },
      { removeUndefinedValues: true },
    ),
    ScanIndexForward: false,
  };
}
