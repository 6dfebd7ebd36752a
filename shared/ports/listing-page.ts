/** Where a page of a client's listing ends, and the next starts: its last item's ID and creation time. */
export type PageEnd<T extends { created_at: string }, Id extends keyof T> = Pick<T, Id | 'created_at'>;

/** One page of a client's listing, newest first, its items under `Name`; `last` is absent on the last page. */
export type ListingPage<Name extends string, T extends { created_at: string }, Id extends keyof T> = Record<Name, T[]> & { last?: PageEnd<T, Id> };

/** What every query of a client's listing holds: how many items a page takes at most, and where the previous page ended. */
export interface ListingQuery<T extends { created_at: string }, Id extends keyof T> {
  limit: number;
  /** The client's item the previous page ended with: the page starts after it. */
  after?: PageEnd<T, Id>;
}
