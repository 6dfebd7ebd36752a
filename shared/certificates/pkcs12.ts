// Opening a client's ELSTER certificate, a PKCS#12 container (.pfx, .p12), with its PIN: read on the
// PKCS#12 thread (pkcs12-worker.ts, container-reader.ts), two containers at a time at most
// (derivation-slots.ts), and held here to the rules of a certificate that may sign.

import { X509Certificate } from 'node:crypto';
import type { Leaf, Refused } from '#shared/certificates/container-reader.ts';
import { deriving } from '#shared/certificates/derivation-slots.ts';
import { keyStrength } from '#shared/certificates/key-strength.ts';
import type { Refusal } from '#shared/certificates/pkcs12-limits.ts';
import { onThread } from '#shared/certificates/pkcs12-thread.ts';
import { nameProblems, type CertificateFacts } from '#shared/domain/certificate.ts';

export type { Leaf } from '#shared/certificates/container-reader.ts';

export type OpenCode = Refused['code'] | 'CERTIFICATE_EXPIRED' | 'CERTIFICATE_NOT_YET_VALID' | 'CERTIFICATE_KEY_TOO_WEAK';

export type Opened = { ok: true; facts: CertificateFacts } | { ok: false; code: OpenCode; message: string };

/**
 * Whether `pin` opens the container, by its MAC alone: none when it does, else why not (a wrong
 * PIN; or a container this cannot check, or one over the cap, refused before any derivation).
 */
export async function pinRefusal(container: Uint8Array, pin: string): Promise<Refusal | undefined> {
  const result = await deriving(() => onThread({ op: 'pin', container, pin }));
  return result.ok ? undefined : (result as Refusal);
}

/** The certificate the container's private key belongs to, whatever its validity and key (container-reader.ts, readLeaf). */
export async function containerLeaf(container: Uint8Array, pin: string, screenNames = false): Promise<Leaf | Refused> {
  const result = await deriving(() => onThread({ op: 'leaf', container, pin, screenNames }));
  if (!result.ok) return result;
  if (!('certificate' in result)) throw new Error('the PKCS#12 thread answered without a certificate');
  return { ok: true, certificate: new X509Certificate(result.certificate), key: result.key, facts: result.facts };
}

/**
 * Opens the container with its PIN before anything is kept: one that cannot sign, whose key is not
 * its certificate's or too weak, or whose names are too long, is refused now, not at filing; one
 * none of whose certificates has names short enough before any key is decrypted.
 */
export async function openPkcs12(container: Uint8Array, pin: string, now: Date): Promise<Opened> {
  const leaf = await containerLeaf(container, pin, true);
  if (!leaf.ok) return leaf;
  const strength = keyStrength(leaf.key);
  if (!strength.ok) return { ok: false, code: 'CERTIFICATE_KEY_TOO_WEAK', message: strength.message };
  const { facts } = leaf;
  const [named] = nameProblems(facts);
  if (named) return { ok: false, ...named };
  if (facts.not_before > now.toISOString()) return { ok: false, code: 'CERTIFICATE_NOT_YET_VALID', message: `is valid only from ${facts.not_before}` };
  if (facts.not_after <= now.toISOString()) return { ok: false, code: 'CERTIFICATE_EXPIRED', message: `expired on ${facts.not_after}` };
  return { ok: true, facts: { ...facts, key_type: strength.key_type, key_bits: strength.key_bits } };
}
