import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { Finding } from '#shared/domain/ticket.ts';
import { HttpError } from '#shared/http/http-error.ts';
import type { ApiEvent } from '#shared/http/types.ts';

/**
 * Checks a delivery's Standard Webhooks signature over the body exactly as received, with the
 * library's 5-minute timestamp tolerance (401 otherwise). While a secret is rotated the receiver
 * holds several keys, and a delivery signed with any one of them is genuine. Without keys there is
 * nothing to check against, and every delivery passes (docs/guides/webhooks.md).
 */
export function verifySignature(rawBody: string, headers: ApiEvent['headers'], keys: readonly Uint8Array[]): void {
  if (keys.length === 0) return;
  const given: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) given[name] = value;
  let failure: unknown;
  for (const key of keys) {
    try {
      new Webhook(key, { format: 'raw' }).verify(rawBody, given, { jsonParse: false });
      return;
    } catch (error) {
      failure = error;
    }
  }
  if (!(failure instanceof WebhookVerificationError)) throw failure;
  throw new HttpError(401, 'UNAUTHORIZED', 'The webhook signature is missing or invalid', { details: [findingOf(failure)] });
}

// The library tells its failures apart only by message; an unknown one is simply an invalid signature.
function findingOf(error: WebhookVerificationError): Finding {
  if (error.message === 'Missing required headers') {
    return { path: 'webhook-signature', code: 'MISSING_SIGNATURE', message: 'webhook-id, webhook-timestamp and webhook-signature are required' };
  }
  if (/timestamp too (old|new)/i.test(error.message)) {
    return { path: 'webhook-timestamp', code: 'TIMESTAMP_OUT_OF_TOLERANCE', message: "must be within 5 minutes of the receiver's clock" };
  }
  return { path: 'webhook-signature', code: 'INVALID_SIGNATURE', message: "matches none of the receiver's secrets" };
}
