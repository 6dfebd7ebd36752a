import { GetItemCommand, PutItemCommand, QueryCommand, UpdateItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { conditionHeld } from '#shared/adapters/conditional-write.ts';
import { webhookCondition } from '#shared/adapters/webhook-condition.ts';
import { DynamoTable } from '#shared/adapters/dynamo-table.ts';
import { listingPage, newestOfClient, pagedItems } from '#shared/adapters/paged-items.ts';
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
    const written = await conditionHeld(() =>
      this.client.send(
        new PutItemCommand({
          TableName: this.table,
          Item: toItem({ ...notice, ...(notice.state === 'stored' && { unconfirmed: owed }) }),
          ConditionExpression: 'attribute_not_exists(notice_id)',
        }),
      ),
    );
    return written.held;
  }

  async markConfirmed(noticeId: string, at: string): Promise<boolean> {
    const written = await conditionHeld(() =>
      this.client.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: toItem({ notice_id: noticeId }),
          UpdateExpression: 'SET #state = :confirmed, confirmed_at = :at REMOVE unconfirmed',
          ConditionExpression: '#state = :stored',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: toItem({ ':confirmed': 'confirmed', ':stored': 'stored', ':at': at }),
        }),
      ),
    );
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
    const written = await conditionHeld(() =>
      this.client.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: toItem({ notice_id: noticeId }),
          UpdateExpression: 'SET webhook = :webhook',
          ConditionExpression: `attribute_exists(notice_id) AND ${condition}`,
          ExpressionAttributeValues: toItem({ ...values, ':webhook': webhook }),
        }),
      ),
    );
    return written.held;
  }

  async list(clientId: string, query: NoticeQuery): Promise<NoticePage> {
    const page = await listingPage(
      (ExclusiveStartKey, Limit) =>
        this.client.send(
          new QueryCommand({
            TableName: this.table,
            IndexName: 'by_client',
            ...newestOfClient(
              clientId,
              query.since && 'created_at >= :since',
              { ':since': query.since },
              {
                mailbox: query.certificate_id,
                datenart: query.datenart,
                year: query.year,
                state: query.state,
              },
            ),
            ExclusiveStartKey,
            Limit,
          }),
        ),
      (item) => fromItem(item as never),
      query.limit,
      query.after && toItem({ client_id: clientId, created_at: query.after.created_at, notice_id: query.after.notice_id }),
    );
    const { last } = page;
    return { notices: page.items, ...(last && { last: { notice_id: last.notice_id as string, created_at: last.created_at as string } }) };
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
    const items = pagedItems((ExclusiveStartKey) =>
      this.client.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: index,
          KeyConditionExpression: keyCondition,
          FilterExpression: filter,
          ExpressionAttributeValues: values,
          ExclusiveStartKey,
        }),
      ),
    );
    for await (const item of items) notices.push(fromItem(item as never));
    return notices;
  }
}
