import type { MiddlewareObj } from '@middy/core';
import { truncatedFinding } from '#shared/domain/finding-limits.ts';
import type { Finding } from '#shared/domain/ticket.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { keyFaults, maxNesting } from '#shared/http/json-keys.ts';
import type { ApiEvent } from '#shared/http/types.ts';
import { invalidUtf8Offset } from '#shared/http/utf8.ts';

export const maxBodyBytes = 1024 * 1024;

const jsonMediaType = /^application\/json\s*(;|$)/i;

/** The request body exactly as sent, which is what a signature over it covers. */
export const rawBody = (event: ApiEvent) => Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');

const unsupported = (message: string) => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
const malformed = (message: string, details: Finding[] = []) => new HttpError(400, 'MALFORMED_JSON', message, { details });
const refused = (details: Finding[]) => new HttpError(422, 'VALIDATION_FAILED', 'The submission has errors', { details });

/** The values of every `charset` parameter of a media type, unquoted and in lower case. */
const charsetsOf = (mediaType: string) =>
  mediaType
    .split(';')
    .slice(1)
    .map((parameter) => /^\s*charset\s*=\s*"?([^"]*)"?\s*$/i.exec(parameter)?.[1]?.toLowerCase())
    .filter((charset) => charset !== undefined);

// A byte-order mark stays in the text, so JSON.parse refuses it as it always has (RFC 8259 § 8.1).
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The body as JSON that means one thing: UTF-8, JSON.parse's grammar, no key twice in an object
 * (400 otherwise), no nesting deeper than `maxNesting` and no key that would reach a prototype
 * (422, never dropped).
 */
function parseJson(bytes: Buffer): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw malformed(`The request body is not valid UTF-8: the first invalid byte is at offset ${invalidUtf8Offset(bytes)} (counting from 0)`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw malformed('The request body is not valid JSON');
  }
  const { duplicate, tooDeep, forbidden, forbiddenCount } = keyFaults(text);
  if (duplicate !== undefined) {
    throw malformed(`The request body repeats a key within one object: ${duplicate}`, [
      { path: duplicate, code: 'DUPLICATE_KEY', message: 'appears twice in its object' },
    ]);
  }
  if (tooDeep !== undefined) {
    throw refused([{ path: tooDeep, code: 'NESTING_TOO_DEEP', message: `nests objects and arrays deeper than the ${maxNesting} levels a body may have` }]);
  }
  if (forbiddenCount) {
    const named = forbidden.map((path) => ({ path, code: 'KEY_NOT_ALLOWED', message: 'is not allowed as a key anywhere in the body' }));
    throw refused(forbiddenCount > named.length ? [...named, truncatedFinding(forbiddenCount - named.length)] : named);
  }
  return json;
}

/** Admits only uncompressed UTF-8 JSON bodies up to 1 MiB and parses them (415, 413, 400, 422 otherwise). */
export const jsonBody = (): MiddlewareObj<ApiEvent> => ({
  before: ({ event }) => {
    const contentType = event.headers?.['content-type'] ?? '';
    if (!jsonMediaType.test(contentType)) throw unsupported('The request body must be sent as Content-Type: application/json');
    if (charsetsOf(contentType).some((charset) => charset !== 'utf-8')) throw unsupported('The request body must be JSON in UTF-8 (charset=utf-8, or none)');
    const encoding = event.headers?.['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      throw unsupported('The request body must be sent uncompressed (no Content-Encoding, or identity)');
    }
    const bytes = rawBody(event);
    if (bytes.length > maxBodyBytes) {
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds ${maxBodyBytes} bytes`);
    }
    event.json = parseJson(bytes);
  },
});
