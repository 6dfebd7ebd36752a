import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import * as z from 'zod/mini';
import { ticketIdPattern } from '#shared/domain/ticket.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { findingsOf } from '#shared/forms/findings.ts';

export const webhookBodySchema = z.looseObject({
  // The ticket names the folder as it is: only a real ID keeps two tickets from sharing one.
  ticket: z.string().check(z.regex(ticketIdPattern, 'must be a steuerbote ticket ID')),
  transfer_ticket: z.optional(z.string().check(z.maxLength(100))),
  file_name: z.string().check(z.minLength(1), z.maxLength(255)),
  file_content: z.string().check(z.minLength(1)),
  store: z.optional(z.boolean()),
});

export type WebhookBody = z.infer<typeof webhookBodySchema>;

const strictBase64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Decodes the PDF a webhook carries; anything that is not base64 of a PDF that parses, with a page, is refused. */
export async function decodePdf(fileContent: string): Promise<Uint8Array> {
  const bytes = strictBase64.test(fileContent) ? Buffer.from(fileContent, 'base64') : undefined;
  if (!bytes || !(await parsesAsPdf(bytes))) {
    throw new HttpError(422, 'VALIDATION_FAILED', 'file_content is not a base64-encoded PDF', {
      details: [{ path: 'file_content', code: 'NOT_A_PDF', message: 'must be the base64 encoding of a PDF file that parses' }],
    });
  }
  return bytes;
}

// A header alone proves nothing: the document must load, catalog and pages included. Strict, so that
// pdf-lib throws rather than writing warnings about the bytes to the console; encryption is no fault.
async function parsesAsPdf(bytes: Uint8Array): Promise<boolean> {
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') return false;
  try {
    const document = await PDFDocument.load(bytes, { throwOnInvalidObject: true, ignoreEncryption: true, updateMetadata: false });
    return document.getPageCount() > 0;
  } catch {
    return false;
  }
}

/**
 * One path segment that can neither climb out of its folder nor hide: anything outside a small
 * safe alphabet becomes "_", and leading dots go.
 */
export function safeSegment(name: string, fallback: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 120);
  return cleaned || fallback;
}

/** A safe segment that still ends in `.pdf`, so the stored file opens as what it is. */
export function pdfFileName(name: string): string {
  const segment = safeSegment(name, 'protocol.pdf');
  return /\.pdf$/i.test(segment) ? segment : `${segment}.pdf`;
}

/** `{ticket}/{file name}`: the folder of one ticket, never a way out of the store. */
export const receivedPath = (body: WebhookBody) => `${body.ticket}/${pdfFileName(body.file_name)}`;

export function parseWebhookBody(input: unknown): WebhookBody {
  const result = z.safeParse(webhookBodySchema, input, { reportInput: true });
  if (!result.success) {
    throw new HttpError(422, 'VALIDATION_FAILED', 'The webhook body is not a steuerbote notification', { details: findingsOf(result.error) });
  }
  return result.data;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
