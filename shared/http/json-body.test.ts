import { describe, expect, it } from 'vitest';
import { apiHandler } from '#shared/http/api-handler.ts';
import { maxBodyBytes } from '#shared/http/json-body.ts';
import { apiEvent, context } from '#test/fakes.ts';

// Answers with what jsonBody parsed, so a passing request shows the parsed value.
const handler = apiHandler(async (event) => ({ status: 200, message: 'parsed', data: { json: event.json } }), { json: true });

async function post(body: string | undefined, headers: Record<string, string>, isBase64Encoded = false) {
  const response = await handler(apiEvent('POST', '/v2/ustva', { headers, body, isBase64Encoded }), context());
  return { status: response.statusCode, body: JSON.parse(response.body ?? '') as { data: { json?: unknown } | null; error?: { code: string } } };
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
});
