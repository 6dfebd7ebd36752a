import { describe, expect, it } from 'vitest';
import { apiHandler } from '#shared/http/api-handler.ts';
import { maxFindings, truncatedCode } from '#shared/domain/finding-limits.ts';
import { maxBodyBytes } from '#shared/http/json-body.ts';
import { maxNesting } from '#shared/http/json-keys.ts';
import { apiEvent, context } from '#test/fakes.ts';

// Answers with what jsonBody parsed, so a passing request shows the parsed value.
const handler = apiHandler(async (event) => ({ status: 200, message: 'parsed', data: { json: event.json } }), { json: true });

async function post(body: string | undefined, headers: Record<string, string>, isBase64Encoded = false) {
  const response = await handler(apiEvent('POST', '/v2/ustva', { headers, body, isBase64Encoded }), context());
  return {
    status: response.statusCode,
    body: JSON.parse(response.body ?? '') as { message: string; data: { json?: unknown } | null; error?: { code: string; details: unknown[] } },
  };
}

const json = { 'content-type': 'application/json' };

describe('jsonBody', () => {
  it('parses a JSON body', async () => {
    const { status, body } = await post('{"year":2026,"name":"Müller"}', json);
    expect(status).toBe(200);
    expect(body.data?.json).toEqual({ year: 2026, name: 'Müller' });
  });

  it.each(['application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8', 'application/json ; charset=utf-8'])(
    'admits the media type %s',
    async (contentType) => {
      expect((await post('{}', { 'content-type': contentType })).status).toBe(200);
    },
  );

  it.each([
    ['missing', undefined],
    ['text/plain', 'text/plain'],
    ['form data', 'application/x-www-form-urlencoded'],
    ['a look-alike', 'application/jsonp'],
    ['a JSON suffix type', 'application/merge-patch+json'],
    ['empty', ''],
  ])('refuses a %s content type with 415', async (_, contentType) => {
    const { status, body } = await post('{}', contentType === undefined ? {} : { 'content-type': contentType });
    expect(status).toBe(415);
    expect(body.error?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('admits exactly 1 MiB and refuses one byte more with 413', async () => {
    // A JSON string literal: two quotes around the padding.
    const exact = `"${'a'.repeat(maxBodyBytes - 2)}"`;
    expect(maxBodyBytes).toBe(1024 * 1024);
    expect((await post(exact, json)).status).toBe(200);
    const over = await post(`"${'a'.repeat(maxBodyBytes - 1)}"`, json);
    expect(over.status).toBe(413);
    expect(over.body.error?.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('counts bytes, not characters', async () => {
    // "ä" is two bytes in UTF-8: half as many characters as the limit already exceed it.
    const { status } = await post(`"${'ä'.repeat(maxBodyBytes / 2)}"`, json);
    expect(status).toBe(413);
  });

  it('decodes a base64-encoded body before measuring and parsing it', async () => {
    const encoded = Buffer.from('{"kind":"ustva","amount":"1200.50"}').toString('base64');
    const { status, body } = await post(encoded, json, true);
    expect(status).toBe(200);
    expect(body.data?.json).toEqual({ kind: 'ustva', amount: '1200.50' });

    const large = Buffer.from(`"${'a'.repeat(maxBodyBytes)}"`).toString('base64');
    expect((await post(large, json, true)).status).toBe(413);
  });

  it.each([
    ['truncated JSON', '{"year":'],
    ['an empty body', undefined],
    ['not JSON at all', 'year=2026'],
  ])('refuses %s with 400 MALFORMED_JSON', async (_, raw) => {
    const { status, body } = await post(raw, json);
    expect(status).toBe(400);
    expect(body.error?.code).toBe('MALFORMED_JSON');
    expect(body.data).toBeNull();
  });

  it.each([
    ['a Latin-1 "ü"', Buffer.from('{"name":"M\u00fcller"}', 'latin1'), 10],
    ['a surrogate in UTF-8 form', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]), 6],
    ['a truncated sequence at the end', Buffer.concat([Buffer.from('"ab'), Buffer.from([0xe2, 0x82])]), 3],
  ])('refuses %s with 400 MALFORMED_JSON naming the byte offset', async (_, bytes, offset) => {
    const { status, body } = await post(bytes.toString('base64'), json, true);
    expect(status).toBe(400);
    expect(body.error?.code).toBe('MALFORMED_JSON');
    expect(body.message).toContain(`offset ${offset} `);
  });

  it('refuses a byte-order mark, as JSON.parse always did', async () => {
    expect((await post('\ufeff{}', json)).status).toBe(400);
  });

  it.each([
    'application/json; charset=iso-8859-1',
    'application/json; charset=utf-16',
    'application/json; charset=UTF-8; charset=latin1',
    'application/json; charset=utf8',
    'application/json; charset=',
  ])('refuses the charset of %s with 415', async (contentType) => {
    const { status, body } = await post('{}', { 'content-type': contentType });
    expect(status).toBe(415);
    expect(body.error?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it.each(['application/json; charset="utf-8"', 'application/json; CHARSET=Utf-8', 'application/json; version=2'])('admits %s', async (contentType) => {
    expect((await post('{}', { 'content-type': contentType })).status).toBe(200);
  });

  it.each(['gzip', 'deflate', 'br', 'identity, gzip', ''])('refuses Content-Encoding "%s" with 415', async (encoding) => {
    const { status, body } = await post('{}', { ...json, 'content-encoding': encoding });
    expect(status).toBe(415);
    expect(body.error?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('admits Content-Encoding: identity', async () => {
    expect((await post('{}', { ...json, 'content-encoding': 'Identity' })).status).toBe(200);
  });

  it('refuses a key repeated in one object with 400 naming its path', async () => {
    const { status, body } = await post('{"kennzahlen":{"kz81":1,"kz81":2},"test":true}', json);
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: 'MALFORMED_JSON', details: [expect.objectContaining({ path: 'kennzahlen.kz81', code: 'DUPLICATE_KEY' })] });
    expect(body.message).toContain('kennzahlen.kz81');
  });

  it('refuses __proto__, constructor and prototype as keys with 422, each named, and parses nothing', async () => {
    const { status, body } = await post('{"kennzahlen":{"__proto__":{"kz81":1}},"deductions":{"constructor":1},"prototype":[]}', json);
    expect(status).toBe(422);
    expect(body.data).toBeNull();
    expect(body.error).toEqual({
      code: 'VALIDATION_FAILED',
      details: ['kennzahlen.__proto__', 'deductions.constructor', 'prototype'].map((path) => expect.objectContaining({ path, code: 'KEY_NOT_ALLOWED' })),
    });
  });

  it(`refuses nesting deeper than ${maxNesting} levels with 422 naming where, and parses nothing further`, async () => {
    const levels = 100_000;
    const { status, body } = await post(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`, json);
    expect(status).toBe(422);
    expect(body.error).toEqual({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ path: 'a.'.repeat(maxNesting - 1) + 'a', code: 'NESTING_TOO_DEEP' })],
    });
  });

  it(`names ${maxFindings} forbidden keys, then counts the rest in ${truncatedCode}`, async () => {
    const { status, body } = await post(`[${Array.from({ length: 5000 }, () => '{"__proto__":1}').join(',')}]`, json);
    expect(status).toBe(422);
    expect(body.error?.details).toHaveLength(maxFindings + 1);
    expect(body.error?.details.at(-1)).toMatchObject({ code: truncatedCode, count: 5000 - maxFindings });
  });
});
