// Secrets sealed before they were bound to their owner (no `version`: a constant context, no
// associated data) are opened the old way once, and sealed again bound to their client and
// certificate: the first time a submission names their certificate, or by the daily job that seals
// every such certificate again, so that the key policy can drop the old way (docs/operations.md,
// "Retiring the old way of opening sealed secrets"). A per-submission PIN sealed the old way is not
// sealed again: it lives only until its ticket's transmission ends.

import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { open, seal } from '#shared/certificates/envelope.ts';
import { sealedFor, secretsBound, type CertificateRecord } from '#shared/domain/certificate.ts';
import type { Sealed } from '#shared/domain/sealed.ts';
import { describeError, logger } from '#shared/logger.ts';
import { metricNames } from '#shared/metric-names.ts';
import type { MetricSink } from '#shared/metrics.ts';
import type { CertificateStore, KeyWrapper } from '#shared/ports.ts';

/** The record with every secret bound to its owner, sealed again and kept so if any was not. Throws `SealBroken`. */
export async function resealed(deps: { store: CertificateStore; wrapper: KeyWrapper }, record: CertificateRecord): Promise<CertificateRecord> {
  if (secretsBound(record)) return record;
  const owner = sealedFor(record);
  const again = async (sealed: Sealed) => {
    const clear = await open(deps.wrapper, owner, sealed);
    try {
      return await seal(deps.wrapper, owner, clear);
    } finally {
      clear.fill(0);
    }
  };
  const secrets = { container: await again(record.container), ...(record.pin && { pin: await again(record.pin) }) };
  // Another request may have sealed them again first: its secrets and these are alike good.
  const kept = await deps.store.reseal(record.client_id, record.certificate_id, secrets, record.container);
  logger.info('certificate sealed again, bound to its owner', { certificate: record.certificate_id, kept });
  return { ...record, ...secrets };
}

export interface ResealAllDeps {
  store: CertificateStore;
  wrapper: KeyWrapper;
  metrics?: MetricSink;
}

/**
 * Seals again every certificate whose container or PIN is still sealed the old way, each on its
 * own: one that does not open is logged and counted, and the rest go on. Returns both counts.
 */
export async function resealAll(deps: ResealAllDeps): Promise<{ resealed: number; failed: number }> {
  const counts = { resealed: 0, failed: 0 };
  for await (const { client_id, certificate_id } of deps.store.sealedBeforeOwners()) {
    try {
      const record = await deps.store.get(client_id, certificate_id);
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
  if (counts.failed === 0) logger.info('no certificate is left sealed the old way', counts);
  return counts;
}
