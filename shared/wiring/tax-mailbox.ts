import { ConfigError, noticeRetentionDays, taxAuthorityName, webhookConfig } from '#shared/config.ts';
import { unsealSigner } from '#shared/certificates/signer.ts';
import type { MailboxCheck } from '#shared/domain/notice.ts';
import { announceNotice } from '#shared/notices/announce.ts';
import type { CheckDeps } from '#shared/notices/check-mailbox.ts';
import { once } from '#shared/once.ts';
import type { MailboxAddress, TaxMailbox } from '#shared/ports/tax-mailbox.ts';
import { sandboxMailboxFromEnv } from '#shared/sandbox/sandbox-mailbox.ts';
import {
  certificateStore,
  eventStore,
  keyWrapper,
  mailboxCheckStore,
  noticeFileStore,
  noticeStore,
  sandboxMailboxStore,
  ticketStore,
  workQueue,
} from '#shared/wiring/adapters.ts';

// The mailbox of the stage's tax authority. ERiC's (ElsterDatenabholung through ERiC, Otto through
// koffi) implements the same port; until it does, a stage with ERiC refuses a check with this line.
export const sandboxMailbox = once(() => sandboxMailboxFromEnv(sandboxMailboxStore()));
export const taxMailbox = once((): TaxMailbox => {
  if (taxAuthorityName() === 'sandbox') return sandboxMailbox();
  throw new ConfigError('TAX_AUTHORITY=eric cannot read mailboxes yet: the ERiC adapter of the mailbox port is not built');
});

/** The mailbox a check reads: its client's certificate, opened for this run, or the stage's. */
async function addressOf(check: MailboxCheck): Promise<MailboxAddress> {
  if (check.certificate_id === undefined) return { test: check.test };
  const unsealed = await unsealSigner(
    { store: certificateStore(), wrapper: keyWrapper() },
    { ticket: check.check_id, client_id: check.client_id, certificate_id: check.certificate_id },
  );
  if (unsealed.refused) throw new ConfigError(`${unsealed.refused.code}: ${unsealed.refused.message}`);
  return { test: check.test, ...(unsealed.certificate && { certificate: unsealed.certificate }) };
}

export const checkDeps = async (): Promise<CheckDeps> => ({
  checks: mailboxCheckStore(),
  notices: noticeStore(),
  files: await noticeFileStore(),
  tickets: ticketStore(),
  mailbox: taxMailbox(),
  address: addressOf,
  announce: (notice) => announceNotice({ notices: noticeStore(), events: eventStore(), queue: workQueue(), webhooks: webhookConfig() }, notice),
  retentionDays: noticeRetentionDays(),
});
