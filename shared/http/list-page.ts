// What the list routes (`GET /v2/tickets`, `GET /v2/notices`, `GET /v2/certificates`) share: how much of a list one
// answer carries, and how a listing refuses what it was asked. An answer of a Lambda function may
// take at most 6 MB, and each item of a list copies what its record holds (a certificate's subject
// of tens of KiB among it): a page holds as many items, in order, as fit in `maxListAnswerBytes`,
// and its cursor goes on right after the last it holds. One item is far smaller than that: its
// longest part is a name read from a certificate of at most 64 KiB.

import { HttpError } from '#shared/http/http-error.ts';

/** The most bytes the body of a list's answer takes, its envelope included. */
export const maxListAnswerBytes = 1024 * 1024;

/** Kept for the envelope around the items (request ID, versions, time, message, cursor), which takes a few hundred bytes. */
const envelopeRoom = 4 * 1024;

/** How many of `items`, from the first, fit in one answer as JSON; at least one, so that every page moves on. */
export function itemsFitting(items: readonly unknown[]): number {
  let bytes = 0;
  for (const [index, item] of items.entries()) {
    // Each item with the comma that follows it.
    bytes += Buffer.byteLength(JSON.stringify(item)) + 1;
    if (bytes > maxListAnswerBytes - envelopeRoom) return Math.max(index, 1);
  }
  return items.length;
}

/**
 * A store's page as the caller gets it: each item as `view` shows it, under `name`, as many as fit in
 * one answer, and where the next page starts (null after the last): after the last item shown, or at
 * `last`, where the store's page ended short of the end, when all are shown. A cursor is its item's ID.
 */
export function answerPage<N extends string, T extends L, L, V>(name: N, page: Record<N, T[]> & { last?: L }, view: (item: T) => V, idOf: (item: L) => string) {
  const items = page[name];
  const views = items.map(view);
  const shown = itemsFitting(views);
  const next = shown < views.length ? items[shown - 1] : page.last;
  return { [name]: views.slice(0, shown), next_cursor: next ? Buffer.from(idOf(next)).toString('base64url') : null } as Record<N, V[]> & {
    next_cursor: string | null;
  };
}

/** The ID a cursor names, where it is one `isId` takes and was written as `answerPage` writes it. */
export function cursorId(cursor: string, isId: (id: string) => boolean): string | undefined {
  const id = Buffer.from(cursor, 'base64url').toString();
  return isId(id) && Buffer.from(id).toString('base64url') === cursor ? id : undefined;
}

/** 400 `CURSOR_INVALID`: the cursor names nothing of the caller's that fits the listing's filters. */
export const invalidCursor = () =>
  badListRequest('cursor', 'CURSOR_INVALID', "cursor is not one this listing handed out: pass the previous page's next_cursor with the same filters");

/** 400 `BAD_REQUEST` with one detail, at `path`. */
export const badListRequest = (path: string, code: string, message: string) =>
  new HttpError(400, 'BAD_REQUEST', message, { details: [{ path, code, message }] });

/** Refuses a parameter the listing does not take, naming those it does. */
export function refuseUnknownParameters(params: Record<string, string | undefined>, taken: readonly string[]): void {
  const unknown = Object.keys(params).find((name) => !taken.includes(name));
  if (unknown !== undefined) throw badListRequest(unknown.slice(0, 40), 'PARAMETER_UNKNOWN', `Unknown parameter; the listing takes ${taken.join(', ')}`);
}
