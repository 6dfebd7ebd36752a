// The query of `GET /v2/certificates`, its page and its cursor. The caller's certificates are read
// whole (a client keeps at most 100), in the order of `newestFirst`; a page holds as many as fit in
// one answer (list-page.ts). A cursor is the place the previous page ended: the time and ID of its
// last certificate, so a certificate deleted meanwhile neither breaks it nor moves it. It reveals
// and reaches nothing of another client: it only says where to start in the caller's own list.

import { certificateIdPattern, certificateView, newestFirst, type CertificateRecord } from '#shared/domain/certificate.ts';
import { badListRequest, itemsFitting, refuseUnknownParameters } from '#shared/http/list-page.ts';

/** Where a page of certificates ends. */
type Place = Pick<CertificateRecord, 'created_at' | 'certificate_id'>;

const parameters = ['cursor'] as const;
const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const cursorOf = ({ created_at, certificate_id }: Place) => Buffer.from(`${created_at} ${certificate_id}`).toString('base64url');

/** Where the caller's page starts: after the place its cursor names, or at the newest certificate. */
export function certificateQuery(params: Record<string, string | undefined>): { after?: Place } {
  refuseUnknownParameters(params, parameters);
  if (params.cursor === undefined) return {};
  const [created_at = '', certificate_id = '', ...more] = Buffer.from(params.cursor, 'base64url').toString().split(' ');
  const after = { created_at, certificate_id };
  if (more.length > 0 || !isoTime.test(created_at) || !certificateIdPattern.test(certificate_id) || cursorOf(after) !== params.cursor) {
    throw badListRequest('cursor', 'CURSOR_INVALID', "cursor is not one this listing handed out: pass the previous page's next_cursor");
  }
  return { after };
}

/**
 * The page as the caller gets it, from the caller's certificates in the order of `newestFirst`: those
 * after `after`, as many as fit in one answer, and where the next page starts (null after the last).
 */
export function certificatePage(records: readonly CertificateRecord[], after: Place | undefined, now: Date) {
  const views = records.filter((record) => !after || newestFirst(after, record) < 0).map((record) => certificateView(record, now));
  const shown = itemsFitting(views);
  return { certificates: views.slice(0, shown), next_cursor: shown < views.length ? cursorOf(views[shown - 1]!) : null };
}
