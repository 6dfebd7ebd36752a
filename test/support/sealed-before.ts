// A secret sealed as steuerbote sealed it before secrets were bound to their owner: the data key
// wrapped under the local key file, and the secret under the data key, both AES-256-GCM without
// associated data, and no `version`. What a stage still holds from then, for the tests that read it.

import { createCipheriv, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { CertificateRecord } from '#shared/domain/certificate.ts';
import type { Sealed } from '#shared/domain/sealed.ts';
import type { CertificateStore } from '#shared/ports/certificate-store.ts';

const gcm = (key: Buffer, iv: Buffer, plaintext: Uint8Array) => {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  return { data: Buffer.concat([cipher.update(plaintext), cipher.final()]), tag: cipher.getAuthTag() };
};

/** `keyFile` must exist: the local key wrapper makes it on first use. */
export async function sealedTheOldWay(keyFile: string, secret: Uint8Array): Promise<Sealed> {
  const dataKey = randomBytes(32);
  const [keyIv, iv] = [randomBytes(12), randomBytes(12)];
  const wrapped = gcm(await readFile(keyFile), keyIv, dataKey);
  const sealed = gcm(dataKey, iv, secret);
  return {
    key: Buffer.concat([keyIv, wrapped.data, wrapped.tag]).toString('base64'),
    iv: iv.toString('base64'),
    tag: sealed.tag.toString('base64'),
    data: sealed.data.toString('base64'),
  };
}

/**
 * Puts a kept certificate's container, and its PIN when one is given, in its record sealed the old
 * way, as a stage still holds one kept before secrets were bound. Returns what it put there.
 */
export async function keptTheOldWay(
  store: Pick<CertificateStore, 'reseal'>,
  keyFile: string,
  record: CertificateRecord,
  secrets: { container: Uint8Array; pin?: string },
): Promise<Pick<CertificateRecord, 'container' | 'pin'>> {
  const old = {
    container: await sealedTheOldWay(keyFile, secrets.container),
    ...(secrets.pin !== undefined && { pin: await sealedTheOldWay(keyFile, Buffer.from(secrets.pin)) }),
  };
  if (!(await store.reseal(record.client_id, record.certificate_id, old, record.container)))
    throw new Error('the certificate was changed or deleted meanwhile');
  return old;
}
