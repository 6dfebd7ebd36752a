import middy from '@middy/core';
import { describe, expect, it, vi } from 'vitest';
import { newApiKey } from '#shared/domain/api-key.ts';
import { hashApiKey } from '#shared/domain/api-key.ts';
import { admission } from '#shared/http/admission.ts';
import { presentedKey } from '#shared/http/authenticate.ts';
import { envelope } from '#shared/http/envelope.ts';
import { requestId } from '#shared/http/request-id.ts';
import type { ApiEvent, ApiResponse } from '#shared/http/types.ts';
import { MemoryApiKeyStore, apiEvent, context } from '#test/fakes.ts';

async function setup() {
  const keys = new MemoryApiKeyStore();
  const live = newApiKey('client-a');
  const revoked = newApiKey('client-b');
  await keys.put(live.record);
  await keys.put({ ...revoked.record, revoked_at: '2026-01-01T00:00:00.000Z' });
  const seen: (string | undefined)[] = [];
  const handler = middy<ApiEvent, ApiResponse>((async (event: ApiEvent) => {
    seen.push(event.clientId);
    return { status: 200, message: 'ok', data: null };
  }) as never)
    .use(requestId())
    .use(envelope())
    .use(admission(() => keys));
  const call = async (headers: Record<string, string>) => handler(apiEvent('GET', '/v2/status/x', { headers }), context());
  return { keys, live, revoked, seen, call };
}

describe('admission on an authenticated route', () => {
  it('admits a Bearer key and sets the client', async () => {
    const { live, seen, call } = await setup();
    expect((await call({ authorization: `Bearer ${live.key}` })).statusCode).toBe(200);
    expect((await call({ authorization: `bearer ${live.key}` })).statusCode).toBe(200);
    expect(seen).toEqual(['client-a', 'client-a']);
  });

  it('admits an x-api-key header', async () => {
    const { live, seen, call } = await setup();
    expect((await call({ 'x-api-key': ` ${live.key} ` })).statusCode).toBe(200);
    expect(seen).toEqual(['client-a']);
  });

  it('looks the key up by its SHA-256 hash only', async () => {
    const { keys, live, call } = await setup();
    const lookup = vi.spyOn(keys, 'findByHash');
    await call({ authorization: `Bearer ${live.key}` });
    expect(lookup).toHaveBeenCalledExactlyOnceWith(hashApiKey(live.key));
    expect(hashApiKey(live.key)).toMatch(/^[0-9a-f]{64}$/);
    expect(live.record.key_hash).toBe(hashApiKey(live.key));
  });

  it.each([
    ['no credentials', {}],
    ['an empty x-api-key', { 'x-api-key': '  ' }],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a bare Bearer', { authorization: 'Bearer ' }],
  ])('answers %s with 401 and www-authenticate, without a lookup', async (_, headers) => {
    const { keys, seen, call } = await setup();
    const lookup = vi.spyOn(keys, 'findByHash');
    const response = await call(headers);
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(JSON.parse(response.body ?? '')).toMatchObject({ success: false, data: null, error: { code: 'UNAUTHORIZED' } });
    expect(lookup).not.toHaveBeenCalled();
    expect(seen).toEqual([]);
  });

  it('answers an unknown key with 401', async () => {
    const { seen, call } = await setup();
    const response = await call({ authorization: 'Bearer sbk_unknown' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(seen).toEqual([]);
  });

  it('answers a revoked key with 401, by either header', async () => {
    const { revoked, seen, call } = await setup();
    expect((await call({ authorization: `Bearer ${revoked.key}` })).statusCode).toBe(401);
    expect((await call({ 'x-api-key': revoked.key })).statusCode).toBe(401);
    expect(seen).toEqual([]);
  });
});

describe('presentedKey', () => {
  it('prefers a Bearer key over x-api-key', () => {
    expect(presentedKey({ authorization: 'Bearer one', 'x-api-key': 'two' })).toBe('one');
  });

  it('falls back to x-api-key when Authorization is not a usable Bearer', () => {
    expect(presentedKey({ authorization: 'Basic abc', 'x-api-key': 'two' })).toBe('two');
    expect(presentedKey({ authorization: `Bearer ${'k'.repeat(513)}`, 'x-api-key': 'two' })).toBe('two');
  });

  it('finds nothing without headers', () => {
    expect(presentedKey(undefined as unknown as ApiEvent['headers'])).toBeUndefined();
    expect(presentedKey({})).toBeUndefined();
  });
});
