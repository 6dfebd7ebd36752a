import { apiHandler } from '#shared/http/api-handler.ts';
import { ownedNotice } from '#shared/http/owned-notice.ts';
import { noticeView } from '#shared/notices/views.ts';
import { callers, noticeStore } from '#shared/wiring/adapters.ts';

/** `GET /v2/notices/{notice_id}`: the notice's metadata and its files' sizes and hashes. */
export const handler = apiHandler(
  async (event) => {
    const notice = await ownedNotice(noticeStore(), event.pathParameters?.notice_id, event.clientId);
    return { status: 200, message: 'Notice', data: noticeView(notice) };
  },
  { auth: callers },
);
