// `POST /v2/attachments` (contract §13): the caller names a file it will upload for a letter (its name,
// type, size and SHA-256), and is answered its ID and a short-lived URL that takes exactly those bytes.
// ERiC's limits on one file (shared/forms/attachments.ts) are held here already, so a file ELSTER
// would refuse is never uploaded; what all of a letter's files may hold together its check says. A
// file is always sent to the URL, never in this request's body: a small one may still travel base64 in
// the letter itself (`dateiinhalt`), so one way apart from the body is enough.
import { newAttachmentId, type Attachment } from '#shared/domain/attachment.ts';
import type { Finding } from '#shared/domain/ticket.ts';
import { attachmentLimits } from '#shared/forms/attachments.ts';
import { HttpError } from '#shared/http/http-error.ts';
import type { AttachmentStore } from '#shared/ports/attachment-store.ts';
import type { AttachmentFiles, UploadTarget } from '#shared/ports/attachment-files.ts';

/** How long the upload URL takes the file. */
export const uploadUrlSeconds = 15 * 60;
/**
 * How long an upload may wait to be named by a letter: its record expires (DynamoDB TTL) and its bytes
 * go (the bucket's lifecycle, which counts whole days) after a day; a submission that used it keeps
 * its content in the body it stored.
 */
export const attachmentKeptDays = 1;
/** A letter names a file in at most 50 characters (Anhaenge-simple-3.xsd, Dateibezeichnung). */
const maxNameLength = 50;

export interface AttachmentRequest {
  name: string;
  content_type: 'application/pdf';
  size: number;
  sha256: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const fields = ['name', 'content_type', 'size', 'sha256'];

/** The request's fields, or a 422 naming each that is wrong. */
export function attachmentRequestOf(body: unknown): AttachmentRequest {
  const input = isRecord(body) ? body : {};
  const findings: Finding[] = [];
  const refuse = (path: string, code: string, message: string) => findings.push({ path, code, message });
  if (!isRecord(body)) refuse('', 'INVALID_TYPE', 'must be an object with name, content_type, size and sha256');
  const { name, content_type: type, size, sha256 } = input;
  if (typeof name !== 'string' || name.trim() === '' || name.length > maxNameLength)
    refuse('name', name === undefined ? 'REQUIRED' : 'INVALID_VALUE', `must be the file's name, 1 to ${maxNameLength} characters`);
  if (type === undefined) refuse('content_type', 'REQUIRED', `is required: "${attachmentLimits.type}"`);
  else if (type !== attachmentLimits.type) refuse('content_type', 'ATTACHMENT_TYPE', `must be "${attachmentLimits.type}": ELSTER takes PDF files only`);
  if (size === undefined) refuse('size', 'REQUIRED', 'is required: the number of bytes of the file');
  else if (typeof size !== 'number' || !Number.isInteger(size) || size < 1)
    refuse('size', 'INVALID_VALUE', 'must be the number of bytes of the file, at least 1');
  else if (size > attachmentLimits.fileBytes)
    refuse('size', 'ATTACHMENT_TOO_LARGE', `is ${size} bytes: ELSTER takes at most ${attachmentLimits.fileBytes} bytes a file`);
  if (sha256 === undefined) refuse('sha256', 'REQUIRED', "is required: the file's SHA-256, 64 hex digits");
  else if (typeof sha256 !== 'string' || !/^[0-9a-fA-F]{64}$/.test(sha256)) refuse('sha256', 'INVALID_VALUE', "must be the file's SHA-256, 64 hex digits");
  for (const field of Object.keys(input).filter((field) => !fields.includes(field))) refuse(field, 'UNKNOWN_FIELD', 'is no field of an attachment');
  if (findings.length > 0) throw new HttpError(422, 'VALIDATION_FAILED', 'The attachment is not valid', { details: findings });
  return { name: name as string, content_type: attachmentLimits.type, size: size as number, sha256: (sha256 as string).toLowerCase() };
}

/** What the caller is answered: the attachment and where to send its bytes. */
export interface Announced {
  attachment: Attachment;
  upload: UploadTarget & { expires_at: string };
}

/** Notes the client's upload and signs the URL that takes its bytes. */
export async function announceAttachment(
  deps: { store: AttachmentStore; files: AttachmentFiles; now: () => number },
  clientId: string,
  request: AttachmentRequest,
): Promise<Announced> {
  const at = deps.now();
  const attachment: Attachment = {
    attachment_id: newAttachmentId(),
    client_id: clientId,
    ...request,
    created_at: new Date(at).toISOString(),
    expires_at: Math.floor(at / 1000) + attachmentKeptDays * 86_400,
  };
  await deps.store.create(attachment);
  const target = await deps.files.uploadTarget(
    attachment.attachment_id,
    { contentType: request.content_type, size: request.size, sha256: request.sha256 },
    uploadUrlSeconds,
  );
  return { attachment, upload: { ...target, expires_at: new Date(at + uploadUrlSeconds * 1000).toISOString() } };
}

/** The attachment as its client sees it: without whose it is. */
export const attachmentView = ({ attachment, upload }: Announced) => ({
  attachment_id: attachment.attachment_id,
  name: attachment.name,
  content_type: attachment.content_type,
  size: attachment.size,
  sha256: attachment.sha256,
  created_at: attachment.created_at,
  expires_at: new Date(attachment.expires_at * 1000).toISOString(),
  upload,
});
