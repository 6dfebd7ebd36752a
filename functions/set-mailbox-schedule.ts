import * as z from 'zod/mini';
import { certificateView } from '#shared/domain/certificate.ts';
import { mailboxScheduleSchema, pinNotStored } from '#shared/certificates/upload.ts';
import { findingsOf } from '#shared/forms/findings.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { HttpError, notFound } from '#shared/http/http-error.ts';
import { ownedCertificate } from '#shared/http/owned-certificate.ts';
import { callers, certificateStore } from '#shared/wiring/adapters.ts';

// The body names the field as the upload does: a schedule, or null to stop it.
const bodySchema = z.strictObject({ mailbox_checks: z.nullable(mailboxScheduleSchema) });

/**
 * `POST /v2/certificates/{certificate_id}/mailbox-checks` sets how often the certificate's mailbox is
 * checked without a request, its first check due at once, or with null stops it (shared/notices/schedule.ts).
 */
export const handler = apiHandler(
  async (event) => {
    const store = certificateStore();
    const record = await ownedCertificate(store, event.pathParameters?.certificate_id, event.clientId);
    const invalid = (details: { path: string; code: string; message: string }[]) =>
      new HttpError(422, 'VALIDATION_FAILED', 'The mailbox schedule is not valid', { details });
    const now = new Date();
    const parsed = z.safeParse(bodySchema, event.json);
    if (!parsed.success) throw invalid(findingsOf(parsed.error, bodySchema));
    const schedule = parsed.data.mailbox_checks ?? undefined;
    if (schedule && record.pin_storage !== 'stored') throw invalid([{ path: 'mailbox_checks', ...pinNotStored }]);
    const next = now.toISOString();
    if (!(await store.scheduleMailboxChecks(record.client_id, record.certificate_id, schedule, next))) throw notFound('Certificate not found');
    const { mailbox_checks: _was, next_check_at: _next, ...rest } = record;
    const updated = { ...rest, ...(schedule && { mailbox_checks: schedule, next_check_at: next }) };
    return { status: 200, message: schedule ? 'Mailbox checks scheduled' : 'Mailbox checks no longer scheduled', data: certificateView(updated, now) };
  },
  { auth: callers, json: true },
);
