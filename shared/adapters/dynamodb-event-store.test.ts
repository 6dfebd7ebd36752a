// Against dynalite, the local stand-in, in memory: the ticket store tells each creation and change
// of status to the event store, once however often it is told; the event store lists one client's
// events newest first, or oldest first after a position up to a time, by type.

import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoEventStore } from '#shared/adapters/dynamodb-event-store.ts';
import { DynamoTicketStore } from '#shared/adapters/dynamodb-ticket-store.ts';
import { eventPosition, positionAfter } from '#shared/domain/event.ts';
import { newTicketId } from '#shared/domain/ticket.ts';
import { aTicket } from '#test/fakes.ts';
import { startMemoryTable, type MemoryTable } from '#test/support/memory-table.ts';

let tickets: MemoryTable;
let events: MemoryTable;
let eventStore: DynamoEventStore;
let ticketStore: DynamoTicketStore;
const now = '2026-11-22T12:00:00.000Z';

beforeAll(async () => {
  [tickets, events] = await Promise.all([startMemoryTable('tickets'), startMemoryTable('events')]);
  eventStore = new DynamoEventStore(events.client, events.tableName);
  ticketStore = new DynamoTicketStore(tickets.client, tickets.tableName, () => eventStore);
});
afterAll(async () => {
  await tickets?.close();
  await events?.close();
});

describe('DynamoTicketStore with events', () => {
  it("tells the client's events of a ticket's creation and each change of status, and the end once however often it is told again", async () => {
    const client_id = `client-${newTicketId()}`;
    const ticket = aTicket({ ticket: newTicketId(), client_id, client_reference: 'ref-1' });
    await ticketStore.create(ticket);
    await ticketStore.claim(ticket.ticket, '2026-11-22T10:05:00.000Z', '2026-11-22T10:00:01.000Z');
    // A change that leaves the status as it was tells nothing.
    await ticketStore.transition(ticket.ticket, { status: 'processing' }, { lease_until: '2026-11-22T10:06:00.000Z' });
    await ticketStore.transition(ticket.ticket, { status: 'processing' }, { status: 'rejected', updated_at: '2026-11-22T10:00:02.000Z' });
    await ticketStore.tellOwedEvents(ticket.ticket);
    await ticketStore.tellOwedEvents(ticket.ticket);
    const { events: listed } = await eventStore.list(client_id, { limit: 10, now });
    expect(listed.map((event) => [event.type, event.data.status, event.created_at])).toEqual([
      ['ticket.rejected', 'rejected', '2026-11-22T10:00:02.000Z'],
      ['ticket.status_changed', 'processing', '2026-11-22T10:00:01.000Z'],
      ['ticket.created', 'queued', '2026-11-22T10:00:00.000Z'],
    ]);
    expect(listed[0]!.data).toMatchObject({ ticket: ticket.ticket, client_reference: 'ref-1' });
  });

  it('tells nothing when the change did not happen, and retells no end of a ticket still at work', async () => {
    const client_id = `client-${newTicketId()}`;
    const ticket = aTicket({ ticket: newTicketId(), client_id });
    await ticketStore.create(ticket);
    expect(await ticketStore.transition(ticket.ticket, { status: 'processing' }, { status: 'failed' })).toBeUndefined();
    await ticketStore.tellOwedEvents(ticket.ticket);
    expect((await eventStore.list(client_id, { limit: 10, now })).events.map((event) => event.type)).toEqual(['ticket.created']);
  });
});

describe('DynamoTicketStore with events, after a crash between a change and its event', () => {
  /** An event store whose writes fail, as a process killed before them would leave them unwritten. */
  const failing = {
    record: () => Promise.reject(new Error('killed')),
    recordAll: () => Promise.reject(new Error('killed')),
    list: () => eventStore.list('', { limit: 1, now }),
  };
  const owedIndex = async (ticket: string) => {
    const { Item } = await tickets.client.send(new GetItemCommand({ TableName: tickets.tableName, Key: { ticket: { S: ticket } } }));
    return { shard: Item?.owed_shard?.S, notes: Object.keys(Item ?? {}).filter((name) => name.startsWith('owed_evt_')).length };
  };

  it('keeps each change noted on its ticket, and whoever tells it next writes every event once and takes the notes off', async () => {
    const client_id = `client-${newTicketId()}`;
    const ticket = aTicket({ ticket: newTicketId(), client_id });
    const crashing = new DynamoTicketStore(tickets.client, tickets.tableName, () => failing);
    await crashing.create(ticket);
    await expect(crashing.claim(ticket.ticket, '2026-11-22T10:05:00.000Z', '2026-11-22T10:00:01.000Z')).rejects.toThrow('killed');
    await expect(crashing.transition(ticket.ticket, { status: 'processing' }, { status: 'delivered', updated_at: '2026-11-22T10:00:02.000Z' })).rejects.toThrow(
      'killed',
    );
    expect(await owedIndex(ticket.ticket)).toEqual({ shard: expect.any(String), notes: 3 });
    expect((await eventStore.list(client_id, { limit: 10, now })).events).toEqual([]);

    await ticketStore.tellOwedEvents(ticket.ticket);
    await ticketStore.tellOwedEvents(ticket.ticket);
    const { events: listed } = await eventStore.list(client_id, { limit: 10, now });
    expect(listed.map((event) => [event.type, event.data.status, event.data.attempts])).toEqual([
      ['ticket.delivered', 'delivered', 1],
      ['ticket.status_changed', 'processing', 1],
      ['ticket.created', 'queued', 0],
    ]);
    expect(await owedIndex(ticket.ticket)).toEqual({ shard: undefined, notes: 0 });
    expect((await ticketStore.get(ticket.ticket))?.events_owed).toBeUndefined();
  });

  it("writes a creation's event with the claim's, in one call, and a finished ticket's at once, leaving nothing owed", async () => {
    const client_id = `client-${newTicketId()}`;
    const ticket = aTicket({ ticket: newTicketId(), client_id });
    const calls: string[] = [];
    const counting = new DynamoTicketStore(tickets.client, tickets.tableName, () => ({
      record: (event) => (calls.push(event.type), eventStore.record(event)),
      recordAll: (events) => (calls.push(events.map((event) => event.type).join('+')), eventStore.recordAll(events)),
      list: (id, query) => eventStore.list(id, query),
    }));
    await counting.create(ticket);
    expect(calls).toEqual([]);
    await counting.claim(ticket.ticket, '2026-11-22T10:05:00.000Z', '2026-11-22T10:00:01.000Z');
    await counting.transition(ticket.ticket, { status: 'processing' }, { status: 'failed', updated_at: '2026-11-22T10:00:02.000Z' });
    expect(calls).toEqual(['ticket.created+ticket.status_changed', 'ticket.failed']);
    expect(await owedIndex(ticket.ticket)).toEqual({ shard: undefined, notes: 0 });
  });

  it('takes the notes off a delivered ticket whose webhook is owed, and leaves it in the owed index for the webhook', async () => {
    const ticket = aTicket({ ticket: newTicketId(), client_id: `client-${newTicketId()}` });
    await ticketStore.create(ticket);
    await ticketStore.claim(ticket.ticket, '2026-11-22T10:05:00.000Z', '2026-11-22T10:00:01.000Z');
    const webhook = { status: 'pending' as const, attempts: 0, webhook_id: 'msg_1' };
    await ticketStore.transition(ticket.ticket, { status: 'processing' }, { status: 'delivered', updated_at: '2026-11-22T10:00:02.000Z', webhook });
    expect(await owedIndex(ticket.ticket)).toEqual({ shard: expect.any(String), notes: 0 });
  });
});

describe('DynamoEventStore.list', () => {
  const client_id = `client-${newTicketId()}`;
  const at = (second: number) => `2026-11-22T11:00:${String(second).padStart(2, '0')}.000Z`;

  beforeAll(async () => {
    for (let second = 0; second < 6; second++) {
      const ticket = aTicket({ ticket: newTicketId(), client_id, created_at: at(second), updated_at: at(second) });
      await ticketStore.create(ticket);
      // A creation's event waits for the claim, or for whoever tells what the ticket owes.
      await ticketStore.tellOwedEvents(ticket.ticket);
    }
    await eventStore.record({ id: 'evt_AAAAAAAAAAAAAAAAAAAAAA', type: 'webhook.attempt_failed', client_id, created_at: at(6), data: { attempt: 1 } });
    // Another client's, and one long expired.
    await eventStore.record({ id: 'evt_BBBBBBBBBBBBBBBBBBBBBB', type: 'ticket.created', client_id: 'someone-else', created_at: at(3), data: {} });
    await eventStore.record({ id: 'evt_CCCCCCCCCCCCCCCCCCCCCC', type: 'ticket.created', client_id, created_at: '2025-01-01T00:00:00.000Z', data: {} });
  });

  it('pages newest first, each event once, and none of another client or expired', async () => {
    const first = await eventStore.list(client_id, { limit: 4, now });
    expect(first.events.map((event) => event.created_at)).toEqual([at(6), at(5), at(4), at(3)]);
    const second = await eventStore.list(client_id, { limit: 4, now, before: first.last });
    expect(second.events.map((event) => event.created_at)).toEqual([at(2), at(1), at(0)]);
    expect(second.last).toBeUndefined();
  });

  it('follows oldest first from just after a position, up to a time', async () => {
    const { events: all } = await eventStore.list(client_id, { limit: 10, now });
    const after = eventPosition(all.find((event) => event.created_at === at(1))!);
    const followed = await eventStore.list(client_id, { limit: 10, now, after, until: at(4) });
    expect(followed.events.map((event) => event.created_at)).toEqual([at(2), at(3), at(4)]);
    expect((await eventStore.list(client_id, { limit: 10, now, after: positionAfter(at(5)), until: at(4) })).events).toEqual([]);
  });

  it('filters by type', async () => {
    const { events: listed } = await eventStore.list(client_id, { limit: 10, now, types: ['webhook.attempt_failed'] });
    expect(listed.map((event) => event.id)).toEqual(['evt_AAAAAAAAAAAAAAAAAAAAAA']);
  });
});
