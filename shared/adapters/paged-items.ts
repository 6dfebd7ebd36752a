import type { AttributeValue } from '@aws-sdk/client-dynamodb';

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
