import type { MiddlewareObj } from '@middy/core';
import { HttpError } from '#shared/http/http-error.ts';
import type { ApiEvent } from '#shared/http/types.ts';

export const maxBodyBytes = 1024 * 1024;

const jsonMediaType = /^application\/json\s*(;|$)/i;

/** The request body exactly as sent, which is what a signature over it covers. */
export const rawBody = (event: ApiEvent) => Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');

/** Admits only JSON bodies up to 1 MiB and parses them (415, 413, 400 otherwise). */
export const jsonBody = (): MiddlewareObj<ApiEvent> => ({
  before: ({ event }) => {
    const contentType = event.headers?.['content-type'] ?? '';
    if (!jsonMediaType.test(contentType)) {
      throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body must be sent as Content-Type: application/json');
    }
    const bytes = rawBody(event);
    if (bytes.length > maxBodyBytes) {
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds ${maxBodyBytes} bytes`);
    }
    try {
      event.json = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new HttpError(400, 'MALFORMED_JSON', 'The request body is not valid JSON');
    }
  },
});
