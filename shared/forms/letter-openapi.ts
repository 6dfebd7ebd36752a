// What the letters' parts of the OpenAPI document share (shared/forms/letter.ts): the request schema of
// a letter whose body is its element, every field documented beside the ELSTER element it fills
// (shared/forms/documented-elements.ts), and what is said of every letter's attachments. Apart from
// letter.ts, so that no submit function carries the attachments' documented structure.
import * as z from 'zod/mini';
import attachments from '#shared/forms/attachments.json' with { type: 'json' };
import { attachmentLimits } from '#shared/forms/attachments.ts';
import { attachmentIdPattern } from '#shared/domain/attachment.ts';
import { documentedElement, documentedParts } from '#shared/forms/documented-elements.ts';
import type { FormFacts } from '#shared/forms/form-facts.ts';
import { letterShape } from '#shared/forms/letter.ts';
import type { CompactStructure } from '#shared/xml/structure.ts';

/**
 * The attachments' element documented, as every letter's `anhaenge`: each `anhang` entry may name an
 * upload (`attachment_id`) in place of its content (shared/forms/uploaded-attachments.ts).
 */
export function documentedAttachments() {
  const structure = attachments as unknown as CompactStructure;
  const { rueckmeldung, anhang } = documentedParts(structure, ['Rueckmeldung', 'Anhang']) as Record<string, z.ZodMiniObject>;
  const file = z.extend(anhang!, {
    attachment_id: z.optional(
      z
        .string()
        .check(z.regex(attachmentIdPattern), z.meta({ description: 'An upload of yours from `POST /v2/attachments`, in place of `dateiinhalt`; used once' })),
    ),
  });
  return z
    .strictObject({
      rueckmeldung: z.optional(rueckmeldung!),
      anhang: z.optional(z.array(file).check(z.meta({ description: 'ELSTER Anhaenge/Anhang, repeated at most 100 times' }))),
    })
    .check(z.meta({ description: 'ELSTER Anhaenge' }));
}

/** The documented request of a letter whose structured body is its element (`structure`, generated) under `part`. */
export const documentedLetter = (facts: FormFacts, part: string, structure: unknown) =>
  z.strictObject(letterShape(facts, part, documentedElement(structure as CompactStructure), documentedAttachments()));

/** What the OpenAPI document says of every letter's `anhaenge`. */
export const letterAttachmentsField = `The attachments (ELSTER's Anhaenge element) in the element's naming: \`rueckmeldung\` (\`rueckmeldung_gewuenscht\` must be "true", ELSTER reports on the files it checks), \`anhang\` a list of files, each \`dateibezeichnung\` (at most 50 characters, each name once), \`dateityp\` ("${attachmentLimits.type}", the only type ERiC takes) and \`dateiinhalt\` (the file, base64, within the request's body limit of 1 MiB), or in place of the file \`attachment_id\`, an upload of yours from \`POST /v2/attachments\`, which the check reads (ATTACHMENT_NOT_FOUND, ATTACHMENT_NOT_UPLOADED, ATTACHMENT_MISMATCH, ATTACHMENT_NOT_PDF, ATTACHMENT_USED) and a submission uses once. ERiC's limits: ${attachmentLimits.files} files, ${attachmentLimits.fileBytes} bytes each, ${attachmentLimits.totalBytes} together. Content that does not begin with "%PDF-" gets the hint \`ATTACHMENT_NOT_PDF\``;
