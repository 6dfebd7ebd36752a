// What one PKCS#12 container may ask of steuerbote, read before anything is derived from its PIN.

import { countText } from '#shared/domain/certificate.ts';

/**
 * The most iterations any one derivation of a container may ask for. Containers are written with
 * 2,048 by OpenSSL (`PKCS12_DEFAULT_ITER`, also its `-iter` and `-maciter` default), 2,000 by
 * Windows' certificate export, and 10,000 by Java's keytool since its PBES2 defaults (50,000 for
 * the encryptions and 100,000 for the MAC in the Java releases before); 100,000 takes all of them
 * and a deliberately stronger setting of that order. A count above it is refused before anything
 * is derived, whatever the PIN: the count is the attacker's to choose, the CPU time ours to pay.
 */
export const maxIterations = 100_000;

/** The cap as people read it: 100,000. */
export const maxIterationsText = countText(maxIterations);

/** Shrouded keys and encrypted safes one container may hold: ELSTER's hold a few; each costs up to the cap. */
export const maxEncryptedParts = 4;

export type Refusal = { ok: false; code: 'CERTIFICATE_INVALID' | 'CERTIFICATE_PIN_WRONG'; message: string };

export const invalid = (message: string): Refusal => ({ ok: false, code: 'CERTIFICATE_INVALID', message });

export const wrongPin: Refusal = { ok: false, code: 'CERTIFICATE_PIN_WRONG', message: 'does not open the container: the PIN is wrong' };

/**
 * An iteration count as the ASN.1 reader hands it (a number, or a string or bigint once it has four
 * bytes or more), or the refusal that names the cap.
 */
export function iterationsWithin(count: number | string | bigint): number | Refusal {
  const iterations = BigInt(count);
  if (iterations < 1n) return invalid('asks for no key derivation iterations');
  if (iterations > BigInt(maxIterations))
    return invalid(`asks for more key derivation iterations than the ${maxIterationsText} allowed: export it again with fewer (OpenSSL writes 2,048)`);
  return Number(iterations);
}
