// `GET /v2/tickets` over HTTP against the local runtime: the caller's tickets newest first, page by
// page, filtered; another client sees none of them, and a cursor not handed to the caller reads nothing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { estSample, ustvaSample } from '#test/support/samples.ts';

let service: LocalService;
let otherKey: string;
/** The caller's tickets as `GET /v2/ticket/{ticket}` shows them, oldest first. */
const tickets: any[] = [];

beforeAll(async () => {
  service = await startService();
  otherKey = await service.runtime.createApiKey('other-client');
  const bodies = [
    { ...ustvaSample(), client_reference: 'march' },
    { ...estSample() },
    { ...ustvaSample(), client_reference: 'march' },
    { ...ustvaSample(), client_reference: 'april' },
    { ...estSample(), client_reference: 'march' },
  ];
  for (const body of bodies) {
    const reply = await service.submit(body === bodies[1] || body === bodies[4] ? 'est' : 'ustva', body);
    expect(reply.status).toBe(202);
    tickets.push(await service.waitForStatus(reply.json.data.ticket, ['delivered', 'rejected', 'failed']));
  }
  // Metadata read after every ticket finished, as the listing shows it.
  for (const [i, ticket] of tickets.entries()) tickets[i] = (await service.call('GET', `/v2/ticket/${ticket.ticket}`)).json.data;
}, 120_000);
afterAll(() => service?.stop());

const list = (query = '', key?: string) => service.call('GET', `/v2/tickets${query}`, { key });
const ids = (listed: any[]) => listed.map((ticket) => ticket.ticket);
const newestFirst = () => ids(tickets).reverse();

describe('GET /v2/tickets', () => {
  it('gives the newest ticket and a cursor for limit=1, and lists every ticket newest first by following the cursors, null at the end', async () => {
    const first = await list('?limit=1');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ success: true, status: 200, message: 'Tickets' });
    expect(first.json.data.tickets).toEqual([tickets.at(-1)]);
    expect(first.json.data.next_cursor).toEqual(expect.any(String));

    const seen: any[] = [...first.json.data.tickets];
    let cursor = first.json.data.next_cursor;
    while (cursor) {
      const page = await list(`?limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect(page.status).toBe(200);
      seen.push(...page.json.data.tickets);
      cursor = page.json.data.next_cursor;
    }
    expect(ids(seen)).toEqual(newestFirst());
    expect((await list()).json.data).toEqual({ tickets: [...tickets].reverse(), next_cursor: null });
    expect((await list('?limit=5')).json.data.next_cursor).toBeNull();
  });

  it('shows no tax number in full', async () => {
    const reply = await list();
    expect(reply.text).not.toContain(ustvaSample().tax_number);
    expect(reply.json.data.tickets[0].tax_number).toMatch(/^\*+\d{4}$/);
  });

  it('keeps only the tickets of the kind, status, client_reference and time asked for', async () => {
    const listed = async (query: string) => {
      const reply = await list(query);
      expect(reply.status, query).toBe(200);
      return ids(reply.json.data.tickets);
    };
    const [t0, t1, t2, t3, t4] = ids(tickets);
    expect(await listed('?kind=est')).toEqual([t4, t1]);
    expect(await listed('?client_reference=march')).toEqual([t4, t2, t0]);
    expect(await listed('?client_reference=march&kind=ustva')).toEqual([t2, t0]);
    expect(await listed('?client_reference=marc')).toEqual([]);
    expect(await listed(`?status=${tickets[0].status}&limit=200`)).toEqual(ids(tickets.filter((t) => t.status === tickets[0].status)).reverse());
    expect(await listed(`?created_after=${tickets[2].created_at}`)).toEqual([t4, t3, t2]);
    expect(await listed(`?created_before=${tickets[2].created_at}`)).toEqual([t1, t0]);
    // The same instant written in Berlin's winter time.
    const inBerlin = `${new Date(Date.parse(tickets[2].created_at) + 3_600_000).toISOString().slice(0, -1)}+01:00`;
    expect(await listed(`?created_after=${encodeURIComponent(inBerlin)}`)).toEqual([t4, t3, t2]);
    expect(await listed(`?created_after=${tickets[1].created_at}&created_before=${tickets[3].created_at}`)).toEqual([t2, t1]);

    const page = await list(`?client_reference=march&limit=1`);
    expect(ids(page.json.data.tickets)).toEqual([t4]);
    expect(await listed(`?client_reference=march&cursor=${page.json.data.next_cursor}`)).toEqual([t2, t0]);
  });

  it("shows another client none of the caller's tickets", async () => {
    const reply = await list('', otherKey);
    expect(reply.status).toBe(200);
    expect(reply.json.data).toEqual({ tickets: [], next_cursor: null });
    expect((await list('?client_reference=march', otherKey)).json.data.tickets).toEqual([]);
  });

  it("refuses another client's cursor and a tampered one with 400, reading nothing", async () => {
    const cursor = (await list('?limit=1')).json.data.next_cursor as string;
    const refused = async (query: string, key?: string) => {
      const reply = await list(query, key);
      expect(reply.status, query).toBe(400);
      expect(reply.json.data).toBeNull();
      expect(reply.json.error.code).toBe('BAD_REQUEST');
      expect(reply.text).not.toContain(tickets[0].ticket);
      return reply.json.error.details[0];
    };
    expect(await refused(`?cursor=${cursor}`, otherKey)).toMatchObject({ path: 'cursor', code: 'CURSOR_INVALID' });
    const tampered = `${cursor.slice(0, -2)}${cursor.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(await refused(`?cursor=${tampered}`)).toMatchObject({ path: 'cursor', code: 'CURSOR_INVALID' });
    expect(await refused('?cursor=not-a-cursor')).toMatchObject({ path: 'cursor', code: 'CURSOR_INVALID' });
    // The cursor's ticket lies outside these times: it was not made with them.
    expect(await refused(`?cursor=${cursor}&created_before=${tickets.at(-1).created_at}`)).toMatchObject({ path: 'cursor' });
  });

  it.each([
    ['?limit=0', 'limit', 'LIMIT_INVALID'],
    ['?limit=201', 'limit', 'LIMIT_INVALID'],
    ['?limit=ten', 'limit', 'LIMIT_INVALID'],
    ['?kind=UStVA', 'kind', 'FILTER_INVALID'],
    ['?status=done', 'status', 'FILTER_INVALID'],
    ['?created_after=yesterday', 'created_after', 'FILTER_INVALID'],
    ['?created_before=2026-13-01', 'created_before', 'FILTER_INVALID'],
    ['?stauts=failed', 'stauts', 'PARAMETER_UNKNOWN'],
  ])('refuses %s with 400 naming %s', async (query, path, code) => {
    const reply = await list(query);
    expect(reply.status).toBe(400);
    expect(reply.json.error).toMatchObject({ code: 'BAD_REQUEST', details: [{ path, code }] });
  });
});
