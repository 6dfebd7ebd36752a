// Secrets sealed before they were bound to their owner (no `version`: a constant context, no
// associated data) are opened the old way once, and sealed again bound to their client and
// certificate: the first time a submission names their certificate, or by the daily job that seals
// every such certificate again, so that the key policy can drop the old way (docs/operations/retiring-the-old-way-of-opening-sealed-secrets.md). Such a secret opens in any record, so it may
// have been copied from another: it is bound only once the container opens, with the record's PIN,
// to the very certificate the record was kept for. A per-submission PIN sealed the old way is not
// sealed again: it lives only until its ticket's transmission ends.

import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { open, seal } from '#shared/certificates/envelope.ts';
import { sealedFor, secretsBound, type CertificateRecord } from '#shared/domain/certificate.ts';
import { SealBroken } from '#shared/domain/sealed.ts';
import { describeError, logger } from '#shared/logger.ts';
import { metricNames } from '#shared/metric-names.ts';
import type { MetricSink } from '#shared/metrics.ts';
import type { CertificateStore } from '#shared/ports/certificate-store.ts';
import type { KeyWrapper } from '#shared/ports/key-wrapper.ts';

/**
 * Throws `SealBroken` unless `container` opens with `pin` and its private key's certificate is the
 * record's (its SHA-256 fingerprint). The full container reader is imported only then, so a submit
 * function does not evaluate it as it starts.
 */
async function mustBeTheRecords(record: CertificateRecord, container: Uint8Array, pin: Buffer): Promise<void> {
  const { containerLeaf } = await import('#shared/certificates/pkcs12.ts');
  const leaf = await containerLeaf(container, pin.toString('utf8'));
  if (!leaf.ok || leaf.facts.fingerprint_sha256 !== record.fingerprint_sha256) throw new SealBroken();
}

/**
 * The record with every secret bound to its owner, sealed again and kept so if any was not, once its
 * container is found to be the record's certificate (opened with the kept PIN, or with `pin`, which a
 * submission brings for a certificate that keeps none). Throws `SealBroken`.
 */
export async function resealed(deps: { store: CertificateStore; wrapper: KeyWrapper }, record: CertificateRecord, pin?: string): Promise<CertificateRecord> {
  if (secretsBound(record)) return record;
  const owner = sealedFor(record);
  const container = await open(deps.wrapper, owner, record.container);
  let clearPin: Buffer | undefined;
  try {
    clearPin = record.pin ? await open(deps.wrapper, owner, record.pin) : Buffer.from(pin ?? '', 'utf8');
    await mustBeTheRecords(record, container, clearPin);
    const secrets = { container: await seal(deps.wrapper, owner, container), ...(record.pin && { pin: await seal(deps.wrapper, owner, clearPin) }) };
    // Another request may have sealed them again first: its secrets and these are alike good.
    const kept = await deps.store.reseal(record.client_id, record.certificate_id, secrets, record.container);
    logger.info('certificate sealed again, bound to its owner', { certificate: record.certificate_id, kept });
    return { ...record, ...secrets };
  } finally {
    container.fill(0);
    clearPin?.fill(0);
  }
}

export interface ResealAllDeps {
  store: CertificateStore;
  wrapper: KeyWrapper;
  metrics?: MetricSink;
}

/**
 * Seals again every certificate whose container or PIN is still sealed the old way, each on its
 * own: one that does not open, or opens to another certificate than its record's, is logged and
 * counted, and the rest go on. One whose PIN comes with each submission waits for that PIN: without
 * it nothing says whose certificate its container is. Returns the three counts.
 */
export async function resealAll(deps: ResealAllDeps): Promise<{ resealed: number; failed: number; waiting: number }> {
  const counts = { resealed: 0, failed: 0, waiting: 0 };
  for await (const { client_id, certificate_id } of deps.store.sealedBeforeOwners()) {
    try {
      const record = await deps.store.get(client_id, certificate_id);
      if (record?.pin_storage === 'per_submission') {
        counts.waiting++;
        logger.info('certificate sealed the old way waits for a submission to bring its PIN', { client_id, certificate_id });
        continue;
      }
      // Gone since the scan, or sealed again by a submission meanwhile (`resealed` hands such a record back as it is).
      if (record && (await resealed(deps, record)) !== record) counts.resealed++;
    } catch (error) {
      counts.failed++;
      logger.error('certificate could not be sealed again; it is still sealed the old way', { client_id, certificate_id, error: describeError(error) });
    }
  }
  // Recorded when zero too, so that a run that found nothing is told from one that did not run.
  deps.metrics?.addMetric(metricNames.certificatesResealed, MetricUnit.Count, counts.resealed);
  deps.metrics?.addMetric(metricNames.certificatesNotResealed, MetricUnit.Count, counts.failed);
  if (counts.failed === 0 && counts.waiting === 0) logger.info('no certificate is left sealed the old way', counts);
  return counts;
}
