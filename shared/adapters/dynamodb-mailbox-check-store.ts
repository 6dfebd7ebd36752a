import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { DynamoTable } from '#shared/adapters/dynamo-table.ts';
import { isOpenCheck, type MailboxCheck } from '#shared/domain/notice.ts';
import type { Needs } from '#shared/manifest.ts';
import type { MailboxCheckStore } from '#shared/ports/mailbox-check-store.ts';

// The one partition of the `open` index: a check is in it, and in `fetching_certificate`, until done or failed.
const open = 'open';
// A finished check is kept a while for its caller to read, then expires.
const keptSeconds = 30 * 86_400;

const toItem = (value: Record<string, unknown>) => marshall(value, { removeUndefinedValues: true });

/** The index each query reads; what it does on the table, its commands say. */
export const needs = {
  stale: { indexes: { mailboxChecks: ['open'] } },
  fetching: { indexes: { mailboxChecks: ['fetching_certificate'] } },
} as const satisfies Partial<Record<keyof MailboxCheckStore, Needs>>;

export class DynamoMailboxCheckStore extends DynamoTable implements MailboxCheckStore {
  create(check: MailboxCheck): Promise<boolean> {
    return this.putIf(toItem({ ...check, open, fetching_certificate: check.certificate_id }), 'attribute_not_exists(check_id)');
  }

  async get(checkId: string): Promise<MailboxCheck | undefined> {
    const { Item } = await this.client.send(new GetItemCommand({ TableName: this.table, Key: toItem({ check_id: checkId }), ConsistentRead: true }));
    if (!Item) return undefined;
    const { open: _open, fetching_certificate: _fetching, expires_at: _expires, ...check } = unmarshall(Item);
    return check as MailboxCheck;
  }

  async update(
    checkId: string,
    change: Partial<Pick<MailboxCheck, 'status' | 'found' | 'stored' | 'confirmed' | 'unconfirmed' | 'error'>>,
    at: string,
  ): Promise<boolean> {
    const fields = Object.entries({ ...change, updated_at: at }).filter(([, value]) => value !== undefined);
    const finished = change.status !== undefined && !isOpenCheck({ status: change.status });
    const sets = [...fields.map(([name]) => `#${name} = :${name}`), ...(finished ? ['expires_at = :expires'] : [])];
    const written = await this.updateIf(toItem({ check_id: checkId }), {
      UpdateExpression: `SET ${sets.join(', ')}${finished ? ' REMOVE #open, fetching_certificate' : ''}`,
      ConditionExpression: 'attribute_exists(#open)',
      ExpressionAttributeNames: { ...Object.fromEntries(fields.map(([name]) => [`#${name}`, name])), '#open': 'open' },
      ExpressionAttributeValues: toItem({
        ...Object.fromEntries(fields.map(([name, value]) => [`:${name}`, value])),
        ...(finished && { ':expires': Math.floor(new Date(at).getTime() / 1000) + keptSeconds }),
      }),
    });
    return written.held;
  }

  async stale(before: string): Promise<Pick<MailboxCheck, 'check_id' | 'updated_at'>[]> {
    const checks: Pick<MailboxCheck, 'check_id' | 'updated_at'>[] = [];
    const items = this.queryIndex('open', {
      KeyConditionExpression: '#open = :open AND updated_at < :before',
      ExpressionAttributeNames: { '#open': 'open' },
      ExpressionAttributeValues: toItem({ ':open': open, ':before': before }),
    });
    for await (const item of items) {
      const { check_id, updated_at } = unmarshall(item);
      checks.push({ check_id, updated_at });
    }
    return checks;
  }

  async fetching(certificateId: string): Promise<boolean> {
    const found = await this.firstInIndex('fetching_certificate', {
      KeyConditionExpression: 'fetching_certificate = :certificate',
      ExpressionAttributeValues: toItem({ ':certificate': certificateId }),
    });
    return found !== undefined;
  }
}
