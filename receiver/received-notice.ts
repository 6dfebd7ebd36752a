import * as z from 'zod/mini';
import { noticeIdPattern } from '#shared/domain/notice.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { findingsOf } from '#shared/forms/findings.ts';

// A `notice.available` webhook: IDs and metadata of a notice the service fetched. Every other body,
// one without `type` included, is a ticket's delivered protocol, as it always was.
export const isNoticeWebhook = (input: unknown) => typeof input === 'object' && input !== null && (input as { type?: unknown }).type === 'notice.available';

const noticeBodySchema = z.looseObject({
  type: z.literal('notice.available'),
  // The ID names the file as it is: only a real one keeps two notices from sharing it.
  notice_id: z.string().check(z.regex(noticeIdPattern, 'must be a steuerbote notice ID')),
  datenart: z.string().check(z.minLength(1), z.maxLength(50)),
  created_at: z.string().check(z.minLength(1)),
});

/** Where the receiver keeps a notice's metadata: one JSON file per notice, beside the tickets' folders. */
export function receivedNoticePath(input: unknown): string {
  const result = z.safeParse(noticeBodySchema, input, { reportInput: true });
  if (!result.success) {
    throw new HttpError(422, 'VALIDATION_FAILED', 'The webhook body is not a steuerbote notice notification', { details: findingsOf(result.error) });
  }
  return `notices/${result.data.notice_id}.json`;
}
