import { describe, expect, it } from 'vitest';
import { SteuerboteUnreachable } from './errors.ts';
import { retryAfterMs, retryingFetch } from './retrying-fetch.ts';

/** A fetch that answers from a script, recording each request's body as it arrived. */
function scripted(...answers: (Response | Error)[]) {
  const bodies: string[] = [];
  const fetch = async (request: Request) => {
    bodies.push(await request.text());
    const answer = answers.shift()!;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch, bodies };
}

const recordSleeps = () => {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
};
const post = () => new Request('http://service.test/v2/ustva', { method: 'POST', body: '{"a":1}' });

describe('retryingFetch', () => {
  it('waits out a 429 for as long as Retry-After says, then sends the same body again', async () => {
    const { fetch, bodies } = scripted(new Response('', { status: 429, headers: { 'retry-after': '7' } }), new Response('ok', { status: 202 }));
    const { waits, sleep } = recordSleeps();
    const response = await retryingFetch(fetch, { sleep })(post());
    expect(response.status).toBe(202);
    expect(waits).toEqual([7000]);
    expect(bodies).toEqual(['{"a":1}', '{"a":1}']);
  });

  it('backs off with growing waits on 503 without Retry-After, and on a connection that breaks', async () => {
    const { fetch } = scripted(new Response('', { status: 503 }), new TypeError('fetch failed'), new Response('', { status: 200 }));
    const { waits, sleep } = recordSleeps();
    expect((await retryingFetch(fetch, { sleep, baseDelayMs: 100 })(post())).status).toBe(200);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
  });

  it('retries a 409 that names its wait (the same key still creating its ticket), not one that does not', async () => {
    const inProgress = scripted(new Response('', { status: 409, headers: { 'retry-after': '1' } }), new Response('', { status: 202 }));
    expect((await retryingFetch(inProgress.fetch, recordSleeps())(post())).status).toBe(202);
    const conflict = scripted(new Response('', { status: 409 }));
    expect((await retryingFetch(conflict.fetch, recordSleeps())(post())).status).toBe(409);
  });

  it('hands back the last answer when the tries run out, and never retries a client error', async () => {
    const throttled = scripted(...Array.from({ length: 3 }, () => new Response('', { status: 429, headers: { 'retry-after': '1' } })));
    expect((await retryingFetch(throttled.fetch, { retries: 2, ...recordSleeps() })(post())).status).toBe(429);
    const invalid = scripted(new Response('', { status: 422 }));
    const { waits, sleep } = recordSleeps();
    expect((await retryingFetch(invalid.fetch, { sleep })(post())).status).toBe(422);
    expect(waits).toEqual([]);
  });

  it('says which URL could not be reached once no try got an answer', async () => {
    const { fetch } = scripted(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') }), new TypeError('fetch failed'));
    const failed = retryingFetch(fetch, { retries: 1, ...recordSleeps() })(post());
    await expect(failed).rejects.toBeInstanceOf(SteuerboteUnreachable);
    await expect(failed).rejects.toThrow('Could not reach http://service.test/v2/ustva');
  });

  it('tells at once that nothing listens on this machine: a refused connection or an unknown name on a loopback host is not retried', async () => {
    const refused = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ${code}`), { code }) });
    for (const [url, code] of [
      ['http://127.0.0.1:3301/v2/status/tk_1', 'ECONNREFUSED'],
      ['http://localhost:3301/v2/status/tk_1', 'ECONNREFUSED'],
      ['http://[::1]:3301/v2/status/tk_1', 'ECONNREFUSED'],
      ['http://steuerbote.localhost/v2/status/tk_1', 'ENOTFOUND'],
    ]) {
      const { fetch, bodies } = scripted(refused(code!), new Response('', { status: 200 }));
      const { waits, sleep } = recordSleeps();
      const error = await retryingFetch(fetch, { sleep })(new Request(url!)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SteuerboteUnreachable);
      expect(error).toMatchObject({ code });
      expect(bodies).toHaveLength(1);
      expect(waits).toEqual([]);
    }
  });

  it('keeps retrying a refused connection to another host, which may be between deploys', async () => {
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    const { fetch, bodies } = scripted(refused, new Response('', { status: 200 }));
    const { waits, sleep } = recordSleeps();
    expect((await retryingFetch(fetch, { sleep })(post())).status).toBe(200);
    expect(bodies).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  it('tells at once, without a retry, that fetch itself will not connect to a port the Fetch standard bars', async () => {
    const { waits, sleep } = recordSleeps();
    let tries = 0;
    const once = (request: Request) => {
      tries++;
      return globalThis.fetch(request);
    };
    const error = await retryingFetch(once, { sleep })(new Request('http://service.test:6000/v2/version')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SteuerboteUnreachable);
    expect(error).toMatchObject({ code: 'ERR_BAD_PORT' });
    expect(tries).toBe(1);
    expect(waits).toEqual([]);
  });

  it('caps a wait at maxDelayMs however long Retry-After is', async () => {
    const { fetch } = scripted(new Response('', { status: 429, headers: { 'retry-after': '3600' } }), new Response('', { status: 200 }));
    const { waits, sleep } = recordSleeps();
    await retryingFetch(fetch, { sleep, maxDelayMs: 60_000 })(post());
    expect(waits).toEqual([60_000]);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(retryAfterMs('12', now)).toBe(12_000);
    expect(retryAfterMs('Tue, 24 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
