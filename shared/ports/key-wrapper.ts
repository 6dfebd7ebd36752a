import type { SealedFor } from '#shared/domain/sealed.ts';

/**
 * Hands out data keys and keeps them only wrapped, bound to whose secret they protect: KMS on AWS
 * (the owner as encryption context), a key file locally (as associated data); shared/certificates/envelope.ts.
 */
export interface KeyWrapper {
  /** A fresh 256-bit data key, in the clear for one use, and wrapped for keeping, bound to `owner`. */
  newDataKey(owner: SealedFor): Promise<{ plaintext: Buffer; wrapped: string }>;
  /** Throws `SealBroken` when the key was not wrapped for `owner` (undefined: wrapped before keys were bound). */
  unwrap(wrapped: string, owner: SealedFor | undefined): Promise<Buffer>;
}
