// Standard Webhooks (standardwebhooks.com), as the service signs its own webhooks: a secret is
// `whsec_` and the key's bytes in base64, a signature `v1,` and the base64 HMAC-SHA256 of
// "{id}.{timestamp}.{body}" under that key. `steuerbote listen` signs each event it forwards so.
import { createHmac, randomBytes } from 'node:crypto';

const secretPattern = /^whsec_([A-Za-z0-9+/]{22,}={0,2})$/;

/** A fresh secret of 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The key of a `whsec_…` secret; undefined when it is not one. */
export function webhookKey(secret: string): Buffer | undefined {
  const key = secretPattern.exec(secret)?.[1];
  return key === undefined ? undefined : Buffer.from(key, 'base64');
}

/** The three headers of a signed delivery of `body`, sent at `timestamp` (seconds since the epoch). */
export function webhookHeaders(key: Buffer, id: string, timestamp: number, body: string): Record<string, string> {
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` };
}
