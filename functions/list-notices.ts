import { apiHandler } from '#shared/http/api-handler.ts';
import { noticePage, noticeQuery } from '#shared/http/notice-listing.ts';
import { callers, noticeStore } from '#shared/wiring/adapters.ts';

/** `GET /v2/notices`: the caller's notices, newest first, page by page. */
export const handler = apiHandler(
  async (event) => {
    const clientId = event.clientId!;
    const query = await noticeQuery(event.queryStringParameters ?? {}, clientId, noticeStore());
    return { status: 200, message: 'Notices', data: noticePage(await noticeStore().list(clientId, query)) };
  },
  { auth: callers },
);
