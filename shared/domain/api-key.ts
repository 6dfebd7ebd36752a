import { createHash, randomBytes } from 'node:crypto';

/** A client's API key as stored: only its hash, never the key. */
export interface ApiKeyRecord {
  key_hash: string;
  key_id: string;
  client_id: string;
  created_at: string;
  revoked_at?: string;
}

// A client ID is stored on every ticket item and printed in operator output, so it stays short and
// plain: no spaces or control characters to garble a log line or a table, and one case only, so
// two spellings can never be two clients that look alike.
export const clientIdPattern = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const keyIdPattern = /^key_[0-9a-f]{12}$/;

// Keys are long random strings, so an unsalted SHA-256 cannot be reversed by guessing; the lookup by
// hash also means no stored key is ever compared character by character against the caller's.
export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/**
 * What every key `newApiKey` makes looks like: the prefix and 32 random bytes in base64url. A stage's
 * edge counts only a key of this shape as a key (infra/constructs/edge-limits.ts): no other can be
 * one of its clients'.
 */
export const apiKeyShape = { prefix: 'sbk_', length: 43, characters: 'A-Za-z0-9_-' } as const;

/** A new key for a client: the key itself is shown once, only its hash is stored. */
export function newApiKey(clientId: string, key = `${apiKeyShape.prefix}${randomBytes(32).toString('base64url')}`): { key: string; record: ApiKeyRecord } {
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
