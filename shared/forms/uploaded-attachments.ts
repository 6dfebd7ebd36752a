// A letter's attachments named by the IDs of uploads (`POST /v2/attachments`, contract §13) rather than
// carried base64 in the body: each `anhaenge.anhang` entry with `attachment_id` is resolved before the
// schema into the file it names, its name (unless the entry gives its own), its type and its content
// base64, so that the rest of the check, the stored body and the Nutzdaten are those of a body that
// carried the file itself. ERiC's limits then apply as to any attachments (attachments.ts). The IDs
// resolved go with the check's result, for the submission to mark them used.
import { createHash } from 'node:crypto';
import { isAttachmentId } from '#shared/domain/attachment.ts';
import type { Finding } from '#shared/domain/ticket.ts';
import { attachmentLimits } from '#shared/forms/attachments.ts';
import type { CheckContext, Prepared } from '#shared/forms/check.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const refused = (path: string, code: string, message: string): Finding => ({ path, code, message, severity: 'error' });

/** The body with the uploads its attachments name in their place, or the findings that refuse them; a body naming none as it came. */
export async function withUploadedAttachments(input: unknown, context: CheckContext): Promise<Prepared> {
  if (!isRecord(input) || input.xml !== undefined || !isRecord(input.anhaenge)) return { input };
  const listed = input.anhaenge.anhang;
  const entries: unknown[] = Array.isArray(listed) ? listed : [listed];
  const pathOf = (index: number) => (Array.isArray(listed) ? `anhaenge.anhang.${index}.attachment_id` : 'anhaenge.anhang.attachment_id');
  const named = entries.flatMap((entry, index) => (isRecord(entry) && entry.attachment_id !== undefined ? [{ entry, index }] : []));
  if (named.length === 0) return { input };

  const findings: Finding[] = [];
  const ids: string[] = [];
  const resolved = [...entries];
  await Promise.all(
    named.map(async ({ entry, index }) => {
      const { attachment_id: id, ...given } = entry;
      const path = pathOf(index);
      if (!isAttachmentId(id)) return findings.push(refused(path, 'INVALID_VALUE', 'must be an attachment ID (att_…) from POST /v2/attachments'));
      if (ids.includes(id)) return findings.push(refused(path, 'ATTACHMENT_NAMED_TWICE', 'names an attachment another entry names already: each upload once'));
      ids.push(id);
      if (given.dateiinhalt !== undefined)
        return findings.push(refused(path, 'ATTACHMENT_CONTENT_BESIDE_ID', 'names an upload: its entry carries no dateiinhalt of its own'));
      const found = context.attachment ? await context.attachment(id) : undefined;
      if (!found) return findings.push(refused(path, 'ATTACHMENT_NOT_FOUND', 'names no attachment of yours: it is unknown, expired or another client’s'));
      if (found.used) return findings.push(refused(path, 'ATTACHMENT_USED', 'was used by another submission already: an attachment is used once'));
      const { bytes } = found;
      if (!bytes) return findings.push(refused(path, 'ATTACHMENT_NOT_UPLOADED', 'has no bytes yet: PUT the file to the upload URL first'));
      if (bytes.length !== found.size || createHash('sha256').update(bytes).digest('hex') !== found.sha256)
        return findings.push(refused(path, 'ATTACHMENT_MISMATCH', 'holds other bytes than its size and SHA-256 announced'));
      if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
        return findings.push(refused(path, 'ATTACHMENT_NOT_PDF', 'is no PDF file: it does not begin with "%PDF-"'));
      resolved[index] = { dateibezeichnung: found.name, dateityp: attachmentLimits.type, ...given, dateiinhalt: bytes.toString('base64') };
      return undefined;
    }),
  );
  if (findings.length > 0) return { findings: findings.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) };
  const anhang = Array.isArray(listed) ? resolved : resolved[0];
  return { input: { ...input, anhaenge: { ...input.anhaenge, anhang } }, attachments: ids };
}
