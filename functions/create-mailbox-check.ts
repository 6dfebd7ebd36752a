import { newCheckId, type MailboxCheck } from '#shared/domain/notice.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { checkRequestOf } from '#shared/notices/check-request.ts';
import { checkView } from '#shared/notices/views.ts';
import { callers, certificateStore, mailboxCheckStore, workQueue } from '#shared/wiring/adapters.ts';

/**
 * `POST /v2/mailbox/checks`: notes a check of the mailbox of the caller's certificate (or the stage's)
 * and wakes its queue; the check's worker fetches, stores and confirms (shared/notices/check-mailbox.ts).
 */
export const handler = apiHandler(
  async (event) => {
    const request = checkRequestOf(event.json as Record<string, unknown>);
    const clientId = event.clientId!;
    if (request.certificate_id !== undefined) {
      const certificate = await certificateStore().get(clientId, request.certificate_id);
      const refuse = (code: string, message: string) =>
        new HttpError(422, 'VALIDATION_FAILED', 'The mailbox check is not valid', { details: [{ path: 'certificate_id', code, message }] });
      if (!certificate) throw refuse('CERTIFICATE_UNKNOWN', 'names none of your certificates');
      // A check runs later, with no request to bring the PIN: it needs the certificate's PIN kept.
      if (certificate.pin_storage !== 'stored')
        throw refuse('PIN_NOT_STORED', 'names a certificate whose PIN comes with each submission: a mailbox check needs one whose pin_storage is stored');
    }
    const at = new Date().toISOString();
    const check: MailboxCheck = { check_id: newCheckId(), client_id: clientId, ...request, status: 'queued', created_at: at, updated_at: at };
    await mailboxCheckStore().create(check);
    // Lost, the wake-up is the upkeep's to send again (shared/notices/upkeep.ts).
    await workQueue().wakeMailboxCheck(check.check_id);
    return { status: 202, message: 'Mailbox check accepted', data: checkView(check) };
  },
  { auth: callers, json: true },
);
