import { GetItemCommand, UpdateItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { webhookCondition } from '#shared/adapters/webhook-condition.ts';
import { DynamoTable } from '#shared/adapters/dynamo-table.ts';
import type { Notice } from '#shared/domain/notice.ts';
import type { WebhookState } from '#shared/domain/ticket.ts';
import type { Needs } from '#shared/manifest.ts';
import type { NoticePage, NoticeQuery, NoticeStore, UnconfirmedNotice } from '#shared/ports/notice-store.ts';

// The one partition of the `unconfirmed` index: a notice is in it from being stored until confirmed.
const owed = 'owed';

const toItem = (value: Record<string, unknown>) => marshall(value, { removeUndefinedValues: true });
const fromItem = (item: Record<string, never>): Notice => {
  const { unconfirmed: _unconfirmed, ...notice } = unmarshall(item);
  return notice as Notice;
};

/** The index each query reads; what it does on the table, its commands say. */
export const needs = {
  list: { indexes: { notices: ['by_client'] } },
  ofTicket: { indexes: { notices: ['by_ticket'] } },
  unconfirmed: { indexes: { notices: ['unconfirmed'] } },
} as const satisfies Partial<Record<keyof NoticeStore, Needs>>;

export class DynamoNoticeStore extends DynamoTable implements NoticeStore {
  async get(noticeId: string): Promise<Notice | undefined> {
    const { Item } = await this.client.send(new GetItemCommand({ TableName: this.table, Key: toItem({ notice_id: noticeId }), ConsistentRead: true }));
    // TTL may lag by days: an expired notice is gone already.
    const notice = Item && fromItem(Item as never);
    return notice && (notice.expires_at === undefined || notice.expires_at * 1000 > Date.now()) ? notice : undefined;
  }

  async create(notice: Notice): Promise<boolean> {
    return this.putIf(toItem({ ...notice, ...(notice.state === 'stored' && { unconfirmed: owed }) }), 'attribute_not_exists(notice_id)');
  }

  async markConfirmed(noticeId: string, at: string): Promise<boolean> {
    const written = await this.updateIf(toItem({ notice_id: noticeId }), {
      UpdateExpression: 'SET #state = :confirmed, confirmed_at = :at REMOVE unconfirmed',
      ConditionExpression: '#state = :stored',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: toItem({ ':confirmed': 'confirmed', ':stored': 'stored', ':at': at }),
    });
    return written.held;
  }

  async markAnnounced(noticeId: string, at: string): Promise<void> {
    await this.client.send(
      new UpdateItemCommand({
        TableName: this.table,
        Key: toItem({ notice_id: noticeId }),
        UpdateExpression: 'SET announced_at = :at',
        ConditionExpression: 'attribute_exists(notice_id)',
        ExpressionAttributeValues: toItem({ ':at': at }),
      }),
    );
  }

  async updateWebhook(noticeId: string, expectedWebhookId: string | undefined, webhook: WebhookState, expectedAttempts?: number): Promise<boolean> {
    const { condition, values } = webhookCondition(expectedWebhookId, expectedAttempts);
    const written = await this.updateIf(toItem({ notice_id: noticeId }), {
      UpdateExpression: 'SET webhook = :webhook',
      ConditionExpression: `attribute_exists(notice_id) AND ${condition}`,
      ExpressionAttributeValues: toItem({ ...values, ':webhook': webhook }),
    });
    return written.held;
  }

  async list(clientId: string, query: NoticeQuery): Promise<NoticePage> {
    const { items, last } = await this.clientPage(
      clientId,
      'notice_id',
      {
        ...query,
        range: query.since && 'created_at >= :since',
        rangeValues: { ':since': query.since },
        equal: { mailbox: query.certificate_id, datenart: query.datenart, year: query.year, state: query.state },
      },
      (item) => fromItem(item as never),
    );
    return { notices: items, ...(last && { last }) };
  }

  async ofTicket(ticket: string): Promise<Notice[]> {
    return this.#all('by_ticket', 'ticket = :key', toItem({ ':key': ticket }));
  }

  async unconfirmed(mailbox?: string): Promise<UnconfirmedNotice[]> {
    return this.#all(
      'unconfirmed',
      'unconfirmed = :key',
      toItem({ ':key': owed, ':mailbox': mailbox }),
      mailbox === undefined ? undefined : 'mailbox = :mailbox',
    );
  }

  async #all(index: string, keyCondition: string, values: Record<string, AttributeValue>, filter?: string): Promise<Notice[]> {
    const notices: Notice[] = [];
    const items = this.queryIndex(index, { KeyConditionExpression: keyCondition, FilterExpression: filter, ExpressionAttributeValues: values });
    for await (const item of items) notices.push(fromItem(item as never));
    return notices;
  }
}
