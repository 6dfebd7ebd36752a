import {
  ConditionalCheckFailedException,
  GetItemCommand,
  ScanCommand,
  UpdateItemCommand,
  type DynamoDBClient,
  type GetItemCommandInput,
  type ScanCommandInput,
  type UpdateItemCommandInput,
} from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { DynamoApiKeyStore } from '#shared/adapters/dynamodb-api-key-store.ts';
import type { ApiKeyRecord } from '#shared/domain/api-key.ts';

const record = (n: number, revoked_at?: string): ApiKeyRecord => ({
  key_hash: `hash${n}`,
  key_id: `key_00000000000${n}`,
  client_id: 'client-a',
  created_at: '2026-11-22T10:00:00.000Z',
  ...(revoked_at && { revoked_at }),
});

/**
 * A DynamoDB client whose `send` answers by command type, over items kept in a map. Scans hand
 * out one item per page, so every caller must follow LastEvaluatedKey; filters only on key_id.
 * Updates honour `attribute_not_exists(revoked_at)`; `revokeFirst` revokes an item just before the
 * update, as a concurrent revocation would.
 */
function dynamo(records: ApiKeyRecord[], options: { revokeFirst?: string } = {}) {
  const items = new Map(records.map((one) => [one.key_hash, one]));
  const sent: string[] = [];
  const send = async (command: ScanCommand | UpdateItemCommand | GetItemCommand): Promise<unknown> => {
    sent.push(command instanceof GetItemCommand && command.input.ConsistentRead ? 'GetItemCommand consistent' : command.constructor.name);
    if (command instanceof ScanCommand) {
      const input: ScanCommandInput = command.input;
      expect(input.ConsistentRead).toBe(true);
      const hashes = [...items.keys()];
      const start = input.ExclusiveStartKey ? hashes.indexOf(unmarshall(input.ExclusiveStartKey).key_hash) + 1 : 0;
      const item = items.get(hashes[start] ?? '');
      const wanted = input.ExpressionAttributeValues && unmarshall(input.ExpressionAttributeValues)[':key_id'];
      return {
        Items: item && (!wanted || item.key_id === wanted) ? [marshall(item)] : [],
        LastEvaluatedKey: start + 1 < hashes.length ? marshall({ key_hash: hashes[start] }) : undefined,
      };
    }
    if (command instanceof UpdateItemCommand) {
      const input: UpdateItemCommandInput = command.input;
      const hash = unmarshall(input.Key!).key_hash as string;
      if (options.revokeFirst) items.set(hash, { ...items.get(hash)!, revoked_at: options.revokeFirst });
      const current = items.get(hash);
      expect(input.ConditionExpression).toContain('attribute_not_exists(revoked_at)');
      if (!current || current.revoked_at) throw new ConditionalCheckFailedException({ message: 'condition', $metadata: {} });
      const next = { ...current, revoked_at: unmarshall(input.ExpressionAttributeValues!)[':at'] as string };
      items.set(hash, next);
      return { Attributes: marshall(next) };
    }
    const input: GetItemCommandInput = command.input;
    const item = items.get(unmarshall(input.Key!).key_hash);
    return { Item: item && marshall(item) };
  };
  return { items, sent, store: new DynamoApiKeyStore({ send } as unknown as DynamoDBClient, 'api-keys') };
}

const at = '2026-11-22T11:00:00.000Z';

describe('DynamoApiKeyStore', () => {
  it('lists every key across all pages of the scan', async () => {
    const { store } = dynamo([record(1), record(2, at), record(3)]);
    expect(await store.list()).toEqual([record(1), record(2, at), record(3)]);
  });

  it('revokes a key found by key_id on a later page with one conditional update', async () => {
    const { items, sent, store } = dynamo([record(1), record(2), record(3)]);
    expect(await store.revoke(record(3).key_id, at)).toEqual(record(3, at));
    expect(items.get('hash3')).toEqual(record(3, at));
    expect(items.get('hash1')).toEqual(record(1));
    expect(sent).toEqual(['ScanCommand', 'ScanCommand', 'ScanCommand', 'UpdateItemCommand']);
  });

  it('leaves a key revoked before as it was, and writes nothing', async () => {
    const earlier = '2026-11-22T09:00:00.000Z';
    const { sent, store } = dynamo([record(1, earlier)]);
    expect(await store.revoke(record(1).key_id, at)).toEqual(record(1, earlier));
    expect(sent).not.toContain('UpdateItemCommand');
  });

  it('reports the first revocation when another one wins the race', async () => {
    const earlier = '2026-11-22T10:59:59.000Z';
    const { sent, store } = dynamo([record(1)], { revokeFirst: earlier });
    expect(await store.revoke(record(1).key_id, at)).toEqual(record(1, earlier));
    expect(sent).toEqual(['ScanCommand', 'UpdateItemCommand', 'GetItemCommand consistent']);
  });

  it('answers undefined for an unknown key_id', async () => {
    const { sent, store } = dynamo([record(1)]);
    expect(await store.revoke('key_ffffffffffff', at)).toBeUndefined();
    expect(sent).toEqual(['ScanCommand']);
  });
});
