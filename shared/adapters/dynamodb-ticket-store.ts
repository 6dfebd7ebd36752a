import { GetItemCommand, PutItemCommand, ScanCommand, UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { conditionHeld } from '#shared/adapters/conditional-write.ts';
import type { Ticket, TicketStatus, WebhookState } from '#shared/domain/ticket.ts';
import type { TicketChanges, TicketStore } from '#shared/ports.ts';

const toItem = (value: object) => marshall(value, { removeUndefinedValues: true });

/** Tickets as single items; every write is conditional, as the local stand-in has no transactions. */
export class DynamoTicketStore implements TicketStore {
  readonly #client: DynamoDBClient;
  readonly #table: string;

  constructor(client: DynamoDBClient, table: string) {
    this.#client = client;
    this.#table = table;
  }

  async create(ticket: Ticket): Promise<boolean> {
    const put = new PutItemCommand({ TableName: this.#table, Item: toItem(ticket), ConditionExpression: 'attribute_not_exists(ticket)' });
    return (await conditionHeld(() => this.#client.send(put))).held;
  }

  async get(ticket: string): Promise<Ticket | undefined> {
    const { Item } = await this.#client.send(new GetItemCommand({ TableName: this.#table, Key: toItem({ ticket }), ConsistentRead: true }));
    return Item ? (unmarshall(Item) as Ticket) : undefined;
  }

  async transition(
    ticket: string,
    expected: { status: TicketStatus; lease_until?: string },
    changes: TicketChanges,
    remove: readonly (keyof Ticket)[] = [],
  ): Promise<Ticket | undefined> {
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, unknown> = { ':expected_status': expected.status };
    const sets = Object.entries(changes)
      .filter(([, value]) => value !== undefined)
      .map(([field, value], i) => {
        names[`#f${i}`] = field;
        values[`:v${i}`] = value;
        return `#f${i} = :v${i}`;
      });
    const removals = remove.map((field, i) => {
      names[`#r${i}`] = field;
      return `#r${i}`;
    });
    // DynamoDB refuses an empty update; rewriting the status the condition demands changes nothing.
    if (!sets.length && !removals.length) sets.push('#status = :expected_status');
    let condition = '#status = :expected_status';
    if (expected.lease_until !== undefined) {
      names['#lease'] = 'lease_until';
      values[':expected_lease'] = expected.lease_until;
      condition += ' AND #lease = :expected_lease';
    }
    const update = [sets.length ? `SET ${sets.join(', ')}` : '', removals.length ? `REMOVE ${removals.join(', ')}` : ''].filter(Boolean).join(' ');
    return this.#update(ticket, { UpdateExpression: update, ConditionExpression: condition, ExpressionAttributeNames: names, values });
  }

  claim(ticket: string, leaseUntil: string, at: string): Promise<Ticket | undefined> {
    return this.#update(ticket, {
      UpdateExpression: 'SET #status = :processing, lease_until = :lease, updated_at = :at REMOVE next_wake_at ADD attempts :one',
      ConditionExpression: '#status = :queued',
      ExpressionAttributeNames: { '#status': 'status' },
      values: { ':processing': 'processing', ':queued': 'queued', ':lease': leaseUntil, ':at': at, ':one': 1 },
    });
  }

  updateWebhook(ticket: string, expectedWebhookId: string | undefined, webhook: WebhookState): Promise<Ticket | undefined> {
    const condition = expectedWebhookId === undefined ? 'attribute_not_exists(webhook.webhook_id)' : 'webhook.webhook_id = :expected_id';
    const values: Record<string, unknown> = { ':webhook': webhook };
    if (expectedWebhookId !== undefined) values[':expected_id'] = expectedWebhookId;
    return this.#update(ticket, {
      UpdateExpression: 'SET webhook = :webhook',
      ConditionExpression: `attribute_exists(ticket) AND ${condition}`,
      values,
    });
  }

  /** A conditional UpdateItem returning the new ticket, or undefined when the condition failed. */
  async #update(
    ticket: string,
    update: { UpdateExpression: string; ConditionExpression: string; ExpressionAttributeNames?: Record<string, string>; values: Record<string, unknown> },
  ): Promise<Ticket | undefined> {
    const { values, ...expressions } = update;
    const command = new UpdateItemCommand({
      TableName: this.#table,
      Key: toItem({ ticket }),
      ...expressions,
      ExpressionAttributeValues: toItem(values),
      ReturnValues: 'ALL_NEW',
    });
    const result = await conditionHeld(() => this.#client.send(command));
    return result.held && result.value.Attributes ? (unmarshall(result.value.Attributes) as Ticket) : undefined;
  }

  // Reads every ticket, finished or not, on each scheduled re-drive: cheap for tens of thousands of
  // tickets, but past a few hundred thousand this should become a query on a sparse index that holds
  // only unfinished tickets (an attribute set while work is owed and removed when it is done).
  unfinished(): AsyncIterable<Ticket> {
    return this.#scan('#status IN (:queued, :processing) OR webhook.#webhook_status = :pending', {
      names: { '#status': 'status', '#webhook_status': 'status' },
      values: { ':queued': 'queued', ':processing': 'processing', ':pending': 'pending' },
    });
  }

  // A full scan too, every half hour; a sparse index of finished tickets whose submission is still stored would serve it.
  finishedBefore(cutoff: string): AsyncIterable<Ticket> {
    return this.#scan('#status IN (:delivered, :rejected, :failed) AND updated_at < :cutoff AND attribute_not_exists(submission_deleted_at)', {
      names: { '#status': 'status' },
      values: { ':delivered': 'delivered', ':rejected': 'rejected', ':failed': 'failed', ':cutoff': cutoff },
    });
  }

  // The same full scan, for the sweep's search for bodies without a ticket.
  withSubmission(): AsyncIterable<Ticket> {
    return this.#scan('attribute_not_exists(submission_deleted_at)');
  }

  // A full scan on each certificate deletion, which is rare beside submissions.
  awaitingCertificate(clientId: string, certificateId: string): AsyncIterable<Ticket> {
    return this.#scan('#status IN (:queued, :processing) AND client_id = :client AND certificate_id = :certificate', {
      names: { '#status': 'status' },
      values: { ':queued': 'queued', ':processing': 'processing', ':client': clientId, ':certificate': certificateId },
    });
  }

  async *#scan(filter: string, { names, values }: { names?: Record<string, string>; values?: Record<string, unknown> } = {}): AsyncIterable<Ticket> {
    let ExclusiveStartKey: Record<string, never> | undefined;
    do {
      const page = await this.#client.send(
        new ScanCommand({
          TableName: this.#table,
          FilterExpression: filter,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values && toItem(values),
          ExclusiveStartKey,
        }),
      );
      for (const item of page.Items ?? []) yield unmarshall(item) as Ticket;
      ExclusiveStartKey = page.LastEvaluatedKey as typeof ExclusiveStartKey;
    } while (ExclusiveStartKey);
  }
}
