// The schemas of the mailbox checks and the notices (docs/notices.md), as the views write them
// (shared/notices/views.ts).

import * as z from 'zod/mini';
import { checkIdPattern, noticeIdPattern, noticeStates } from '#shared/domain/notice.ts';
import { certificateIdPattern } from '#shared/domain/certificate.ts';
import { ticketIdPattern } from '#shared/domain/ticket.ts';

const described = <T extends z.ZodMiniType>(schema: T, description: string): T => schema.check(z.describe(description)) as T;
const timestamp = z.string().check(z.meta({ format: 'date-time', description: 'ISO 8601, UTC' }));
const day = z.string().check(z.meta({ format: 'date' }));
const count = z.number().check(z.int(), z.minimum(0));
const sha256 = z.string().check(z.regex(/^[0-9a-f]{64}$/));
const datenart = described(
  z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/)),
  "ELSTER's DatenartBereitstellung: `ESB` (Bescheiddaten), `DivaBescheidESt`, …",
);

export const mailboxCheckRequest = z.object({
  certificate_id: z.optional(
    described(
      z.string().check(z.regex(certificateIdPattern)),
      "Whose mailbox: one of your certificates, whose `pin_storage` is `stored` (422 `CERTIFICATE_UNKNOWN`, `PIN_NOT_STORED`); without it, the stage's own certificate's, whose records go to the client whose filing each answers (by its transfer ticket) and otherwise to no client",
    ),
  ),
  test: z.optional(described(z.boolean(), 'Asks with the Testmerker, as the filings it answers were sent; default `true`')),
  datenarten: z.optional(described(z.array(datenart).check(z.minLength(1), z.maxLength(20)), 'Only these Datenarten; default every one')),
  from: z.optional(described(day, 'Only records provided on or after this day')),
  to: z.optional(described(day, 'Only records provided on or before this day')),
});

const noticeId = described(z.string().check(z.regex(noticeIdPattern)), 'Notice ID');
const isTest = described(z.boolean(), 'Whether it asked, or was fetched, with the Testmerker');

export const mailboxCheck = z.object({
  check_id: described(z.string().check(z.regex(checkIdPattern)), 'Check ID'),
  status: described(
    z.enum(['queued', 'running', 'done', 'failed']),
    '`done` once every page was listed, every new record stored and every stored record offered its confirmation',
  ),
  test: isTest,
  certificate_id: described(z.nullable(z.string()), "The certificate whose mailbox it reads; null for the stage's own"),
  created_at: timestamp,
  updated_at: timestamp,
  found: described(z.nullable(count), 'Records the mailbox listed'),
  stored: described(z.nullable(count), 'Records newly stored as notices'),
  confirmed: described(z.nullable(count), 'Notices confirmed to ELSTER by this check'),
  unconfirmed: described(z.nullable(count), 'Notices still owed their confirmation: the next check offers it again'),
  links: described(z.object({ self: described(z.string(), 'This check'), notices: described(z.string(), 'The notices') }), 'Where to follow it'),
});

const file = z.object({
  file_name: described(z.string(), 'A file name for saving it'),
  content_type: described(z.string(), 'Its media type'),
  file_size: described(count, 'Its size in bytes'),
  file_sha256: described(sha256, 'Its SHA-256, hexadecimal'),
});

/** A notice's links: itself, its data package, and the filing it answers where it names one. */
const noticeLinks = (self: string, where: string) =>
  described(
    z.object({
      self: described(z.string(), self),
      data: z.optional(described(z.string(), 'Its data package, where it has one')),
      ticket: z.optional(described(z.string(), 'The filing it answers')),
    }),
    where,
  );

export const notice = z.object({
  notice_id: noticeId,
  datenart,
  state: described(z.enum(noticeStates), '`stored`: every file kept, the confirmation to ELSTER still owed; `confirmed`: ELSTER has it'),
  test: isTest,
  certificate_id: described(z.nullable(z.string()), "The certificate whose mailbox held it; null for the stage's own"),
  ticket: described(
    z.nullable(z.string().check(z.regex(ticketIdPattern))),
    "The ticket of the filing it answers (ELSTER's `erklaerungsticket` is its transfer ticket)",
  ),
  filing_transfer_ticket: described(z.nullable(z.string()), 'The transfer ticket of the filing it answers (`erklaerungsticket`)'),
  year: described(z.nullable(z.number().check(z.int())), 'The year assessed (`veranlagungsjahr`)'),
  tax_office: described(z.nullable(z.string()), 'The 4-digit number of the tax office that sent it'),
  tax_number: described(z.nullable(z.string()), 'Masked to its last 4 digits'),
  notice_date: described(z.nullable(day), "The Bescheid's date (`bescheiddatum`), where the record names one"),
  available_until: described(z.nullable(day), "When ELSTER deletes the record (`verfuegbarbis`); steuerbote keeps its copy for the stage's notice retention"),
  created_at: described(timestamp, 'When it was stored'),
  confirmed_at: described(z.nullable(timestamp), 'When ELSTER took its confirmation'),
  data: described(
    z.nullable(file),
    'The data package (XML): `/v2/notices/{notice_id}/data`; null where the record carried none, only attachments or metadata (an `EPMitteilung`, say)',
  ),
  attachments: described(
    z.array(z.object({ n: described(count, 'Its number, from 1, as the attachment route takes it'), ...file.shape })),
    'The attachments (the notice as a PDF, where the filer consented to DIVA): `/v2/notices/{notice_id}/attachments/{n}`',
  ),
  links: noticeLinks('This notice', 'Where to read it'),
});

/** The `notice.available` webhook's body (shared/notices/views.ts, noticeWebhookBody). */
export const noticeAvailable = described(
  z.object({
    type: described(z.literal('notice.available'), "The event: a body without `type`, or with the `type` of a filing, is a ticket's delivered protocol"),
    notice_id: described(notice.shape.notice_id, 'The notice: `GET /v2/notices/{notice_id}`'),
    datenart,
    test: described(z.boolean(), 'Fetched from the test mailbox'),
    certificate_id: notice.shape.certificate_id,
    ticket: notice.shape.ticket,
    year: described(notice.shape.year, 'The year assessed (`veranlagungsjahr`)'),
    tax_office: described(notice.shape.tax_office, "The tax office's number"),
    tax_number: notice.shape.tax_number,
    notice_date: notice.shape.notice_date,
    attachments: described(count, 'How many attachments it has (the notice as a PDF, with DIVA)'),
    created_at: notice.shape.created_at,
    links: noticeLinks('The notice', "Where to read it, with the client's API key"),
  }),
  "A notice fetched for the client: IDs and metadata, never its content (no value, no full tax number, no file), which `links` serve with the client's API key. One delivery per notice, its `webhook-id` the same across retries and repeats",
);

export const noticeList = z.object({
  notices: described(z.array(notice), 'Newest first'),
  next_cursor: described(z.nullable(z.string()), 'Pass as `cursor` for the next page; null on the last'),
});

export const ticketNotices = z.object({
  ticket: described(z.string().check(z.regex(ticketIdPattern)), 'The ticket'),
  notices: described(z.array(notice), 'The notices that answer it, newest first'),
});

export const noticeData = z.object({
  notice_id: noticeId,
  datenart,
  file_name: described(z.string(), 'A file name for saving it'),
  values: described(
    z.nullable(z.record(z.string(), z.string())),
    "The values by element name where the format is one steuerbote reads (the sandbox's Bescheiddaten); null otherwise",
  ),
  xml: described(z.string(), 'The data package, as ELSTER sent it'),
});
