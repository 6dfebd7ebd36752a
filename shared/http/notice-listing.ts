// The query of `GET /v2/notices`, its page and its cursor, as `GET /v2/tickets` has them
// (ticket-listing.ts): a cursor names the caller's notice the previous page ended with and is honoured
// only once that notice is read and found to be the caller's.

import { isNoticeId, noticeStates, type Notice } from '#shared/domain/notice.ts';
import { answerPage, badListRequest, cursorId, invalidCursor, refuseUnknownParameters } from '#shared/http/list-page.ts';
import { limitOf, oneOf, timeOf } from '#shared/http/ticket-listing.ts';
import { noticeView } from '#shared/notices/views.ts';
import type { NoticeQuery, NoticeStore } from '#shared/ports/notice-store.ts';
import { certificateIdPattern } from '#shared/domain/certificate.ts';

const parameters = ['limit', 'cursor', 'certificate_id', 'datenart', 'year', 'state', 'since'] as const;

async function noticeQuery(params: Record<string, string | undefined>, clientId: string, store: Pick<NoticeStore, 'get'>): Promise<NoticeQuery> {
  refuseUnknownParameters(params, parameters);
  const query: NoticeQuery = { limit: limitOf(params.limit) };
  if (params.certificate_id !== undefined) {
    if (!certificateIdPattern.test(params.certificate_id))
      throw badListRequest('certificate_id', 'FILTER_INVALID', 'certificate_id must be a certificate ID such as crt_…');
    query.certificate_id = params.certificate_id;
  }
  if (params.datenart !== undefined) {
    if (!/^[A-Za-z][A-Za-z0-9_]{0,49}$/.test(params.datenart))
      throw badListRequest('datenart', 'FILTER_INVALID', 'datenart must be an ELSTER Datenart such as ESB');
    query.datenart = params.datenart;
  }
  if (params.year !== undefined) {
    if (!/^\d{4}$/.test(params.year)) throw badListRequest('year', 'FILTER_INVALID', 'year must be a year such as 2025');
    query.year = Number(params.year);
  }
  if (params.state !== undefined) query.state = oneOf(params.state, noticeStates, 'state');
  if (params.since !== undefined) query.since = timeOf(params.since, 'since');
  if (params.cursor !== undefined) query.after = await cursorNotice(params.cursor, clientId, query, store);
  return query;
}

/** `GET /v2/notices`: one page of the caller's notices that match the query, as the caller gets it. */
export async function listNotices(params: Record<string, string | undefined>, clientId: string, store: NoticeStore) {
  return answerPage('notices', await store.list(clientId, await noticeQuery(params, clientId, store)), noticeView, (notice) => notice.notice_id);
}

async function cursorNotice(
  cursor: string,
  clientId: string,
  query: NoticeQuery,
  store: Pick<NoticeStore, 'get'>,
): Promise<Pick<Notice, 'notice_id' | 'created_at'>> {
  const id = cursorId(cursor, isNoticeId);
  const notice = id === undefined ? undefined : await store.get(id);
  if (!notice || notice.client_id !== clientId || (query.since !== undefined && notice.created_at < query.since)) throw invalidCursor();
  return { notice_id: notice.notice_id, created_at: notice.created_at };
}
