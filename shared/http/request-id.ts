import { randomUUID } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { ApiEvent } from '#shared/http/types.ts';

// A caller's ID is echoed only when it cannot smuggle anything into headers or logs.
export const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/** Chooses the request ID every response and log line carries (contract §2). */
export const requestId = (): MiddlewareObj<ApiEvent> => ({
  before: ({ event }) => {
    const offered = event.headers?.['x-request-id'];
    event.requestId = offered && saneRequestId.test(offered) ? offered : randomUUID();
  },
});
