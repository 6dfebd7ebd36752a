// Envelope encryption of what a client entrusts to steuerbote (its certificate container and a
// stored PIN): each secret under its own AES-256-GCM data key, and that key kept only wrapped by
// a key steuerbote never holds in the clear (KMS on AWS, a key file locally). Both layers are
// bound to the secret's owner (client, certificate, ticket), so a secret copied into another
// record does not open there.

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { associatedData, SealBroken, type Sealed, type SealedFor } from '#shared/domain/sealed.ts';
import type { KeyWrapper } from '#shared/ports/key-wrapper.ts';

export async function seal(wrapper: KeyWrapper, owner: SealedFor, plaintext: Uint8Array): Promise<Sealed> {
  const { plaintext: dataKey, wrapped } = await wrapper.newDataKey(owner);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', dataKey, iv).setAAD(associatedData(owner));
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  dataKey.fill(0);
  return { key: wrapped, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64'), version: 2 };
}

/**
 * Throws `SealBroken` when the secret was altered, sealed for another owner or under another key. A
 * secret sealed before secrets were bound (no `version`) opens the old way: the owner is not checked.
 */
export async function open(wrapper: KeyWrapper, owner: SealedFor, sealed: Sealed): Promise<Buffer> {
  const bound = sealed.version === 2 ? owner : undefined;
  const dataKey = await wrapper.unwrap(sealed.key, bound);
  try {
    const decipher = createDecipheriv('aes-256-gcm', dataKey, Buffer.from(sealed.iv, 'base64'));
    if (bound) decipher.setAAD(associatedData(bound));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
  } catch {
    throw new SealBroken();
  } finally {
    dataKey.fill(0);
  }
}
