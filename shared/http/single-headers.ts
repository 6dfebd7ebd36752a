import { HttpError } from '#shared/http/http-error.ts';
import type { ApiEvent } from '#shared/http/types.ts';

/**
 * Headers that carry exactly one value, none of which ever holds a comma: API keys, bearer tokens
 * and idempotency keys have none. API Gateway (and the local gateway) join a repeated header's
 * values with commas, so a comma here means the header came twice, and which one counts would be a guess.
 */
export const singleValuedHeaders = ['Authorization', 'x-api-key', 'Idempotency-Key'] as const;

/** 400 for a single-valued header sent more than once. */
export function checkSingleHeaders(headers: ApiEvent['headers']): void {
  const repeated = singleValuedHeaders.find((name) => headers?.[name.toLowerCase()]?.includes(','));
  if (repeated) throw new HttpError(400, 'BAD_REQUEST', `${repeated} may be sent only once, and never holds a comma`);
}
