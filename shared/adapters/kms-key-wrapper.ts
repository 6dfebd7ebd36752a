// Data keys from KMS: generated and unwrapped by the stage's key, which never leaves KMS. The
// encryption context binds each wrapped key to whose secret it protects (client, certificate,
// ticket), and the key policy allows no use of the key without it (infra/constructs/sealing-key.ts).

import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import { SealBroken, sealingContext, type SealedFor } from '#shared/domain/sealed.ts';
import type { Needs } from '#shared/manifest.ts';
import type { KeyWrapper } from '#shared/ports/key-wrapper.ts';

export const needs = { newDataKey: { sealing: ['seal'] }, unwrap: { sealing: ['open'] } } as const satisfies Record<keyof KeyWrapper, Needs>;

const refusals = new Set(['InvalidCiphertextException', 'IncorrectKeyException']);

export class KmsKeyWrapper implements KeyWrapper {
  readonly #client: KMSClient;
  readonly #keyId: string;

  constructor(client: KMSClient, keyId: string) {
    this.#client = client;
    this.#keyId = keyId;
  }

  async newDataKey(owner: SealedFor): Promise<{ plaintext: Buffer; wrapped: string }> {
    const answer = await this.#client.send(new GenerateDataKeyCommand({ KeyId: this.#keyId, KeySpec: 'AES_256', EncryptionContext: sealingContext(owner) }));
    if (!answer.Plaintext || !answer.CiphertextBlob) throw new Error('KMS returned no data key');
    return { plaintext: Buffer.from(answer.Plaintext), wrapped: Buffer.from(answer.CiphertextBlob).toString('base64') };
  }

  async unwrap(wrapped: string, owner: SealedFor | undefined): Promise<Buffer> {
    const command = new DecryptCommand({ KeyId: this.#keyId, CiphertextBlob: Buffer.from(wrapped, 'base64'), EncryptionContext: sealingContext(owner) });
    const answer = await this.#client.send(command).catch((error: unknown) => {
      // KMS answers a wrapped key made under another context as invalid ciphertext, one of another
      // key as the incorrect key; anything else (throttling, the service unreachable) may pass.
      throw error instanceof Error && refusals.has(error.name) ? new SealBroken() : error;
    });
    if (!answer.Plaintext) throw new Error('KMS returned no plaintext');
    return Buffer.from(answer.Plaintext);
  }
}
