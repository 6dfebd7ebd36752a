import { createHash } from 'node:crypto';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { metricNames } from '#shared/metric-names.ts';
import { countEnd } from '#shared/transmission/count-end.ts';
import type { MetricSink } from '#shared/metrics.ts';
import { queues } from '#shared/manifest.ts';
import type { WebhookConfig, TransmitConfig } from '#shared/config.ts';
import { boundedFindings } from '#shared/domain/finding-limits.ts';
import {
  newWebhookId,
  nutzdatenFileName,
  serverAnswerFileName,
  whileWorking,
  type Finding,
  type Ticket,
  type TransmittedData,
  type WebhookState,
} from '#shared/domain/ticket.ts';
import { transmissionFor } from '#shared/forms/nutzdaten.ts';
import { loadForm } from '#shared/forms/load.ts';
import { logger } from '#shared/logger.ts';
import { loadFiling } from '#shared/submission/stored-filing.ts';
import { unsealSigner, type SignerDeps } from '#shared/certificates/signer.ts';
import { keepRecords, keptFiles, recordAttempts, writeRecords, type RecordFile } from '#shared/transmission/records.ts';
import type { ProtocolStore } from '#shared/ports/protocol-store.ts';
import type { Transmission, TaxAuthority, TransmitOutcome } from '#shared/ports/tax-authority.ts';
import type { FilingStore } from '#shared/ports/filing-store.ts';
import type { TicketChanges, TicketStore } from '#shared/ports/ticket-store.ts';
import type { WorkQueue } from '#shared/ports/work-queue.ts';

export interface TransmitDeps {
  tickets: TicketStore;
  /** The clients' certificates, and the key that unseals them, for tickets that name one. */
  certificates: Pick<SignerDeps, 'store' | 'wrapper'>;
  filings: FilingStore;
  protocols: ProtocolStore;
  queue: WorkQueue;
  authority: TaxAuthority;
  transmit: TransmitConfig;
  webhooks: WebhookConfig;
  metrics?: MetricSink;
  now?: () => Date;
}

/**
 * Carries one ticket from `queued` to a terminal status. Every step is a conditional update from
 * the state this worker saw, so a duplicate wake-up or a second worker changes nothing.
 */
export async function transmitTicket(deps: TransmitDeps, id: string): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const leaseUntil = new Date(now().getTime() + deps.transmit.leaseSeconds * 1000).toISOString();
  const held = { status: 'processing' as const, lease_until: leaseUntil };
  const claimed = await deps.tickets.claim(id, leaseUntil, now().toISOString());
  if (!claimed) {
    // Sent and accepted before, its records still owed: they are written from what the ticket kept.
    const owing = await deps.tickets.claimRecords(id, leaseUntil, now().toISOString());
    if (owing) await completeRecords(deps, held, owing, keptFiles(owing), now);
    // Otherwise a duplicate wake-up, or a ticket another worker holds under a live lease: nothing to
    // do but tell the events a finished ticket still owes, as a crash may have come before them.
    else await deps.tickets.tellOwedEvents(id);
    return;
  }

  let sent = false;
  let accepted = false;
  try {
    // A live filing's records are locked as they are written; with Object Lock off they could not be.
    if (!claimed.test && deps.transmit.recordLockDays > 0 && !(await deps.protocols.locksFiles())) {
      const message = "Live filings are not sent while the stage's bucket cannot lock their records: S3 Object Lock is off";
      await finish(deps, held, id, 'failed', { code: 'RECORDS_NOT_LOCKABLE', message, details: [] }, now);
      return;
    }
    const form = await loadForm(claimed.kind);
    const loaded = await loadFiling(deps.filings, id, form);
    // On AWS a body that is gone is refused like one that may not be read (MissingOrRefused): it is
    // tried again as a transient fault would be, and taken for gone once the attempts are spent.
    if ('unconfirmed' in loaded && claimed.attempts < deps.transmit.maxAttempts) {
      logger.warn('submitted data missing or refused, trying again', { ticket: id, attempt: claimed.attempts, reason: loaded.unconfirmed });
      await tryAgainLater(deps, held, id, claimed.attempts, now);
      return;
    }
    if ('missing' in loaded || 'unconfirmed' in loaded) {
      const message =
        'missing' in loaded
          ? 'The submitted data is no longer stored'
          : `The submitted data could not be read in ${claimed.attempts} attempts: it is no longer stored, or may not be read`;
      await finish(deps, held, id, 'failed', { code: 'SUBMISSION_MISSING', message, details: [] }, now);
      return;
    }
    let transmission: Transmission;
    try {
      if ('unreadable' in loaded) throw new Error(`it no longer reads as ${claimed.kind} data (${loaded.unreadable})`);
      const options = { herstellerId: deps.transmit.herstellerId, createdAt: now() };
      transmission = {
        ticket: id,
        attempt: claimed.attempts,
        ...transmissionFor(loaded.filing, claimed.period, claimed.datenart_version, form.nutzdaten(loaded.filing.body, options)),
      };
    } catch (error) {
      // The check lets through only bodies that can be written; retrying would not change that.
      const message = `The stored data cannot be written as ELSTER XML: ${error instanceof Error ? error.message : String(error)}`;
      await finish(deps, held, id, 'failed', { code: 'NUTZDATEN_INVALID', message, details: [] }, now);
      return;
    }
    // Unsealed only now, just before the call, and never kept: a secret that does not open for its
    // record fails the ticket; a failure to unseal (the key service unreachable) throws and leaves the ticket to the queue's retry, as nothing was sent.
    const signer = await unsealSigner(deps.certificates, claimed);
    if (signer.refused !== undefined) {
      await finish(deps, held, id, 'failed', { ...signer.refused, details: [] }, now);
      return;
    }
    if (signer.certificate) transmission.certificate = signer.certificate;
    // Noted before the send, so that a send whose outcome never comes can still be matched with ELSTER's records.
    if (!(await deps.tickets.transition(id, held, { transmitted: transmittedData(transmission, now()) }))) return;
    sent = true;
    const outcome = await deps.authority.transmit(transmission);
    logger.info('transmission outcome', { ticket: id, outcome: outcome.outcome, attempt: claimed.attempts });
    if (outcome.outcome === 'delivered') {
      accepted = true;
      await accept(deps, held, claimed, outcome, transmission.nutzdaten, now);
    } else await record(deps, held, claimed, outcome, now);
  } catch (error) {
    // Hand the ticket back for the queue's retry, which delivers this message again once its
    // visibility timeout lapses; unless the data may already be with the tax authority and
    // resending is unsafe, or it was accepted: then the lease lapses and the re-drive decides.
    if (!sent || (deps.authority.resendIsSafe && !accepted)) await release(deps, held, id, queues.transmit.visibilityTimeoutSeconds, now);
    throw error;
  }
}

/**
 * A live filing's records are those the GoBD asks to keep unaltered for as long as they are kept
 * (docs/reference/security.md, "Records that last"); a test filing's are not records, and stay unlocked.
 */
function lockedUntil(ticket: Ticket, lockDays: number, at: Date): Date | undefined {
  if (ticket.test || lockDays === 0) return undefined;
  return new Date(at.getTime() + lockDays * 86_400_000);
}

function transmittedData({ datenart_version, nutzdaten }: Transmission, at: Date): TransmittedData {
  const bytes = Buffer.from(nutzdaten, 'utf8');
  return { datenart_version, at: at.toISOString(), size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * The tax authority accepted the send: its transfer ticket and outcome go on the ticket before
 * anything else, so nothing that follows can make the send uncertain or have it sent again.
 */
async function accept(
  deps: TransmitDeps,
  held: { status: 'processing'; lease_until: string },
  claimed: Ticket,
  outcome: Extract<TransmitOutcome, { outcome: 'delivered' }>,
  nutzdaten: string,
  now: () => Date,
): Promise<void> {
  const id = claimed.ticket;
  const { fileName, pdf } = outcome.protocol;
  const retainUntil = lockedUntil(claimed, deps.transmit.recordLockDays, now());
  const files: RecordFile[] = [
    { fileName, content: pdf, retainUntil },
    // What was sent is kept beside the protocol, for audits and for filing by hand in Mein ELSTER.
    { fileName: nutzdatenFileName(claimed), content: new TextEncoder().encode(nutzdaten), retainUntil },
    // ELSTER's answer, with the transfer ticket in ELSTER's own words.
    ...(outcome.serverAnswer ? [{ fileName: serverAnswerFileName(id), content: new TextEncoder().encode(outcome.serverAnswer), retainUntil }] : []),
  ];
  const owing = await deps.tickets.transition(id, held, {
    updated_at: now().toISOString(),
    transfer_ticket: outcome.transferTicket,
    received_at: outcome.receivedAt,
    file_name: fileName,
    file_size: pdf.length,
    file_sha256: createHash('sha256').update(pdf).digest('hex'),
  });
  // The lease lapsed during the send and the re-drive took the ticket: it decides.
  if (!owing) return;
  await completeRecords(deps, held, owing, files, now);
}

/**
 * Writes an accepted ticket's records and delivers it once they are written. Those that could not be
 * written are kept on the ticket (by the attempt that had them from the tax authority), which waits
 * under a short lease for a wake-up after the retry delay, or, that lost, for the re-drive once the
 * lease has lapsed; the attempt it wakes writes them from there. Records too large to keep on the
 * ticket are tried again at once, `recordAttempts` in all, and the send is delivered all the same.
 */
async function completeRecords(
  deps: TransmitDeps,
  held: { status: 'processing'; lease_until: string },
  ticket: Ticket,
  files: RecordFile[],
  now: () => Date,
): Promise<void> {
  const id = ticket.ticket;
  let unwritten = files;
  for (let attempt = 0; unwritten.length && attempt < recordAttempts; attempt++) {
    const failed = await writeRecords(deps.protocols, id, unwritten);
    unwritten = unwritten.filter((file) => failed.includes(file.fileName));
    // Kept on the ticket already, or now: a later attempt writes them.
    const kept = ticket.kept_records ?? (unwritten.length ? keepRecords(unwritten) : undefined);
    if (unwritten.length && kept) {
      deps.metrics?.addMetric(metricNames.recordsUnwritten, MetricUnit.Count, 1);
      const delay = Math.max(1, deps.transmit.retryDelaySeconds);
      const lease_until = new Date(now().getTime() + delay * 1000).toISOString();
      const waiting = await deps.tickets.transition(id, held, { lease_until, ...(!ticket.kept_records && { kept_records: kept }) });
      // A second later than the lease, so that the wake-up finds it lapsed.
      if (waiting) await deps.queue.wakeTransmit(id, delay + 1);
      return;
    }
  }
  if (unwritten.length) {
    deps.metrics?.addMetric(metricNames.recordsUnwritten, MetricUnit.Count, 1);
    logger.error('records of an accepted send could not be written, nor kept on its ticket', { ticket: id, files: unwritten.map((file) => file.fileName) });
  }
  await deliver(deps, held, ticket, now);
}

async function deliver(deps: TransmitDeps, held: { status: 'processing'; lease_until: string }, ticket: Ticket, now: () => Date): Promise<void> {
  const id = ticket.ticket;
  const webhook: WebhookState = deps.webhooks.enabled ? { status: 'pending', attempts: 0, webhook_id: newWebhookId() } : { status: 'disabled', attempts: 0 };
  const at = now().toISOString();
  const delivered = await deps.tickets.transition(id, held, { status: 'delivered', delivered_at: at, updated_at: at, webhook }, [...whileWorking, 'error']);
  if (!delivered) return;
  deps.metrics?.addMetric(metricNames.ticketsDelivered, MetricUnit.Count, 1);
  deps.metrics?.addMetric(metricNames.deliveryLatency, MetricUnit.Milliseconds, Date.parse(at) - Date.parse(ticket.created_at));
  // Had the update lost, the lease would have lapsed and the re-drive own the ticket: a webhook then would be a stray.
  if (webhook.webhook_id) await deps.queue.enqueueWebhook({ ticket: id, webhook_id: webhook.webhook_id });
}

async function record(
  deps: TransmitDeps,
  held: { status: 'processing'; lease_until: string },
  claimed: Ticket,
  outcome: Exclude<TransmitOutcome, { outcome: 'delivered' }>,
  now: () => Date,
): Promise<void> {
  const id = claimed.ticket;
  switch (outcome.outcome) {
    case 'rejected':
      await finish(
        deps,
        held,
        id,
        'rejected',
        {
          code: 'REJECTED',
          message: `The tax authority refused the data (${outcome.code}): ${outcome.message}`,
          details: boundedFindings(outcome.findings),
        },
        now,
      );
      return;
    case 'failed': {
      const details: Finding[] = [];
      // What the tax authority answered is kept beside the protocols, locked as a live filing's
      // records are, so support can reconcile an uncertain transmission with it; the outcome is
      // recorded whether or not it could be written.
      if (outcome.serverAnswer) {
        const fileName = serverAnswerFileName(id);
        const answer = {
          fileName,
          content: new TextEncoder().encode(outcome.serverAnswer),
          retainUntil: lockedUntil(claimed, deps.transmit.recordLockDays, now()),
        };
        const kept = !(await writeRecords(deps.protocols, id, [answer])).length;
        details.push(
          kept
            ? { path: 'server_answer', code: 'SERVER_ANSWER_KEPT', message: `The tax authority's answer is kept as ${fileName}` }
            : {
                path: 'server_answer',
                code: 'SERVER_ANSWER_NOT_KEPT',
                message: "The tax authority's answer could not be stored; the log of the transmit function names the fault",
              },
        );
      }
      await finish(deps, held, id, 'failed', { code: outcome.code, message: outcome.message, details }, now);
      return;
    }
    case 'retry': {
      if (claimed.attempts >= deps.transmit.maxAttempts) {
        await finish(
          deps,
          held,
          id,
          'failed',
          {
            code: 'TRANSMISSION_FAILED',
            message: `Not transmitted after ${claimed.attempts} attempts: ${outcome.message}`,
            details: [],
          },
          now,
        );
        return;
      }
      await tryAgainLater(deps, held, id, claimed.attempts, now);
      return;
    }
  }
}

/** Hands the ticket back for its next attempt, `retryDelaySeconds` × `attempts` from now. */
async function tryAgainLater(
  deps: TransmitDeps,
  held: { status: 'processing'; lease_until: string },
  id: string,
  attempts: number,
  now: () => Date,
): Promise<void> {
  deps.metrics?.addMetric(metricNames.transmissionRetries, MetricUnit.Count, 1);
  const delay = deps.transmit.retryDelaySeconds * attempts;
  // A fresh, delayed wake-up is the backoff; if it is lost, the re-drive finds the queued ticket.
  if (await release(deps, held, id, delay, now)) await deps.queue.wakeTransmit(id, delay);
}

/**
 * Puts the ticket back to `queued`, saying when the wake-up on its way is due: the scheduled
 * re-drive leaves it to that wake-up until then, rather than start a second attempt early.
 */
function release(
  deps: TransmitDeps,
  held: { status: 'processing'; lease_until: string },
  id: string,
  wakeInSeconds: number,
  now: () => Date,
): Promise<Ticket | undefined> {
  const at = now();
  const wakeAt = new Date(at.getTime() + wakeInSeconds * 1000);
  return deps.tickets.transition(id, held, { status: 'queued', updated_at: at.toISOString(), next_wake_at: wakeAt.toISOString() }, ['lease_until']);
}

async function finish(
  deps: TransmitDeps,
  held: { status: 'processing'; lease_until: string },
  id: string,
  status: 'rejected' | 'failed',
  error: NonNullable<TicketChanges['error']>,
  now: () => Date,
): Promise<void> {
  const finished = await deps.tickets.transition(id, held, { status, error, updated_at: now().toISOString() }, whileWorking);
  if (finished && deps.metrics) countEnd(deps.metrics, status, error.code);
}
