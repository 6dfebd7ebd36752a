import { randomBytes } from 'node:crypto';
import { hashApiKey } from '#shared/http/authenticate.ts';
import type { ApiKeyRecord } from '#shared/ports.ts';

/** A new key for a client: the key itself is shown once, only its hash is stored. */
export function newApiKey(clientId: string, key = `sbk_${randomBytes(32).toString('base64url')}`): { key: string; record: ApiKeyRecord } {
  return {
    key,
    record: {
      key_hash: hashApiKey(key),
      key_id: `key_${randomBytes(6).toString('hex')}`,
      client_id: clientId,
      created_at: new Date().toISOString(),
    },
  };
}
