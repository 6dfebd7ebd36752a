import middy from '@middy/core';
import { describe, expect, it } from 'vitest';
import { requestId } from '#shared/http/request-id.ts';
import type { ApiEvent } from '#shared/http/types.ts';
import { apiEvent, context } from '#test/fakes.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function chosenFor(headers: Record<string, string>) {
  const handler = middy(async (event: ApiEvent) => event.requestId).use(requestId());
  return handler(apiEvent('GET', '/v2/version', { headers }), context());
}

describe('requestId', () => {
  it.each(['abc', 'c0a8-17:trace.1_x', 'A'.repeat(128)])('echoes the sane caller ID %s', async (offered) => {
    expect(await chosenFor({ 'x-request-id': offered })).toBe(offered);
  });

  it.each([
    ['too long', 'A'.repeat(129)],
    ['empty', ''],
    ['a space', 'abc def'],
    ['CR/LF', 'abc\r\nset-cookie: x=1'],
    ['a trailing newline', 'abc\n'],
    ['unicode', 'anfrage-ä'],
    ['a slash', 'a/b'],
  ])('replaces an ID with %s by a fresh UUID', async (_, offered) => {
    const chosen = await chosenFor({ 'x-request-id': offered });
    expect(chosen).toMatch(uuid);
  });

  it('makes a fresh UUID per request when none is offered', async () => {
    const first = await chosenFor({});
    const second = await chosenFor({});
    expect(first).toMatch(uuid);
    expect(second).toMatch(uuid);
    expect(first).not.toBe(second);
  });
});
