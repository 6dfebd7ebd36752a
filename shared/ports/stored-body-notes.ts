/**
 * A note of each body, made just before the body is stored, by when: the retention sweep finds the
 * bodies that may have been left without a ticket from these notes, never by listing the bucket.
 */
export interface StoredBodyNotes {
  note(ticket: string, at: Date): Promise<void>;
  /**
   * The next tickets of the bodies noted at or after `from` and before `to`, after `after` (where an
   * earlier call left off; without it, from the first), at most `limit`, and where they leave off.
   * None when none is left; a ticket noted twice comes twice.
   */
  nextNoted(from: Date, to: Date, after: NotesPosition | undefined, limit: number): Promise<{ tickets: string[]; position: NotesPosition }>;
  /** Where the check of the notes for bodies without a ticket left off, and the version to move it on from. */
  checkedUpTo(): Promise<{ position?: NotesPosition; version: number }>;
  /** Moves it on from `version` to `position` by one conditional write: false when another run moved it first. */
  checked(version: number, position: NotesPosition): Promise<boolean>;
}

/** Where a reading of the notes stands: only the notes' store knows what it holds. */
export type NotesPosition = Record<string, string>;
