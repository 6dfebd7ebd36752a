import { randomUUID } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { ApiEvent } from '#shared/http/types.ts';

// A caller's ID is echoed only when it cannot smuggle anything into headers or logs.
export const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's `x-request-id` when it is sane, else a new UUID. */
export const chooseRequestId = (offered: string | undefined) => (offered && saneRequestId.test(offered) ? offered : randomUUID());

/** Chooses the request ID every response and log line carries (the OpenAPI document). */
export const requestId = (): MiddlewareObj<ApiEvent> => ({
  before: ({ event }) => {
    event.requestId = chooseRequestId(event.headers?.['x-request-id']);
  },
});
