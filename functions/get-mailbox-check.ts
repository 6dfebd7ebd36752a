import { isCheckId } from '#shared/domain/notice.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { notFound } from '#shared/http/http-error.ts';
import { checkView } from '#shared/notices/views.ts';
import { callers, mailboxCheckStore } from '#shared/wiring/adapters.ts';

/** `GET /v2/mailbox/checks/{check_id}`: how far the caller's check got, and what it found. */
export const handler = apiHandler(
  async (event) => {
    const id = event.pathParameters?.check_id;
    const check = isCheckId(id) ? await mailboxCheckStore().get(id) : undefined;
    if (!check || check.client_id !== event.clientId) throw notFound('Mailbox check not found');
    return { status: 200, message: 'Mailbox check', data: checkView(check) };
  },
  { auth: callers },
);
