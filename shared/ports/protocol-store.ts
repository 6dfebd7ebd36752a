/** How a file is kept: `retainUntil` locks it (S3 Object Lock, governance mode) until then. */
export interface KeptFile {
  retainUntil?: Date;
}

export interface ProtocolStore {
  put(ticket: string, fileName: string, content: Uint8Array, kept?: KeptFile): Promise<void>;
  /**
   * Writes a record once: a file of that name already there (a write an earlier attempt made) is
   * left as it is, and answered `false`.
   */
  putOnce(ticket: string, fileName: string, content: Uint8Array, kept?: KeptFile): Promise<boolean>;
  get(ticket: string, fileName: string): Promise<Uint8Array | undefined>;
  /** Whether the bucket has S3 Object Lock on, so that `retainUntil` can lock a file. */
  locksFiles(): Promise<boolean>;
}
