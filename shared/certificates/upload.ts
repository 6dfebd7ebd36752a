// `POST /v2/certificates`: a client hands over its ELSTER certificate. The container is opened with
// its PIN first; only a certificate that can sign is kept, and then only sealed.

import * as z from 'zod/mini';
import type { Finding } from '#shared/domain/ticket.ts';
import { everyHoursRange, newCertificateId, type CertificateRecord } from '#shared/domain/certificate.ts';
import { seal } from '#shared/certificates/envelope.ts';
import { openPkcs12 } from '#shared/certificates/pkcs12.ts';
import { text } from '#shared/forms/fields.ts';
import { findingsOf } from '#shared/forms/findings.ts';
import type { CertificateStore } from '#shared/ports/certificate-store.ts';
import type { KeyWrapper } from '#shared/ports/key-wrapper.ts';

/** ELSTER's containers are a few KiB; 64 KiB leaves room and keeps a record well inside DynamoDB's item size. */
export const maxContainerBytes = 64 * 1024;

/** Certificates one client keeps at most: a product filing for many businesses keeps one or two each; delete one to make room. */
export const maxCertificatesPerClient = 100;

/** `mailbox_checks`: how often the certificate's mailbox is checked without a request (shared/notices/schedule.ts). */
export const mailboxScheduleSchema = z.strictObject({
  every_hours: z
    .number()
    .check(
      z.int({ error: `must be a whole number of hours from ${everyHoursRange.min} to ${everyHoursRange.max}` }),
      z.minimum(everyHoursRange.min, { error: `must be at least ${everyHoursRange.min} hour` }),
      z.maximum(everyHoursRange.max, { error: `must be at most ${everyHoursRange.max} hours (a week)` }),
    ),
  test: z._default(z.boolean({ error: 'must be true or false' }), true),
});

export const uploadSchema = z.strictObject({
  pkcs12: z
    .string()
    .check(
      z.maxLength(Math.ceil(maxContainerBytes / 3) * 4, { error: `must be at most ${maxContainerBytes} bytes, base64` }),
      z.regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'must be the .pfx or .p12 file in base64' }),
    ),
  pin: z.string().check(z.minLength(1), z.maxLength(128)),
  label: z.optional(text(100)),
  pin_storage: z._default(z.enum(['stored', 'per_submission'], { error: 'must be "stored" or "per_submission"' }), 'stored'),
  mailbox_checks: z.optional(mailboxScheduleSchema),
});

/** A scheduled check runs later, with no request to bring the PIN: it needs the certificate's PIN kept. */
export const pinNotStored = {
  code: 'PIN_NOT_STORED',
  message: 'is for a certificate whose PIN comes with each submission: scheduled mailbox checks need pin_storage stored',
};

export interface UploadDeps {
  store: CertificateStore;
  wrapper: KeyWrapper;
  now?: () => Date;
}

export async function uploadCertificate(deps: UploadDeps, clientId: string, input: unknown): Promise<{ record: CertificateRecord } | { findings: Finding[] }> {
  const parsed = z.safeParse(uploadSchema, input);
  if (!parsed.success) return { findings: findingsOf(parsed.error, uploadSchema) };
  const { pkcs12, pin, label, pin_storage, mailbox_checks } = parsed.data;
  if (mailbox_checks && pin_storage !== 'stored') return { findings: [{ path: 'mailbox_checks', ...pinNotStored }] };
  const now = deps.now?.() ?? new Date();
  const container = Buffer.from(pkcs12, 'base64');
  // Counted before the container is opened, so a client at its limit costs no key derivation.
  if ((await deps.store.list(clientId)).length >= maxCertificatesPerClient) {
    const message = `would be more than the ${maxCertificatesPerClient} certificates a client keeps: delete one first`;
    return { findings: [{ path: 'pkcs12', code: 'CERTIFICATE_LIMIT_REACHED', message }] };
  }
  const opened = await openPkcs12(container, pin, now);
  if (!opened.ok) return { findings: [{ path: opened.code === 'CERTIFICATE_PIN_WRONG' ? 'pin' : 'pkcs12', code: opened.code, message: opened.message }] };
  const owner = { client_id: clientId, certificate_id: newCertificateId() };
  const record: CertificateRecord = {
    ...owner,
    ...(label !== undefined && { label }),
    ...opened.facts,
    pin_storage,
    created_at: now.toISOString(),
    container: await seal(deps.wrapper, owner, container),
    ...(pin_storage === 'stored' && { pin: await seal(deps.wrapper, owner, Buffer.from(pin, 'utf8')) }),
    // The first check is due at once: the next upkeep run makes it.
    ...(mailbox_checks && { mailbox_checks, next_check_at: now.toISOString() }),
  };
  if (!(await deps.store.create(record))) throw new Error('certificate ID collision');
  return { record };
}
