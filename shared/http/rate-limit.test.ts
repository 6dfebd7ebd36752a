import middy from '@middy/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newApiKey } from '#shared/domain/api-key.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { admission } from '#shared/http/admission.ts';
import { envelope } from '#shared/http/envelope.ts';
import { rateLimit, spend } from '#shared/http/rate-limit.ts';
import { requestId } from '#shared/http/request-id.ts';
import type { ApiEvent, ApiResponse } from '#shared/http/types.ts';
import { MemoryApiKeyStore, MemoryRateCounter, apiEvent, context } from '#test/fakes.ts';

const minute = (n: number, seconds = 0) => (n * 60 + seconds) * 1000;

describe('spend', () => {
  it('admits the budget within a minute, then tells the seconds left until the next', async () => {
    const counter = new MemoryRateCounter();
    for (const second of [0, 10, 20]) expect(await spend(counter, 'client-a', 3, minute(100, second))).toEqual({ admitted: true });
    expect(await spend(counter, 'client-a', 3, minute(100, 45))).toEqual({ admitted: false, retryAfterSeconds: 15 });
    expect(await spend(counter, 'client-a', 3, minute(100, 59) + 900)).toEqual({ admitted: false, retryAfterSeconds: 1 });
    expect(await spend(counter, 'client-a', 3, minute(100, 0) + 200)).toEqual({ admitted: false, retryAfterSeconds: 60 });
  });

  it('starts afresh when the minute rolls over, and lets the old counter expire at its end', async () => {
    const counter = new MemoryRateCounter();
    await spend(counter, 'client-a', 1, minute(100, 30));
    expect((await spend(counter, 'client-a', 1, minute(100, 59))).admitted).toBe(false);
    expect((await spend(counter, 'client-a', 1, minute(101))).admitted).toBe(true);
    expect(counter.counts.get(`client-a#${100 * 60}`)).toEqual({ count: 1, expiresAt: 101 * 60 });
    expect(counter.counts.get(`client-a#${101 * 60}`)).toEqual({ count: 1, expiresAt: 102 * 60 });
  });

  it('keeps clients apart', async () => {
    const counter = new MemoryRateCounter();
    expect((await spend(counter, 'client-a', 1, minute(100))).admitted).toBe(true);
    expect((await spend(counter, 'client-a', 1, minute(100))).admitted).toBe(false);
    expect((await spend(counter, 'client-b', 1, minute(100))).admitted).toBe(true);
  });
});

describe('rateLimit', () => {
  async function setup(perMinute: number) {
    const keys = new MemoryApiKeyStore();
    const counter = new MemoryRateCounter();
    const first = newApiKey('client-a');
    const second = newApiKey('client-a');
    const other = newApiKey('client-b');
    for (const { record } of [first, second, other]) await keys.put(record);
    const seen: string[] = [];
    const handler = middy<ApiEvent, ApiResponse>((async (event: ApiEvent) => {
      seen.push(event.clientId!);
      return { status: 200, message: 'ok', data: null };
    }) as never)
      .use(requestId())
      .use(envelope())
      .use(admission(() => keys))
      .use(
        rateLimit(
          () => counter,
          () => perMinute,
          () => minute(100, 50),
        ),
      );
    const call = (key: string) => handler(apiEvent('GET', '/v2/status/x', { headers: { authorization: `Bearer ${key}` } }), context());
    return { counter, first, second, other, seen, call };
  }

  it('lets two keys of one client share its budget, and leaves other clients alone', async () => {
    const { first, second, other, seen, call } = await setup(2);
    expect((await call(first.key)).statusCode).toBe(200);
    expect((await call(second.key)).statusCode).toBe(200);
    expect((await call(first.key)).statusCode).toBe(429);
    expect((await call(second.key)).statusCode).toBe(429);
    expect((await call(other.key)).statusCode).toBe(200);
    expect(seen).toEqual(['client-a', 'client-a', 'client-b']);
  });

  it('answers 429 RATE_LIMITED in the envelope, with the seconds to the next minute in Retry-After', async () => {
    const { first, call } = await setup(1);
    await call(first.key);
    const response = await call(first.key);
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('10');
    expect(JSON.parse(response.body ?? '')).toMatchObject({ success: false, status: 429, data: null, error: { code: 'RATE_LIMITED' } });
  });

  it('counts nothing with a budget of 0, and nothing for a caller it does not know', async () => {
    const { counter, first, call } = await setup(0);
    for (let i = 0; i < 5; i++) expect((await call(first.key)).statusCode).toBe(200);
    expect((await call('sbk_unknown')).statusCode).toBe(401);
    expect(counter.counts.size).toBe(0);
  });
});

describe('apiHandler with auth', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('spends the budget set by RATE_LIMIT_PER_MINUTE, before the body is even parsed', async () => {
    vi.stubEnv('RATE_LIMIT_PER_MINUTE', '1');
    const keys = new MemoryApiKeyStore();
    const counter = new MemoryRateCounter();
    const { key, record } = newApiKey('client-a');
    await keys.put(record);
    const handled = vi.fn(async () => ({ status: 202, message: 'stored', data: null }));
    const handler = apiHandler(handled, { auth: { keys: () => keys, budget: () => counter }, json: true });
    const post = (body: string) =>
      handler(apiEvent('POST', '/v2/ustva', { body, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } }), context());
    expect((await post('{}')).statusCode).toBe(202);
    expect((await post('not json')).statusCode).toBe(429);
    expect(handled).toHaveBeenCalledTimes(1);
  });
});
