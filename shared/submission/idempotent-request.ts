import { createHash } from 'node:crypto';
import type { Kind } from '#shared/domain/ticket.ts';
import { HttpError } from '#shared/http/http-error.ts';
import type { ApiEvent } from '#shared/http/types.ts';
import type { IdempotencyRecord } from '#shared/ports/idempotency-store.ts';

/** What identifies an idempotent submission: whose key it is, and what was asked under it. */
export type IdempotentRequest = Pick<IdempotencyRecord, 'key' | 'client_id' | 'request_hash'>;

// Printable ASCII, space included: anything else could not travel unchanged in a header anyway. No
// comma: that is how a repeated header arrives (shared/http/single-headers.ts).
export const usableKey = /^[\x20-\x2b\x2d-\x7e]{1,255}$/;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The caller's `Idempotency-Key`, undefined without one; 400 when it is there but unusable. */
export function idempotencyKeyOf(headers: ApiEvent['headers']): string | undefined {
  const key = headers?.['idempotency-key'];
  if (key === undefined) return undefined;
  if (!usableKey.test(key)) throw new HttpError(400, 'BAD_REQUEST', 'Idempotency-Key must be 1 to 255 printable ASCII characters other than the comma');
  return key;
}

/**
 * JSON with every object's keys sorted and no whitespace, so two bodies that parse to the same
 * value are the same request however they were written. Only parsed bodies come here, which nest
 * no deeper than `maxNesting` (shared/http/json-keys.ts), so the recursion stays shallow.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson((value as Record<string, unknown>)[name])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Scoped to the client, so one client's key never meets another's; the key is kept only as a hash,
 * as a caller may put anything into it. The route is part of the request: the same key and body
 * sent to the other form is another request.
 */
export function idempotentRequest(clientId: string, key: string, kind: Kind, body: unknown): IdempotentRequest {
  return { key: `${clientId}:${sha256(key)}`, client_id: clientId, request_hash: sha256(`${kind}\n${canonicalJson(body)}`) };
}
