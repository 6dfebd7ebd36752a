import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import { describe, expect, it, vi } from 'vitest';
import { KmsKeyWrapper } from '#shared/adapters/kms-key-wrapper.ts';

describe('KmsKeyWrapper', () => {
  it('asks the stage key for an AES-256 data key and unwraps it with the same encryption context', async () => {
    const send = vi.fn(async (command: GenerateDataKeyCommand | DecryptCommand) =>
      command instanceof GenerateDataKeyCommand
        ? { Plaintext: new Uint8Array(32).fill(7), CiphertextBlob: new Uint8Array([1, 2, 3]) }
        : { Plaintext: new Uint8Array(32).fill(7) },
    );
    const wrapper = new KmsKeyWrapper({ send } as unknown as KMSClient, 'alias/steuerbote');
    const { plaintext, wrapped } = await wrapper.newDataKey();
    expect(plaintext).toEqual(Buffer.alloc(32, 7));
    expect(await wrapper.unwrap(wrapped)).toEqual(Buffer.alloc(32, 7));
    const [generate, decrypt] = send.mock.calls.map(([command]) => command.input);
    expect(generate).toEqual({ KeyId: 'alias/steuerbote', KeySpec: 'AES_256', EncryptionContext: { purpose: 'steuerbote-client-certificate' } });
    expect(decrypt).toEqual({ CiphertextBlob: Buffer.from([1, 2, 3]), EncryptionContext: { purpose: 'steuerbote-client-certificate' } });
  });
});
