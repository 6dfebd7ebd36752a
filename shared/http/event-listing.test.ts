import { describe, expect, it } from 'vitest';
import type { ClientEvent } from '#shared/domain/event.ts';
import { eventPage, eventRequest } from '#shared/http/event-listing.ts';
import type { EventQuery, EventStore } from '#shared/ports/event-store.ts';

const event = (at: string): ClientEvent => ({ id: `evt_${'A'.repeat(22)}`, type: 'ticket.created', client_id: 'a', created_at: at, data: {} });

/** A store that answers nothing until `answerAfter` calls, and notes each query. */
function store(answerAfter = 0, events: ClientEvent[] = []) {
  const queries: EventQuery[] = [];
  const fake: EventStore = {
    record: async () => undefined,
    recordAll: async () => undefined,
    list: async (_, query) => {
      queries.push(query);
      return { events: queries.length > answerAfter ? events : [] };
    },
  };
  return { fake, queries };
}

describe('eventRequest', () => {
  it("holds a cursor to the client it was handed to: another's, or one altered, is refused", async () => {
    const { fake } = store(0, [event('2026-04-10T08:00:00.000Z')]);
    const { follow_cursor } = await eventPage(fake, 'a', eventRequest({}, 'a'));
    expect(eventRequest({ after: follow_cursor }, 'a').query.after).toMatch(/#~$/);
    expect(() => eventRequest({ after: follow_cursor }, 'b')).toThrow(/cursor this feed handed you/);
    const altered = `${follow_cursor.slice(0, -1)}${follow_cursor.endsWith('x') ? 'y' : 'x'}`;
    expect(() => eventRequest({ after: altered }, 'a')).toThrow(/cursor this feed handed you/);
  });

  it('takes types it knows, and waits only when following', () => {
    expect(eventRequest({ type: 'ticket.delivered,webhook.attempt_failed' }, 'a').query.types).toEqual(['ticket.delivered', 'webhook.attempt_failed']);
    expect(() => eventRequest({ type: 'ticket.deliverd' }, 'a')).toThrow(/comma-separated list of ticket.created/);
    expect(() => eventRequest({ wait: '5' }, 'a')).toThrow(/give after as well/);
    expect(() => eventRequest({ limit: '201' }, 'a')).toThrow(/from 1 to 200/);
    expect(() => eventRequest({ since: 'x' }, 'a')).toThrow(/Unknown parameter/);
  });
});

describe('eventPage', () => {
  it('following, looks again each second until an event comes, and shows none younger than the settling time', async () => {
    const { fake: first } = store();
    const { follow_cursor } = await eventPage(first, 'a', eventRequest({}, 'a'));
    let clock = Date.parse('2026-04-10T08:00:10.000Z');
    const { fake, queries } = store(3, [event('2026-04-10T08:00:11.000Z')]);
    const page = await eventPage(fake, 'a', eventRequest({ after: follow_cursor, wait: '20' }, 'a'), () => new Date((clock += 1000)));
    expect(queries).toHaveLength(4);
    // The deadline is read first, at 08:00:11; the first look at 08:00:12 shows events to 08:00:10.
    expect(queries[0]!.until).toBe('2026-04-10T08:00:10.000Z');
    expect(page.events).toHaveLength(1);
    expect(page.next_cursor).toBeNull();
    expect(eventRequest({ after: page.follow_cursor }, 'a').query.after).toBe(`2026-04-10T08:00:11.000Z#${page.events[0]!.id}`);
  });
});
