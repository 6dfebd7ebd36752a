import { DecryptCommand, GenerateDataKeyCommand, InvalidCiphertextException, KMSServiceException, type KMSClient } from '@aws-sdk/client-kms';
import { describe, expect, it, vi } from 'vitest';
import { KmsKeyWrapper } from '#shared/adapters/kms-key-wrapper.ts';
import { SealBroken } from '#shared/domain/sealed.ts';

const owner = { client_id: 'client-a', certificate_id: 'crt_a' };
const purpose = 'steuerbote-client-certificate';

describe('KmsKeyWrapper', () => {
  it('asks the stage key for an AES-256 data key bound to its owner, and unwraps it with the same encryption context', async () => {
    const send = vi.fn(async (command: GenerateDataKeyCommand | DecryptCommand) =>
      command instanceof GenerateDataKeyCommand
        ? { Plaintext: new Uint8Array(32).fill(7), CiphertextBlob: new Uint8Array([1, 2, 3]) }
        : { Plaintext: new Uint8Array(32).fill(7) },
    );
    const wrapper = new KmsKeyWrapper({ send } as unknown as KMSClient, 'arn:aws:kms:eu-central-1:123456789012:key/k');
    const { plaintext, wrapped } = await wrapper.newDataKey({ ...owner, ticket_id: 'tk_1' });
    expect(plaintext).toEqual(Buffer.alloc(32, 7));
    expect(await wrapper.unwrap(wrapped, { ...owner, ticket_id: 'tk_1' })).toEqual(Buffer.alloc(32, 7));
    await wrapper.unwrap(wrapped, undefined);
    const [generate, decrypt, old] = send.mock.calls.map(([command]) => command.input);
    const context = { purpose, client_id: 'client-a', certificate_id: 'crt_a', ticket_id: 'tk_1' };
    expect(generate).toEqual({ KeyId: 'arn:aws:kms:eu-central-1:123456789012:key/k', KeySpec: 'AES_256', EncryptionContext: context });
    expect(decrypt).toEqual({ KeyId: 'arn:aws:kms:eu-central-1:123456789012:key/k', CiphertextBlob: Buffer.from([1, 2, 3]), EncryptionContext: context });
    // A data key wrapped before keys were bound carries the constant context it was made with.
    expect(old).toMatchObject({ EncryptionContext: { purpose } });
  });

  it('answers a key wrapped for another owner with SealBroken, and passes any other failure on', async () => {
    const refusal = new InvalidCiphertextException({ message: 'context mismatch', $metadata: {} });
    const throttled = new KMSServiceException({ name: 'ThrottlingException', $fault: 'client', message: 'slow down', $metadata: {} });
    const send = vi.fn().mockRejectedValueOnce(refusal).mockRejectedValueOnce(throttled);
    const wrapper = new KmsKeyWrapper({ send } as unknown as KMSClient, 'k');
    await expect(wrapper.unwrap('AQID', owner)).rejects.toThrow(SealBroken);
    await expect(wrapper.unwrap('AQID', owner)).rejects.toBe(throttled);
  });
});
