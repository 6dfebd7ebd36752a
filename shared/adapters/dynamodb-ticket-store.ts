import { GetItemCommand, PutItemCommand, QueryCommand, ScanCommand, UpdateItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { conditionHeld } from '#shared/adapters/conditional-write.ts';
import { pagedItems } from '#shared/adapters/paged-items.ts';
import { shardOf, shards } from '#shared/adapters/shards.ts';
import { isTerminal, type OwedEvent, type Ticket, type TicketStatus, type WebhookState } from '#shared/domain/ticket.ts';
import type { Needs } from '#shared/manifest.ts';
import type { ExpectedState, TicketChanges, TicketPage, TicketQuery, TicketStore } from '#shared/ports/ticket-store.ts';
import { webhookCondition } from '#shared/adapters/webhook-condition.ts';
import { DynamoTable } from '#shared/adapters/dynamo-table.ts';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { owedEvent, owedTicketEvent, ticketEvent } from '#shared/domain/event.ts';
import type { EventStore } from '#shared/ports/event-store.ts';

const toItem = (value: object) => marshall(value, { removeUndefinedValues: true });

// The sparse indexes of the tickets table (shared/manifest.ts). An item carries `owed_shard` while
// its transmission or webhook is owed, and `unswept_shard` while it is finished and its submission
// still kept; each shard is one partition of the index, so the writes of many tickets spread. While
// it is queued or processing and names a client's certificate, it carries `awaiting_certificate`,
// the client and the certificate: one partition holds the tickets still to be signed with it.
const indexKeys = { owed: 'owed_shard', unswept: 'unswept_shard', awaiting_certificate: 'awaiting_certificate' } as const;
const active = (status: TicketStatus) => status === 'queued' || status === 'processing';
const signer = (clientId: string, certificateId: string) => `${clientId}/${certificateId}`;

// An event a change owes is noted in an attribute of its own, `owed_{event ID}`, which a change sets
// whether or not the item has noted any before (a map's key could be set only in a map already there).
const notePrefix = 'owed_';

/** The ticket without the index attributes, which are this adapter's business alone, its notes of owed events gathered. */
function fromItem(item: Record<string, AttributeValue>): Ticket {
  const { owed_shard: _owed, unswept_shard: _unswept, awaiting_certificate: _awaiting, ...attributes } = unmarshall(item);
  const notes = Object.keys(attributes).filter((name) => name.startsWith(notePrefix));
  if (!notes.length) return attributes as Ticket;
  const events_owed = Object.fromEntries(notes.map((name) => [name.slice(notePrefix.length), attributes[name] as OwedEvent]));
  for (const name of notes) delete attributes[name];
  return { ...attributes, events_owed } as Ticket;
}

/** The index attributes a whole ticket has. */
function indexAttributes(ticket: Ticket): Record<string, string> {
  const shard = shardOf(ticket.ticket);
  return {
    ...((active(ticket.status) || ticket.webhook.status === 'pending') && { owed_shard: shard }),
    ...(isTerminal(ticket.status) && !ticket.submission_deleted_at && { unswept_shard: shard }),
    ...(active(ticket.status) && ticket.certificate_id && { awaiting_certificate: signer(ticket.client_id, ticket.certificate_id) }),
  };
}

/** The item a ticket is stored as, with the attributes that put it in the indexes its state calls for. */
export const ticketItem = ({ events_owed, ...ticket }: Ticket) =>
  toItem({
    ...ticket,
    ...indexAttributes(ticket),
    ...Object.fromEntries(Object.entries(events_owed ?? {}).map(([id, owed]) => [`${notePrefix}${id}`, owed])),
  });

/**
 * How a change moves a ticket in or out of the indexes. Only transmission changes the status, and a
 * ticket's webhook only becomes pending once it is delivered, so a ticket leaving `processing`
 * without a webhook owes nothing any more.
 */
function indexChanges(ticket: string, after: TicketStatus, changes: TicketChanges, notesEvent: boolean): { set: Record<string, string>; remove: string[] } {
  const shard = shardOf(ticket);
  const set: Record<string, string> = {};
  const remove: string[] = [];
  if (changes.status !== undefined || changes.webhook !== undefined) {
    // A change that notes its event owes it until the note is taken off (#tell).
    if (active(after) || changes.webhook?.status === 'pending' || notesEvent) set.owed_shard = shard;
    else remove.push('owed_shard');
  }
  if (changes.status !== undefined && isTerminal(changes.status)) set.unswept_shard = shard;
  // A ticket names its certificate from its creation on, and is in that index until it finishes.
  if (changes.status !== undefined && !active(after)) remove.push('awaiting_certificate');
  if (changes.submission_deleted_at !== undefined) remove.push('unswept_shard');
  return { set, remove };
}

/** The index each query reads; what it does on the table, its commands say. */
export const needs = {
  owed: { indexes: { tickets: ['owed'] } },
  awaitingCertificate: { indexes: { tickets: ['awaiting_certificate'] } },
  finishedBefore: { indexes: { tickets: ['unswept'] } },
  list: { indexes: { tickets: ['by_client'] } },
  byTransferTicket: { indexes: { tickets: ['by_transfer_ticket'] } },
} as const satisfies Partial<Record<keyof TicketStore, Needs>>;

/**
 * Tickets as single items, every write conditional on what it read: a change touches one item, which
 * DynamoDB decides in one step, so no write needs a transaction. Each creation and change of status
 * is told to the client's events here, the one place they are made. The write that makes a change
 * notes its event on the item (`owed_{event ID}`), so that a crash before the event is written loses
 * nothing: every later change writes the events its item still notes, and so does a wake-up or the
 * re-drive that finds a finished ticket owing them (`tellOwedEvents`). A creation's event waits for
 * the claim, which writes it with its own in one BatchWriteItem; a finished ticket's event is written
 * at once, and its notes taken off with the owed index's key, by one more write. An event's ID is
 * made of the ticket and the change, so writing it again changes nothing.
 */
export class DynamoTicketStore extends DynamoTable implements TicketStore {
  readonly #events: (() => EventStore) | undefined;
  /** The noted events this process has written, by ticket, while it holds the ticket: not written again. */
  readonly #written = new Map<string, Set<string>>();

  /**
   * `events`: where the client's events go, asked for only when one is told, so a function that only
   * reads tickets needs nothing of the events table; without it (the operator's commands), none are written.
   */
  constructor(client: DynamoDBClient, table: string, events?: () => EventStore) {
    super(client, table);
    this.#events = events;
  }

  async create(ticket: Ticket): Promise<boolean> {
    const note = this.#events && owedEvent(ticket.ticket, ticket.status, ticket.updated_at, true);
    const put = new PutItemCommand({
      TableName: this.table,
      Item: ticketItem({ ...ticket, ...(note && { events_owed: { [note.id]: note.owed } }) }),
      ConditionExpression: 'attribute_not_exists(ticket)',
    });
    return (await conditionHeld(() => this.client.send(put))).held;
  }

  async get(ticket: string): Promise<Ticket | undefined> {
    const { Item } = await this.client.send(new GetItemCommand({ TableName: this.table, Key: toItem({ ticket }), ConsistentRead: true }));
    return Item ? fromItem(Item) : undefined;
  }

  async transition(ticket: string, expected: ExpectedState, changes: TicketChanges, remove: readonly (keyof Ticket)[] = []): Promise<Ticket | undefined> {
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, unknown> = { ':expected_status': expected.status };
    // The service's changes of status say when they were made (updated_at), which their event is told by.
    const note = this.#events && changes.status !== undefined && changes.updated_at !== undefined ? this.#note(ticket, changes.status, changes.updated_at) : {};
    const index = indexChanges(ticket, changes.status ?? expected.status, changes, Object.keys(note).length > 0);
    const sets = Object.entries({ ...changes, ...index.set, ...note })
      .filter(([, value]) => value !== undefined)
      .map(([field, value], i) => {
        names[`#f${i}`] = field;
        values[`:v${i}`] = value;
        return `#f${i} = :v${i}`;
      });
    const removals = [...remove, ...index.remove].map((field, i) => {
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
    const changed = await this.#update(ticket, { UpdateExpression: update, ConditionExpression: condition, ExpressionAttributeNames: names, values });
    if (changes.status === undefined) return changed;
    // One that does not is told after its write, when its time is known.
    if (changed && !Object.keys(note).length) await this.#events?.().record(ticketEvent(changed));
    return this.#tell(changed);
  }

  async claim(ticket: string, leaseUntil: string, at: string): Promise<Ticket | undefined> {
    const [[noteName, noteValue] = []] = Object.entries(this.#events ? this.#note(ticket, 'processing', at) : {});
    return this.#tell(
      await this.#update(ticket, {
        UpdateExpression: `SET #status = :processing, lease_until = :lease, updated_at = :at${noteName ? ', #note = :note' : ''} REMOVE next_wake_at ADD attempts :one`,
        ConditionExpression: '#status = :queued',
        ExpressionAttributeNames: { '#status': 'status', ...(noteName && { '#note': noteName }) },
        values: { ':processing': 'processing', ':queued': 'queued', ':lease': leaseUntil, ':at': at, ':one': 1, ...(noteName && { ':note': noteValue }) },
      }),
    );
  }

  async tellOwedEvents(ticket: string): Promise<void> {
    const current = this.#events && (await this.get(ticket));
    if (!current) return;
    // A ticket an earlier version finished notes nothing: its end is told again, as that version did.
    if (!current.events_owed && isTerminal(current.status)) await this.#events!().record(ticketEvent(current));
    else if (current.events_owed) await this.#tell(current);
  }

  /** The attribute that notes the event of a change to `status` at `at`, with its note. */
  #note(ticket: string, status: TicketStatus, at: string): Record<string, OwedEvent> {
    const { id, owed } = owedEvent(ticket, status, at);
    return { [`${notePrefix}${id}`]: owed };
  }

  /**
   * Writes the events the ticket notes that this process has not written yet, in one BatchWriteItem.
   * Once it is finished, takes the notes off, and with them the key of the owed index unless its
   * webhook is still owed: a crash before that leaves it to the re-drive, which finds it there.
   */
  async #tell(changed: Ticket | undefined): Promise<Ticket | undefined> {
    if (!changed?.events_owed) return changed;
    const written = this.#written.get(changed.ticket) ?? new Set<string>();
    const owed = Object.entries(changed.events_owed).filter(([id]) => !written.has(id));
    await this.#events!().recordAll(owed.map(([, note]) => owedTicketEvent(changed, note)));
    const ids = Object.keys(changed.events_owed);
    if (!isTerminal(changed.status)) {
      // A queued ticket may be claimed by another process next.
      if (changed.status === 'processing') this.#written.set(changed.ticket, new Set(ids));
      else this.#written.delete(changed.ticket);
      return changed;
    }
    this.#written.delete(changed.ticket);
    await this.#takeNotesOff(changed.ticket, ids, changed.webhook.status === 'pending');
    const { events_owed: _told, ...told } = changed;
    return told;
  }

  /** Removes the notes of events written, and the owed index's key where no webhook is owed, which a webhook's change would have set. */
  async #takeNotesOff(ticket: string, ids: readonly string[], webhookOwed: boolean): Promise<void> {
    const names = Object.fromEntries(ids.map((id, i) => [`#n${i}`, `${notePrefix}${id}`]));
    const notes = Object.keys(names).join(', ');
    const off = (condition: string, remove: string, values: Record<string, unknown>, extra: Record<string, string> = {}) =>
      this.#update(ticket, { UpdateExpression: `REMOVE ${remove}`, ConditionExpression: condition, ExpressionAttributeNames: { ...names, ...extra }, values });
    const left =
      !webhookOwed &&
      (await off(
        'attribute_exists(ticket) AND webhook.#webhook_status <> :pending',
        `${notes}, owed_shard`,
        { ':pending': 'pending' },
        { '#webhook_status': 'status' },
      ));
    if (!left) await off('attribute_exists(ticket)', notes, {});
  }

  claimRecords(ticket: string, leaseUntil: string, at: string): Promise<Ticket | undefined> {
    return this.#update(ticket, {
      UpdateExpression: 'SET lease_until = :lease, updated_at = :at',
      ConditionExpression: '#status = :processing AND attribute_exists(transfer_ticket) AND lease_until < :at',
      ExpressionAttributeNames: { '#status': 'status' },
      values: { ':processing': 'processing', ':lease': leaseUntil, ':at': at },
    });
  }

  // A webhook is delivered only for a delivered ticket, which owes nothing else: it is owed while pending.
  updateWebhook(ticket: string, expectedWebhookId: string | undefined, webhook: WebhookState, expectedAttempts?: number): Promise<Ticket | undefined> {
    const { condition, values } = webhookCondition(expectedWebhookId, expectedAttempts);
    values[':webhook'] = webhook;
    const owed = webhook.status === 'pending';
    if (owed) values[':shard'] = shardOf(ticket);
    return this.#update(ticket, {
      UpdateExpression: owed ? 'SET webhook = :webhook, owed_shard = :shard' : 'SET webhook = :webhook REMOVE owed_shard',
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
      TableName: this.table,
      Key: toItem({ ticket }),
      ...expressions,
      // DynamoDB refuses an empty map of values.
      ExpressionAttributeValues: Object.keys(values).length ? toItem(values) : undefined,
      ReturnValues: 'ALL_NEW',
    });
    const result = await conditionHeld(() => this.client.send(command));
    return result.held && result.value.Attributes ? fromItem(result.value.Attributes) : undefined;
  }

  owed(): AsyncIterable<Ticket> {
    return this.#queryShards('owed');
  }

  /**
   * Gives every ticket the index attributes its state calls for, as tickets written before the
   * indexes existed lack them (`npm run tickets -- reindex`). Each write is conditional on the state
   * read, so a ticket that moved meanwhile keeps what its move wrote. Returns how many it changed.
   */
  async reindex(): Promise<number> {
    let changed = 0;
    for await (const item of pagedItems((ExclusiveStartKey) => this.client.send(new ScanCommand({ TableName: this.table, ExclusiveStartKey })))) {
      const ticket = fromItem(item);
      const wanted = indexAttributes(ticket);
      const sets = Object.keys(wanted).filter((key) => item[key]?.S !== wanted[key]);
      const removals = Object.values(indexKeys).filter((key) => item[key] && !(key in wanted));
      if (!sets.length && !removals.length) continue;
      const update = [sets.length ? `SET ${sets.map((key) => `${key} = :${key}`).join(', ')}` : '', removals.length ? `REMOVE ${removals.join(', ')}` : '']
        .filter(Boolean)
        .join(' ');
      const values = {
        ':status': ticket.status,
        ':webhook_status': ticket.webhook.status,
        ...Object.fromEntries(sets.map((key) => [`:${key}`, wanted[key]])),
      };
      const moved = await this.#update(ticket.ticket, {
        UpdateExpression: update,
        ConditionExpression: '#status = :status AND webhook.#webhook_status = :webhook_status',
        ExpressionAttributeNames: { '#status': 'status', '#webhook_status': 'status' },
        values,
      });
      if (moved) changed++;
    }
    return changed;
  }

  async *finishedBefore(cutoff: string): AsyncIterable<Pick<Ticket, 'ticket' | 'status'>> {
    yield* this.#queryShards('unswept', { condition: 'updated_at < :cutoff', values: { ':cutoff': cutoff } });
  }

  /**
   * One partition of a sparse index, whatever the client's history or the backlog of others. The
   * index carries the status: a ticket an earlier version finished, which did not take it out of
   * the index, is left out by it.
   */
  async byTransferTicket(transferTicket: string): Promise<Pick<Ticket, 'ticket' | 'client_id'> | undefined> {
    const found = await this.firstInIndex('by_transfer_ticket', {
      KeyConditionExpression: 'transfer_ticket = :transfer',
      ExpressionAttributeValues: toItem({ ':transfer': transferTicket }),
    });
    const item = found && unmarshall(found);
    return item && { ticket: item.ticket, client_id: item.client_id };
  }

  async *awaitingCertificate(clientId: string, certificateId: string): AsyncIterable<Pick<Ticket, 'ticket' | 'status'>> {
    const items = pagedItems((ExclusiveStartKey) =>
      this.client.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: 'awaiting_certificate',
          KeyConditionExpression: 'awaiting_certificate = :signer',
          FilterExpression: '#status IN (:queued, :processing)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: toItem({ ':signer': signer(clientId, certificateId), ':queued': 'queued', ':processing': 'processing' }),
          ExclusiveStartKey,
        }),
      ),
    );
    for await (const item of items) {
      const { ticket, status } = unmarshall(item) as Pick<Ticket, 'ticket' | 'status'>;
      yield { ticket, status };
    }
  }

  async list(clientId: string, query: TicketQuery): Promise<TicketPage> {
    const { after, created_after: from, created_before: before } = query;
    // A sort key takes one condition: with both bounds BETWEEN, and `before` itself dropped below.
    const range = from && before ? 'created_at BETWEEN :from AND :before' : from ? 'created_at >= :from' : before ? 'created_at < :before' : undefined;
    const { items, last } = await this.clientPage(
      clientId,
      'ticket',
      {
        limit: query.limit,
        after,
        range,
        rangeValues: { ':from': from, ':before': before },
        equal: { kind: query.kind, status: query.status, client_reference: query.client_reference },
      },
      (item) => {
        const ticket = fromItem(item);
        return !before || ticket.created_at < before ? ticket : undefined;
      },
    );
    return { tickets: items, ...(last && { last }) };
  }

  /** Every shard of a sparse index, page by page. */
  async *#queryShards(
    index: 'owed' | 'unswept',
    { condition, filter, names, values }: { condition?: string; filter?: string; names?: Record<string, string>; values?: Record<string, unknown> } = {},
  ): AsyncIterable<Ticket> {
    for (let shard = 0; shard < shards; shard++) {
      const items = pagedItems((ExclusiveStartKey) =>
        this.client.send(
          new QueryCommand({
            TableName: this.table,
            IndexName: index,
            KeyConditionExpression: [`${indexKeys[index]} = :shard`, condition].filter(Boolean).join(' AND '),
            FilterExpression: filter,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: toItem({ ...values, ':shard': String(shard) }),
            ExclusiveStartKey,
          }),
        ),
      );
      for await (const item of items) yield fromItem(item);
    }
  }
}
