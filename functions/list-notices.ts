import { apiHandler } from '#shared/http/api-handler.ts';
import { listNotices } from '#shared/http/notice-listing.ts';
import { callers, noticeStore } from '#shared/wiring/adapters.ts';

/** `GET /v2/notices`: the caller's notices, newest first, page by page. */
export const handler = apiHandler(
  async (event) => ({ status: 200, message: 'Notices', data: await listNotices(event.queryStringParameters ?? {}, event.clientId!, noticeStore()) }),
  { auth: callers },
);
