import { isNoticeId, type Notice } from '#shared/domain/notice.ts';
import { notFound } from '#shared/http/http-error.ts';
import type { NoticeStore } from '#shared/ports/notice-store.ts';

/**
 * The caller's own notice, or 404: a malformed ID never reaches storage, and another client's notice,
 * or the operator's, looks exactly like one that does not exist.
 */
export async function ownedNotice(store: Pick<NoticeStore, 'get'>, id: string | undefined, clientId: string | undefined): Promise<Notice> {
  if (!isNoticeId(id)) throw notFound('Notice not found');
  const notice = await store.get(id);
  if (!notice || notice.client_id === undefined || notice.client_id !== clientId) throw notFound('Notice not found');
  return notice;
}
