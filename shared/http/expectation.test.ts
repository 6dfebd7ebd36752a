import { describe, expect, it } from 'vitest';
import { apiHandler } from '#shared/http/api-handler.ts';
import { MemoryApiKeyStore, MemoryRateCounter, apiEvent, context } from '#test/fakes.ts';

const handler = apiHandler(async () => ({ status: 200, message: 'ok', data: null }), {
  auth: { keys: () => new MemoryApiKeyStore(), budget: () => new MemoryRateCounter() },
});
const post = async (headers: Record<string, string>) => {
  const response = await handler(apiEvent('POST', '/v2/ustva', { headers }), context());
  return { status: response.statusCode, code: (JSON.parse(response.body ?? '') as { error?: { code: string } }).error?.code };
};

describe('an Expect header, as a function sees it', () => {
  it.each(['100-continue-x', 'x-100-continue', '100-continue=1', '100-continue; a=b', 'something-else', '', ' , ', '100-continue, foo'])(
    '417 EXPECTATION_FAILED for "%s", before the key is looked at',
    async (expectation) => {
      expect(await post({ expect: expectation })).toEqual({ status: 417, code: 'EXPECTATION_FAILED' });
    },
  );

  it.each(['100-continue', '100-Continue', ' 100-CONTINUE ', '100-continue,100-continue'])('takes "%s" as 100-continue', async (expectation) => {
    // Past the expectation, the missing key is what is refused.
    expect(await post({ expect: expectation })).toEqual({ status: 401, code: 'UNAUTHORIZED' });
  });
});
