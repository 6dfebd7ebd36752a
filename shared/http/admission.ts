import type { MiddlewareObj } from '@middy/core';
import { clientOf } from '#shared/http/authenticate.ts';
import { checkExpectation } from '#shared/http/expectation.ts';
import { checkSingleHeaders } from '#shared/http/single-headers.ts';
import type { ApiEvent } from '#shared/http/types.ts';
import type { ApiKeyStore } from '#shared/ports/api-key-store.ts';

/**
 * What a request's headers alone decide, in this order: an `Expect` other than `100-continue` (417),
 * a single-valued header sent twice (400), and on an authenticated route (`keys` given) a missing,
 * unknown or revoked API key (401). Answers the caller's client on an authenticated route.
 *
 * Every API function runs it first (api-handler.ts), and the local gateway runs it before it reads a
 * body (local/http-gateway.ts), so a request it refuses never has its body read there.
 */
export async function admit(headers: ApiEvent['headers'], keys?: ApiKeyStore): Promise<string | undefined> {
  checkExpectation(headers);
  checkSingleHeaders(headers);
  return keys ? clientOf(keys, headers) : undefined;
}

/** `admit` as a middleware: sets `event.clientId` on an authenticated route. */
export const admission = (keys?: () => ApiKeyStore): MiddlewareObj<ApiEvent> => ({
  before: async ({ event }) => {
    event.clientId = await admit(event.headers, keys?.());
  },
});
