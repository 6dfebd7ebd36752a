/**
 * What a submission with an `Idempotency-Key` holds on to for 24 hours. Created `in_progress`
 * with the ticket ID chosen up front, so every request with this key can only ever create that one
 * ticket; `completed` once the ticket exists.
 */
export interface IdempotencyRecord {
  /** `{client_id}:{SHA-256 of the caller's key}`: keys of different clients never meet, and the key itself is not kept. */
  key: string;
  client_id: string;
  /** SHA-256 of the route and the canonical body: what "the same request" means. */
  request_hash: string;
  ticket: string;
  state: 'in_progress' | 'completed';
  created_at: string;
  /** While `in_progress` and no ticket exists: until then the request that claimed the key is presumed alive. */
  lease_until: string;
  /** Epoch seconds; DynamoDB's TTL removes the record some time later, so the stores ignore it from then on. */
  expires_at: number;
}

export interface IdempotencyStore {
  /** Conditional put: false when a record that has not expired by `nowSeconds` holds the key. */
  claim(record: IdempotencyRecord, nowSeconds: number): Promise<boolean>;
  /** Strongly consistent; an expired record reads as absent. */
  get(key: string, nowSeconds: number): Promise<IdempotencyRecord | undefined>;
  /** Moves the lease of an `in_progress` record still leased until `expectedLease`; false when another request did so first. */
  takeOver(key: string, expectedLease: string, leaseUntil: string): Promise<boolean>;
  /** Marks the record `completed` if it still names `ticket`; a replaced record is left alone. */
  complete(key: string, ticket: string): Promise<void>;
}
