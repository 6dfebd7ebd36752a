// The schemas of `POST /v2/attachments` (contract §13, shared/attachments/announce.ts): what the caller
// names of a file, and the attachment with the URL that takes its bytes.
import * as z from 'zod/mini';
import { attachmentIdPattern } from '#shared/domain/attachment.ts';
import { attachmentLimits } from '#shared/forms/attachments.ts';

const described = <T extends z.ZodMiniType>(schema: T, description: string): T => schema.check(z.describe(description)) as T;
const timestamp = z.string().check(z.meta({ format: 'date-time', description: 'ISO 8601, UTC' }));

const fields = {
  name: described(
    z.string().check(z.minLength(1), z.maxLength(50)),
    "The file's name, the letter's `dateibezeichnung` unless its entry gives its own (at most 50 characters)",
  ),
  content_type: described(z.literal(attachmentLimits.type), `"${attachmentLimits.type}": ELSTER takes PDF files only (\`ATTACHMENT_TYPE\`)`),
  size: described(
    z.number().check(z.int(), z.minimum(1), z.maximum(attachmentLimits.fileBytes)),
    `The file's bytes, at most ${attachmentLimits.fileBytes}, ERiC's limit a file (\`ATTACHMENT_TOO_LARGE\`)`,
  ),
  sha256: described(z.string().check(z.regex(/^[0-9a-fA-F]{64}$/)), "The file's SHA-256, 64 hex digits: the upload URL takes only bytes with this checksum"),
};

export const attachmentRequest = z.strictObject(fields);

export const attachment = z.object({
  attachment_id: described(
    z.string().check(z.regex(attachmentIdPattern)),
    "Name it in a letter's `anhaenge.anhang` entry as `attachment_id`: yours alone, used by one submission",
  ),
  ...fields,
  created_at: timestamp,
  expires_at: described(timestamp, 'Unused until then, it is gone (ATTACHMENT_NOT_FOUND)'),
  upload: described(
    z.object({
      method: described(z.literal('PUT'), 'Always PUT'),
      url: described(z.string(), 'A presigned S3 URL: send the file here, once, before `expires_at`'),
      headers: described(
        z.record(z.string(), z.string()),
        '`content-type`, `content-length` and `x-amz-checksum-sha256`, signed into the URL: S3 refuses a request without them or with other bytes (403 SignatureDoesNotMatch, 400 BadDigest)',
      ),
      expires_at: described(timestamp, 'The URL takes the file until then'),
    }),
    'Where the bytes go: not through the API, whose requests carry at most 1 MiB',
  ),
});
