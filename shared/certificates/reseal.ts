// Secrets sealed before they were bound to their owner (no `version`: a constant context, no
// associated data) are opened the old way once, and sealed again bound to their client and
// certificate, the first time a submission names their certificate. A per-submission PIN sealed
// the old way is not sealed again: it lives only until its ticket's transmission ends.

import { open, seal } from '#shared/certificates/envelope.ts';
import { sealedFor, type CertificateRecord } from '#shared/domain/certificate.ts';
import type { Sealed } from '#shared/domain/sealed.ts';
import { logger } from '#shared/logger.ts';
import type { CertificateStore, KeyWrapper } from '#shared/ports.ts';

/** The record with every secret bound to its owner, sealed again and kept so if any was not. Throws `SealBroken`. */
export async function resealed(deps: { store: CertificateStore; wrapper: KeyWrapper }, record: CertificateRecord): Promise<CertificateRecord> {
  if ([record.container, record.pin].every((sealed) => sealed === undefined || sealed.version === 2)) return record;
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
