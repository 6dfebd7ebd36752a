/**
 * A secret as it is stored (shared/certificates/envelope.ts): its wrapped data key, and the
 * ciphertext with its IV and tag (base64). Nothing can be read from it without the sealing key.
 */
export interface Sealed {
  key: string;
  iv: string;
  tag: string;
  data: string;
}
