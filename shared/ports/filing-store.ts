/**
 * The caller's checked body, kept apart from the ticket so it can be encrypted and expired on its
 * own. Written and read as a filing by shared/submission/stored-filing.ts only.
 */
export interface FilingStore {
  put(ticket: string, body: unknown): Promise<void>;
  /** Undefined once deleted, as if never stored; throws `MissingOrRefused` where it cannot tell. */
  get(ticket: string): Promise<unknown>;
  /** Harmless for a body that is not there. */
  delete(ticket: string): Promise<void>;
}
