// A file a client uploads apart from a request's JSON body (`POST /v2/attachments`, contract §13), to
// be named by its ID in a letter's `anhaenge`: the client's alone, and used by one submission once.
// Its record says what the client announced (name, size, SHA-256); the bytes are in the bucket under
// its ID, put there through an upload URL bound to that size and checksum.
import { randomBytes } from 'node:crypto';

export const attachmentIdPattern = /^att_[A-Za-z0-9_-]{22}$/;
export const isAttachmentId = (value: unknown): value is string => typeof value === 'string' && attachmentIdPattern.test(value);
export const newAttachmentId = () => `att_${randomBytes(16).toString('base64url')}`;

export interface Attachment {
  attachment_id: string;
  client_id: string;
  /** The file's name, as the letter's `Dateibezeichnung` takes it unless the letter names it otherwise. */
  name: string;
  content_type: 'application/pdf';
  size: number;
  /** The SHA-256 of its bytes, hex. */
  sha256: string;
  created_at: string;
  /** Epoch seconds after which an unused record counts as gone (DynamoDB's TTL removes it later). */
  expires_at: number;
  /** The ticket of the submission that used it; absent while unused. */
  used_by?: string;
}
