import { describe, expect, it } from 'vitest';
import { newApiKey } from '#shared/domain/api-key.ts';
import { admit } from '#shared/http/admission.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { MemoryApiKeyStore } from '#test/fakes.ts';

/** The status and code `admit` refuses the headers with, or the client it answers. */
const outcome = (headers: Record<string, string>, keys?: MemoryApiKeyStore) =>
  admit(headers, keys).then(
    (client) => client,
    (error: HttpError) => `${error.status} ${error.code}`,
  );

describe('admit', () => {
  it('refuses the Expect first, then a header sent twice, then the key', async () => {
    const keys = new MemoryApiKeyStore();
    expect(await outcome({ expect: 'nope', authorization: 'Bearer a,Bearer b' }, keys)).toBe('417 EXPECTATION_FAILED');
    expect(await outcome({ authorization: 'Bearer a,Bearer b' }, keys)).toBe('400 BAD_REQUEST');
    expect(await outcome({ authorization: 'Bearer sbk_unknown' }, keys)).toBe('401 UNAUTHORIZED');
  });

  it("answers the key's client on an authenticated route, and asks for no key elsewhere", async () => {
    const keys = new MemoryApiKeyStore();
    const { key, record } = newApiKey('client-a');
    await keys.put(record);
    expect(await outcome({ authorization: `Bearer ${key}` }, keys)).toBe('client-a');
    expect(await outcome({})).toBeUndefined();
  });
});
