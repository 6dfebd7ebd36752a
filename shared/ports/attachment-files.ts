/** What an upload URL must be sent with: S3 refuses other bytes, another type or another size. */
export interface UploadTarget {
  method: 'PUT';
  url: string;
  headers: Record<string, string>;
}

/** The bytes of uploaded attachments, in the stage bucket under their IDs. */
export interface AttachmentFiles {
  /**
   * A URL that takes, for `seconds`, exactly `size` bytes of `contentType` whose SHA-256 is `sha256`
   * (hex) as the attachment's bytes.
   */
  uploadTarget(attachmentId: string, file: { contentType: string; size: number; sha256: string }, seconds: number): Promise<UploadTarget>;
  /** The bytes uploaded, or undefined while none are. */
  read(attachmentId: string): Promise<Buffer | undefined>;
}
