// Envelope encryption of what a client entrusts to steuerbote (its certificate container and a
// stored PIN): each secret under its own AES-256-GCM data key, and that key kept only wrapped by
// a key steuerbote never holds in the clear (KMS on AWS, a key file locally).

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Sealed } from '#shared/domain/sealed.ts';
import type { KeyWrapper } from '#shared/ports.ts';

export async function seal(wrapper: KeyWrapper, plaintext: Uint8Array): Promise<Sealed> {
  const { plaintext: dataKey, wrapped } = await wrapper.newDataKey();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  dataKey.fill(0);
  return { key: wrapped, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

/** Throws when the secret was altered or sealed under another key. */
export async function open(wrapper: KeyWrapper, sealed: Sealed): Promise<Buffer> {
  const dataKey = await wrapper.unwrap(sealed.key);
  try {
    const decipher = createDecipheriv('aes-256-gcm', dataKey, Buffer.from(sealed.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
  } finally {
    dataKey.fill(0);
  }
}
