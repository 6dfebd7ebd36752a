import type { MiddlewareObj } from '@middy/core';
import { rateLimitPerMinute } from '#shared/config.ts';
import { HttpError } from '#shared/http/http-error.ts';
import type { ApiEvent } from '#shared/http/types.ts';
import type { RateCounter } from '#shared/ports/rate-counter.ts';

const windowSeconds = 60;

export type Spend = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/**
 * Spends one request of the client's budget for the current minute. A fixed window is one counter
 * per client and minute, so a client may send up to twice its budget across a minute boundary; a
 * sliding window would cost a read or a second item per request for that edge alone.
 */
export async function spend(counter: RateCounter, clientId: string, perMinute: number, nowMs: number): Promise<Spend> {
  const windowEnd = (Math.floor(nowMs / 1000 / windowSeconds) + 1) * windowSeconds;
  const start = windowEnd - windowSeconds;
  if (await counter.increment(`${clientId}#${start}`, perMinute, windowEnd)) return { admitted: true };
  return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(windowEnd - nowMs / 1000)) };
}

/**
 * After `admission` has found the client: the budget belongs to the client, not the key, as tickets
 * do, so a client cannot multiply its budget by creating keys, and rotating keys does not reset it.
 * Runs before the body is parsed, so a refused request has stored and sent nothing.
 */
export const rateLimit = (counter: () => RateCounter, perMinute: () => number = rateLimitPerMinute, now: () => number = Date.now): MiddlewareObj<ApiEvent> => ({
  before: async ({ event }) => {
    const limit = perMinute();
    if (limit === 0) return;
    const result = await spend(counter(), event.clientId!, limit, now());
    if (!result.admitted) {
      throw new HttpError(429, 'RATE_LIMITED', `This client's budget of ${limit} requests a minute is spent; retry after ${result.retryAfterSeconds} seconds`, {
        headers: { 'retry-after': String(result.retryAfterSeconds) },
      });
    }
  },
});
