// Mailbox checks on a schedule: each certificate whose client set `mailbox_checks` (and the stage's
// own mailbox, MAILBOX_CHECK_EVERY_HOURS) gets an ordinary check once its next check is due. The next
// one is then due `every_hours` later, give or take a tenth at random, so that certificates uploaded
// together drift apart and never all ask ELSTER in the same minute. A due time gives one check
// however many runs overlap: its check ID is made of the mailbox and the due time, and created only
// where none has it; the due time moves on by a write conditional on the one read.

import { createHash } from 'node:crypto';
import { certificateView, type CertificateRecord } from '#shared/domain/certificate.ts';
import { stageMailbox, type MailboxCheck } from '#shared/domain/notice.ts';
import type { CertificateStore } from '#shared/ports/certificate-store.ts';
import type { MailboxCheckStore } from '#shared/ports/mailbox-check-store.ts';
import type { WorkQueue } from '#shared/ports/work-queue.ts';

/** The share of the interval by which a next check comes earlier or later at random. */
export const jitterShare = 0.1;

/** When the check after one at `from` is due: `everyHours` later, give or take `jitterShare` of it. */
export const nextCheckAt = (from: Date, everyHours: number, random: () => number = Math.random) =>
  new Date(from.getTime() + everyHours * 3_600_000 * (1 + jitterShare * (2 * random() - 1))).toISOString();

/** The one check of a mailbox's due time: every run that finds it due names the same. */
export const scheduledCheckId = (mailbox: string, due: string, test: boolean) =>
  `chk_${createHash('sha256').update(`scheduled\n${mailbox}\n${due}\n${test}`).digest('base64url').slice(0, 22)}`;

export interface ScheduleDeps {
  certificates: Pick<CertificateStore, 'dueForMailboxCheck' | 'get' | 'moveNextCheck'>;
  checks: Pick<MailboxCheckStore, 'create'>;
  queue: Pick<WorkQueue, 'wakeMailboxCheck'>;
  /** The stage's own mailbox, checked every this many hours with the Testmerker and, where live submissions are allowed, without; none: only when asked. */
  stage?: { every_hours: number; live: boolean };
  now?: () => Date;
  random?: () => number;
}

/** Creates the check of every mailbox now due; returns how many it created. */
export async function runScheduledChecks(deps: ScheduleDeps): Promise<{ created: number }> {
  const now = (deps.now ?? (() => new Date()))();
  let created = 0;
  const create = async (check: Pick<MailboxCheck, 'check_id' | 'client_id' | 'certificate_id' | 'test'>) => {
    const at = now.toISOString();
    if (!(await deps.checks.create({ ...check, status: 'queued', created_at: at, updated_at: at }))) return;
    created++;
    // Lost, the wake-up is the upkeep's to send again, as a requested check's.
    await deps.queue.wakeMailboxCheck(check.check_id);
  };
  for await (const due of deps.certificates.dueForMailboxCheck(now.toISOString())) {
    // Read again, consistently: the index may lag, and another run may have moved the due time on.
    const certificate = await deps.certificates.get(due.client_id, due.certificate_id);
    if (!certificate?.mailbox_checks || certificate.next_check_at !== due.next_check_at) continue;
    const { every_hours, test } = certificate.mailbox_checks;
    if (checkable(certificate, now))
      await create({
        check_id: scheduledCheckId(certificate.certificate_id, due.next_check_at, test),
        client_id: certificate.client_id,
        certificate_id: certificate.certificate_id,
        test,
      });
    await deps.certificates.moveNextCheck(due.client_id, due.certificate_id, due.next_check_at, nextCheckAt(now, every_hours, deps.random));
  }
  if (deps.stage) {
    // One mailbox needs no jitter and no stored due time: its due times are the interval's multiples since the epoch.
    const interval = deps.stage.every_hours * 3_600_000;
    const slot = new Date(Math.floor(now.getTime() / interval) * interval).toISOString();
    for (const test of deps.stage.live ? [true, false] : [true])
      await create({ check_id: scheduledCheckId(stageMailbox, slot, test), client_id: stageMailbox, test });
  }
  return { created };
}

/** A locked or expired certificate, or one whose PIN is not kept, is skipped until its next due time. */
const checkable = (certificate: CertificateRecord, now: Date) => certificate.pin_storage === 'stored' && certificateView(certificate, now).usable;
