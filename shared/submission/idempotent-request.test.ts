import { describe, expect, it } from 'vitest';
import { HttpError } from '#shared/http/http-error.ts';
import { canonicalJson, idempotencyKeyOf, idempotentRequest } from '#shared/submission/idempotent-request.ts';

describe('idempotencyKeyOf', () => {
  it('is undefined without the header', () => {
    expect(idempotencyKeyOf({})).toBeUndefined();
    expect(idempotencyKeyOf(undefined as never)).toBeUndefined();
  });

  it.each(['a', 'order 2026-03/#7', 'k'.repeat(255), '!~"{}'])('takes the printable key %s as it is', (key) => {
    expect(idempotencyKeyOf({ 'idempotency-key': key })).toBe(key);
  });

  it.each([
    ['empty', ''],
    ['over 255 characters', 'k'.repeat(256)],
    ['a tab', 'a\tb'],
    ['a line break', 'a\nb'],
    ['a NUL', 'a\u0000b'],
    ['non-ASCII', 'schlüssel'],
    ['two keys joined', 'k1, k2'],
  ])('answers a key that is %s with 400 BAD_REQUEST', (_, key) => {
    const parse = () => idempotencyKeyOf({ 'idempotency-key': key });
    expect(parse).toThrow(HttpError);
    expect(parse).toThrow(expect.objectContaining({ status: 400, code: 'BAD_REQUEST' }));
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops whitespace', () => {
    const written = JSON.parse('{ "b": 1, "a": { "z": [ 2, {"y": null, "x": "ä\\"q"} ], "c": true } }');
    expect(canonicalJson(written)).toBe('{"a":{"c":true,"z":[2,{"x":"ä\\"q","y":null}]},"b":1}');
  });

  it('keeps the order of array elements, and the difference between a number and a string', () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ kz83: 734.5 })).not.toBe(canonicalJson({ kz83: '734.50' }));
  });
});

describe('idempotentRequest', () => {
  const body = { year: 2026, kennzahlen: { kz81: 10000, kz83: '1900.00' } };

  it("scopes the key to the client and keeps only the key's hash", () => {
    const request = idempotentRequest('client-a', 'my secret key', 'ustva', body);
    expect(request.key).toMatch(/^client-a:[0-9a-f]{64}$/);
    expect(JSON.stringify(request)).not.toContain('my secret key');
    expect(request.client_id).toBe('client-a');
    expect(idempotentRequest('client-b', 'my secret key', 'ustva', body).key).not.toBe(request.key);
  });

  it('counts the same value written differently as the same request, and nothing else', () => {
    const request = idempotentRequest('client-a', 'k', 'ustva', body);
    const reordered = { kennzahlen: { kz83: '1900.00', kz81: 10000 }, year: 2026 };
    expect(idempotentRequest('client-a', 'k', 'ustva', reordered).request_hash).toBe(request.request_hash);
    expect(idempotentRequest('client-a', 'k', 'ustva', { ...body, year: 2025 }).request_hash).not.toBe(request.request_hash);
    expect(idempotentRequest('client-a', 'k', 'est', body).request_hash).not.toBe(request.request_hash);
  });
});
