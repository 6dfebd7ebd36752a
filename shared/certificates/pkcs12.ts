// Opening a client's ELSTER certificate: a PKCS#12 container (.pfx, .p12) with its PIN. ELSTER has
// issued both current containers (PBES2 with AES, a SHA-256 MAC) and legacy ones (3DES, RC2 and a
// SHA-1 MAC); node-forge reads both in plain JavaScript, so no native build is needed.

import { createHash } from 'node:crypto';
import forge from 'node-forge';
import type { CertificateFacts } from '#shared/domain/certificate.ts';

export type Opened =
  { ok: true; facts: CertificateFacts } | { ok: false; code: 'CERTIFICATE_INVALID' | 'CERTIFICATE_PIN_WRONG' | 'CERTIFICATE_EXPIRED'; message: string };

// The bag types of RFC 7292 § 4.2: a key (plain or shrouded) and a certificate.
const keyBags = ['1.2.840.113549.1.12.10.1.1', '1.2.840.113549.1.12.10.1.2'];
const certBag = '1.2.840.113549.1.12.10.1.3';

/** Opens the container with its PIN before anything is kept: one that cannot sign is refused now, not at filing. */
export function openPkcs12(container: Uint8Array, pin: string, now: Date): Opened {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(container).toString('binary')), true);
  } catch {
    return { ok: false, code: 'CERTIFICATE_INVALID', message: 'is not a PKCS#12 container (.pfx or .p12)' };
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, pin);
  } catch (error) {
    // node-forge says so when the MAC does not verify: the PIN does not open the container.
    return error instanceof Error && /Invalid password/i.test(error.message)
      ? { ok: false, code: 'CERTIFICATE_PIN_WRONG', message: 'does not open the container: the PIN is wrong' }
      : { ok: false, code: 'CERTIFICATE_INVALID', message: 'is not a PKCS#12 container that can be read' };
  }
  const keys = keyBags.flatMap((bagType) => p12.getBags({ bagType })[bagType] ?? []);
  const certificate = (p12.getBags({ bagType: certBag })[certBag] ?? []).find((bag) => bag.cert)?.cert;
  if (!keys.some((bag) => bag.key) || !certificate) {
    return { ok: false, code: 'CERTIFICATE_INVALID', message: 'holds no private key with its certificate: ELSTER signs with both' };
  }
  const facts = factsOf(certificate);
  if (facts.not_after <= now.toISOString()) return { ok: false, code: 'CERTIFICATE_EXPIRED', message: `expired on ${facts.not_after}` };
  return { ok: true, facts };
}

const nameOf = (name: forge.pki.Certificate['subject']) =>
  name.attributes.map((attribute) => `${attribute.shortName ?? attribute.name}=${String(attribute.value)}`).join(', ');

function factsOf(certificate: forge.pki.Certificate): CertificateFacts {
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');
  return {
    subject: nameOf(certificate.subject),
    issuer: nameOf(certificate.issuer),
    serial: certificate.serialNumber,
    not_before: certificate.validity.notBefore.toISOString(),
    not_after: certificate.validity.notAfter.toISOString(),
    fingerprint_sha256: createHash('sha256').update(der).digest('hex'),
  };
}
