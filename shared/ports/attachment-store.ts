import type { Attachment } from '#shared/domain/attachment.ts';

/** The records of uploaded attachments (shared/domain/attachment.ts), one item each by its ID. */
export interface AttachmentStore {
  create(attachment: Attachment): Promise<void>;
  /** The record, or undefined where there is none or it has expired. */
  get(attachmentId: string): Promise<Attachment | undefined>;
  /**
   * Marks the client's attachment used by `ticket`, by one conditional write: false where it is
   * gone, another client's, or used by another ticket. Used by the same ticket again (a submission
   * retried under its Idempotency-Key takes its ticket's ID again), it holds.
   */
  use(attachmentId: string, clientId: string, ticket: string): Promise<boolean>;
  /** Makes an attachment `ticket` marked used unused again (its submission was refused after all); one another ticket uses stays so. */
  release(attachmentId: string, ticket: string): Promise<void>;
}
