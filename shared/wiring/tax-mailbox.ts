import { ConfigError, noticeRetentionDays, taxAuthorityName, webhookConfig } from '#shared/config.ts';
import { unsealSigner } from '#shared/certificates/signer.ts';
import { reportStageCertificate } from '#shared/certificates/stage-certificate.ts';
import { ericTaxMailboxFromEnv } from '#shared/eric/eric-tax-mailbox.ts';
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

// The mailbox of the stage's tax authority: the sandbox's, or ERiC's (ElsterDatenabholung through
// ERiC, objects through Otto), which implements the same port.
export const sandboxMailbox = once(() => sandboxMailboxFromEnv(sandboxMailboxStore()));
export const taxMailbox = once((): TaxMailbox =>
  taxAuthorityName() === 'sandbox' ? sandboxMailbox() : ericTaxMailboxFromEnv(process.env, reportStageCertificate),
);

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
