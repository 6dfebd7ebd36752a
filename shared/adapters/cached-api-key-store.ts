import type { ApiKeyRecord } from '#shared/domain/api-key.ts';
import type { ApiKeyStore } from '#shared/ports/api-key-store.ts';

/**
 * Remembers keys that were found, for a short while per container, so an API call costs one
 * lookup less. Revocation therefore reaches a running container within `ttlMs`. Unknown keys are
 * never remembered: a flood of made-up keys cannot grow the cache.
 */
export class CachedApiKeyStore implements ApiKeyStore {
  readonly #inner: ApiKeyStore;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #found = new Map<string, { record: ApiKeyRecord; until: number }>();

  constructor(inner: ApiKeyStore, options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
    this.#inner = inner;
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries ?? 1000;
    this.#now = options.now ?? Date.now;
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const cached = this.#found.get(keyHash);
    if (cached && cached.until > this.#now()) return cached.record;
    const record = await this.#inner.findByHash(keyHash);
    this.#found.delete(keyHash);
    if (record && !record.revoked_at) {
      if (this.#found.size >= this.#maxEntries) this.#found.delete(this.#found.keys().next().value!);
      this.#found.set(keyHash, { record, until: this.#now() + this.#ttlMs });
    }
    return record;
  }

  put(record: ApiKeyRecord): Promise<void> {
    return this.#inner.put(record);
  }

  list(): Promise<ApiKeyRecord[]> {
    return this.#inner.list();
  }

  // Other containers keep their entry until it lapses; this one, at least, stops at once.
  async revoke(keyId: string, at: string): Promise<ApiKeyRecord | undefined> {
    const record = await this.#inner.revoke(keyId, at);
    if (record) this.#found.delete(record.key_hash);
    return record;
  }
}
