/**
 * A secret as it is stored (shared/certificates/envelope.ts): its wrapped data key, and the
 * ciphertext with its IV and tag (base64). Nothing can be read from it without the sealing key.
 */
export interface Sealed {
  key: string;
  iv: string;
  tag: string;
  data: string;
  /**
   * 2: bound to its owner (`SealedFor`), which the data key's wrapping and the ciphertext both carry.
   * Absent: sealed before secrets were bound, under a constant context and without associated data;
   * such a secret is opened the old way and sealed again (shared/certificates/reseal.ts).
   */
  version?: 2;
}

/**
 * Whose secret it is: a client's certificate, and for a PIN that came with one submission, its
 * ticket. Bound into the sealed secret, so that one moved to another record does not open there.
 */
export interface SealedFor {
  client_id: string;
  certificate_id: string;
  ticket_id?: string;
}

/** The one value every context of the sealing key carries; the key policy requires it (infra/constructs/sealing-key.ts). */
export const sealingPurpose = 'steuerbote-client-certificate';

/**
 * What a sealed secret is bound to, in a fixed order: the KMS encryption context of its data key,
 * and, as JSON, the associated data of each AES-GCM layer. Without an owner: the constant context
 * of secrets sealed before they were bound.
 */
export function sealingContext(owner?: SealedFor): Record<string, string> {
  if (!owner) return { purpose: sealingPurpose };
  const { client_id, certificate_id, ticket_id } = owner;
  return { purpose: sealingPurpose, client_id, certificate_id, ...(ticket_id !== undefined && { ticket_id }) };
}

/** The owner as AES-GCM associated data: the same context as the data key's, as JSON. */
export const associatedData = (owner: SealedFor) => new TextEncoder().encode(JSON.stringify(sealingContext(owner)));

/**
 * A sealed secret that does not open for the record it was read from: altered, moved there from
 * another record, or sealed under another key. Trying again changes nothing; its message names no secret.
 */
export class SealBroken extends Error {
  constructor() {
    super('The sealed secret does not open for this record: it was altered, or sealed for another client, certificate or ticket');
    this.name = 'SealBroken';
  }
}
