import middy from '@middy/core';
import { admission } from '#shared/http/admission.ts';
import { envelope } from '#shared/http/envelope.ts';
import { jsonBody } from '#shared/http/json-body.ts';
import { rateLimit } from '#shared/http/rate-limit.ts';
import { requestId } from '#shared/http/request-id.ts';
import { restApiEvents } from '#shared/http/rest-api-event.ts';
import { serverErrors } from '#shared/http/server-errors.ts';
import type { ApiEvent, ApiHandler, ApiResponse } from '#shared/http/types.ts';
import type { ApiKeyStore } from '#shared/ports/api-key-store.ts';
import type { RateCounter } from '#shared/ports/rate-counter.ts';
import { traced } from '#shared/tracing.ts';

export interface ApiHandlerOptions {
  /**
   * Requires an API key, looked up in `keys`, sets `event.clientId`, and counts the request against
   * that client's budget in `budget`: one option, so no authenticated route goes unlimited.
   */
  auth?: { keys: () => ApiKeyStore; budget: () => RateCounter };
  /** Requires and parses a JSON body into `event.json`. */
  json?: boolean;
}

/** The same middleware chain for every API function, so envelope, IDs and errors never drift apart. */
export function apiHandler(handler: ApiHandler, options: ApiHandlerOptions = {}) {
  const chain = middy<ApiEvent, ApiResponse>(handler as never)
    .use(restApiEvents())
    // Before the envelope, so that it sees the answer the envelope made of a result or an error.
    .use(serverErrors())
    .use(requestId())
    .use(envelope())
    .use(admission(options.auth?.keys));
  if (options.auth) chain.use(rateLimit(options.auth.budget));
  if (options.json) chain.use(jsonBody());
  return traced(chain);
}
