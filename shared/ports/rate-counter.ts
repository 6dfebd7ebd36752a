/** Request counters that expire, one per client and window of the rate limit. */
export interface RateCounter {
  /**
   * Counts one request under `key` unless `limit` are counted already, in one atomic step, so
   * concurrent containers never admit more between them; false when the limit was reached.
   * `expiresAt` (epoch seconds) is when the counter may be removed.
   */
  increment(key: string, limit: number, expiresAt: number): Promise<boolean>;
}
