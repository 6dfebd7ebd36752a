import type { ApiKeyRecord } from '#shared/domain/api-key.ts';

export interface ApiKeyStore {
  findByHash(keyHash: string): Promise<ApiKeyRecord | undefined>;
  put(record: ApiKeyRecord): Promise<void>;
  /** Every key, revoked ones included. */
  list(): Promise<ApiKeyRecord[]>;
  /**
   * Marks the key revoked at `at`, unless it already is: a key keeps its first `revoked_at`, so a
   * record whose `revoked_at` is not `at` was revoked before. Undefined when no key has that ID.
   */
  revoke(keyId: string, at: string): Promise<ApiKeyRecord | undefined>;
}
