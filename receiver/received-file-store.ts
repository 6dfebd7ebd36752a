// The example receiver's one port: where it keeps the files it is sent.

/**
 * `stored`: written now. `duplicate`: nothing written, since the delivery (`webhook-id`) was seen
 * before or the same bytes are at the path already. `conflict`: other bytes are there; nothing written.
 */
export type SaveOutcome = 'stored' | 'duplicate' | 'conflict';

/** Where the example webhook receiver keeps the files it is sent. */
export interface ReceivedFileStore {
  /**
   * Stores `content` under `path` unless a file is there: a stored file is never replaced. With a
   * `deliveryId` (the sender's `webhook-id`), every delivery after the first of that ID is a
   * `duplicate`, whatever it carries; a failed write leaves the ID unclaimed.
   */
  save(path: string, content: Uint8Array, deliveryId?: string): Promise<SaveOutcome>;
}
