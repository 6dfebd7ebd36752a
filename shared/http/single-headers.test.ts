import { describe, expect, it } from 'vitest';
import { apiHandler } from '#shared/http/api-handler.ts';
import { singleValuedHeaders } from '#shared/http/single-headers.ts';
import { apiEvent, context } from '#test/fakes.ts';

const handler = apiHandler(async () => ({ status: 200, message: 'ok', data: null }));
const get = async (headers: Record<string, string>) => {
  const response = await handler(apiEvent('GET', '/v2/version', { headers }), context());
  return { status: response.statusCode, body: JSON.parse(response.body ?? '') as { message: string; error?: { code: string } } };
};

describe('singleHeaders', () => {
  it.each(singleValuedHeaders.map((name) => [name]))('refuses %s sent twice (joined with a comma) with 400 BAD_REQUEST', async (name) => {
    const { status, body } = await get({ [name.toLowerCase()]: 'first,second' });
    expect(status).toBe(400);
    expect(body.error?.code).toBe('BAD_REQUEST');
    expect(body.message).toContain(name);
  });

  it('lets each of them through once, and leaves other headers alone', async () => {
    const once = { authorization: 'Bearer sbk_x', 'x-api-key': 'sbk_x', 'idempotency-key': 'order 7', accept: 'application/json, application/pdf' };
    expect((await get(once)).status).toBe(200);
  });
});
