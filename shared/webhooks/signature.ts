import { createHmac } from 'node:crypto';
import { ConfigError } from '#shared/config.ts';
import { settingNames } from '#shared/setting-names.ts';

// Standard Webhooks (standardwebhooks.com): secrets are `whsec_` + base64 key bytes, and the
// signature is an HMAC-SHA256 over "{id}.{timestamp}.{body}" with that key.
const secretPattern = /^whsec_([A-Za-z0-9+/]{22,}={0,2})$/;

/** Several secrets, space-separated, let a receiver rotate: every one of them signs each delivery. */
export function parseSecrets(text: string | undefined, variable: string = settingNames.hookSecret): Buffer[] {
  const secrets = (text ?? '').split(/\s+/).filter(Boolean);
  return secrets.map((secret) => {
    const key = secretPattern.exec(secret)?.[1];
    if (!key) throw new ConfigError(`${variable} must hold whsec_… secrets (base64 after the prefix), space-separated`);
    return Buffer.from(key, 'base64');
  });
}

/** The `webhook-signature` header: one `v1,<base64>` per key, space-separated. */
export function signWebhook(keys: readonly Buffer[], id: string, timestamp: number, body: string): string {
  return keys.map((key) => `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`).join(' ');
}
