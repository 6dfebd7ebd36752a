// Data keys from KMS: generated and unwrapped by the stage's key, which never leaves KMS. The
// encryption context binds each wrapped key to what it protects.

import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import type { Needs } from '#shared/manifest.ts';
import type { KeyWrapper } from '#shared/ports.ts';

export const needs = { newDataKey: { sealing: ['seal'] }, unwrap: { sealing: ['open'] } } as const satisfies Record<keyof KeyWrapper, Needs>;

const context = { purpose: 'steuerbote-client-certificate' };

export class KmsKeyWrapper implements KeyWrapper {
  readonly #client: KMSClient;
  readonly #keyId: string;

  constructor(client: KMSClient, keyId: string) {
    this.#client = client;
    this.#keyId = keyId;
  }

  async newDataKey(): Promise<{ plaintext: Buffer; wrapped: string }> {
    const answer = await this.#client.send(new GenerateDataKeyCommand({ KeyId: this.#keyId, KeySpec: 'AES_256', EncryptionContext: context }));
    if (!answer.Plaintext || !answer.CiphertextBlob) throw new Error('KMS returned no data key');
    return { plaintext: Buffer.from(answer.Plaintext), wrapped: Buffer.from(answer.CiphertextBlob).toString('base64') };
  }

  async unwrap(wrapped: string): Promise<Buffer> {
    const answer = await this.#client.send(new DecryptCommand({ CiphertextBlob: Buffer.from(wrapped, 'base64'), EncryptionContext: context }));
    if (!answer.Plaintext) throw new Error('KMS returned no plaintext');
    return Buffer.from(answer.Plaintext);
  }
}
