// Idempotency-Key (the OpenAPI document) over real HTTP against the local runtime, whose DynamoDB stand-in
// has no transactions: one key and request make one ticket, however often and however concurrently sent.

import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo } from '#shared/adapters/dynamo-client.ts';
import { tableName } from '#shared/config.ts';
import { type Reply, serviceOfFile } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

const service = serviceOfFile();

const post = (body: string, apiKey: string, idempotencyKey?: string) =>
  service.call('POST', '/v2/ustva', {
    body,
    key: apiKey,
    headers: { 'content-type': 'application/json', ...(idempotencyKey !== undefined && { 'idempotency-key': idempotencyKey }) },
  });

/** Every ticket the client has, straight from the table. */
async function ticketsOf(clientId: string): Promise<string[]> {
  const { Items = [] } = await dynamo().send(new ScanCommand({ TableName: tableName('tickets'), ConsistentRead: true }));
  return Items.map((item) => unmarshall(item))
    .filter((ticket) => ticket.client_id === clientId)
    .map((ticket) => ticket.ticket);
}

const replayed = (reply: Reply) => reply.headers.get('idempotent-replayed');

/** The same value with every object's keys in reverse order. */
const reversed = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(reversed);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reversed(v)]),
    );
  return value;
};

const expectError = (reply: Reply, status: number, code: string) => {
  expect(reply.status).toBe(status);
  expect(reply.json).toMatchObject({ success: false, status, data: null, error: { code } });
};

describe('Idempotency-Key', () => {
  it('answers the same key and body with the same ticket, sent and transmitted once', async () => {
    const { clientId, apiKey } = await service.newClient('idem');
    const body = JSON.stringify(ustvaSample());
    const first = await post(body, apiKey, 'order-1');
    expect(first.status).toBe(202);
    expect(replayed(first)).toBeNull();
    const ticket = first.json.data.ticket;

    const again = await post(body, apiKey, 'order-1');
    expect(again.status).toBe(202);
    expect(replayed(again)).toBe('true');
    expect(again.headers.get('location')).toBe(`/v2/ticket/${ticket}`);
    expect(again.json).toMatchObject({ success: true, message: 'Submission accepted' });
    expect(again.json.data).toMatchObject({ ticket, kind: 'ustva', created_at: first.json.data.created_at, links: first.json.data.links });

    expect(await service.waitForStatus(ticket, ['delivered'], apiKey)).toMatchObject({ attempts: 1 });
    const late = await post(body, apiKey, 'order-1');
    expect(late.json.data).toMatchObject({ ticket, status: 'delivered' });
    expect(await ticketsOf(clientId)).toEqual([ticket]);
  });

  it('counts a body with other key order and whitespace as the same', async () => {
    const { clientId, apiKey } = await service.newClient('idem');
    const first = await post(JSON.stringify(ustvaSample()), apiKey, 'order-2');
    const rewritten = await post(JSON.stringify(reversed(ustvaSample()), null, 4), apiKey, 'order-2');
    expect(rewritten.status).toBe(202);
    expect(replayed(rewritten)).toBe('true');
    expect(rewritten.json.data.ticket).toBe(first.json.data.ticket);
    expect(await ticketsOf(clientId)).toHaveLength(1);
  });

  it('answers the same key with another body with 422 IDEMPOTENCY_KEY_REUSED, and keeps the first', async () => {
    const { clientId, apiKey } = await service.newClient('idem');
    const first = await post(JSON.stringify(ustvaSample()), apiKey, 'order-3');
    expectError(await post(JSON.stringify({ ...ustvaSample(), period: '04' }), apiKey, 'order-3'), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect((await post(JSON.stringify(ustvaSample()), apiKey, 'order-3')).json.data.ticket).toBe(first.json.data.ticket);
    expect(await ticketsOf(clientId)).toEqual([first.json.data.ticket]);
  });

  it('makes exactly one ticket of 20 concurrent identical requests; the others replay it or answer 409', async () => {
    const { clientId, apiKey } = await service.newClient('idem');
    const body = JSON.stringify(ustvaSample());
    const replies = await Promise.all(Array.from({ length: 20 }, () => post(body, apiKey, 'order-4')));

    const accepted = replies.filter((reply) => reply.status === 202);
    const busy = replies.filter((reply) => reply.status !== 202);
    expect(new Set(accepted.map((reply) => reply.json.data.ticket)).size).toBe(1);
    expect(accepted.filter((reply) => replayed(reply) !== 'true')).toHaveLength(1);
    for (const reply of busy) {
      expectError(reply, 409, 'IDEMPOTENCY_IN_PROGRESS');
      expect(reply.headers.get('retry-after')).toBe('1');
    }
    const ticket = accepted[0]!.json.data.ticket;
    expect(await ticketsOf(clientId)).toEqual([ticket]);

    const retry = await post(body, apiKey, 'order-4');
    expect(retry.json.data.ticket).toBe(ticket);
    expect(await service.waitForStatus(ticket, ['delivered'], apiKey)).toMatchObject({ attempts: 1 });
  });

  it("keeps clients apart: another client's same key and body makes that client's own ticket", async () => {
    const a = await service.newClient('idem');
    const b = await service.newClient('idem');
    const body = JSON.stringify(ustvaSample());
    const ofA = await post(body, a.apiKey, 'shared-key');
    const ofB = await post(body, b.apiKey, 'shared-key');
    expect(ofB.status).toBe(202);
    expect(replayed(ofB)).toBeNull();
    expect(ofB.json.data.ticket).not.toBe(ofA.json.data.ticket);
    expect(await ticketsOf(b.clientId)).toEqual([ofB.json.data.ticket]);
  });

  it.each([
    ['empty', ''],
    ['over 255 characters', 'k'.repeat(256)],
    ['a tab', 'order\t5'],
    ['non-ASCII', 'bestellung-ä'],
  ])('answers a key that is %s with 400 BAD_REQUEST and stores nothing', async (_, key) => {
    const { clientId, apiKey } = await service.newClient('idem');
    expectError(await post(JSON.stringify(ustvaSample()), apiKey, key), 400, 'BAD_REQUEST');
    expect(await ticketsOf(clientId)).toEqual([]);
  });

  it('takes a key of 255 printable characters', async () => {
    const { apiKey } = await service.newClient('idem');
    expect((await post(JSON.stringify(ustvaSample()), apiKey, `${' !~'.repeat(84)}key`)).status).toBe(202);
  });

  it('does not use up a key on a body that fails validation', async () => {
    const { apiKey } = await service.newClient('idem');
    expectError(await post(JSON.stringify({ ...ustvaSample(), period: '13' }), apiKey, 'order-6'), 422, 'VALIDATION_FAILED');
    expectError(await post(JSON.stringify({ ...ustvaSample(), test: false }), apiKey, 'order-6'), 422, 'VALIDATION_FAILED');
    const valid = await post(JSON.stringify(ustvaSample()), apiKey, 'order-6');
    expect(valid.status).toBe(202);
    expect(replayed(valid)).toBeNull();
  });

  it('leaves a submission without the header as it was: every one is a new ticket', async () => {
    const { clientId, apiKey } = await service.newClient('idem');
    const body = JSON.stringify(ustvaSample());
    const first = await post(body, apiKey);
    const second = await post(body, apiKey);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(replayed(second)).toBeNull();
    expect(second.json.data.ticket).not.toBe(first.json.data.ticket);
    expect((await ticketsOf(clientId)).sort()).toEqual([first.json.data.ticket, second.json.data.ticket].sort());
  });
});
