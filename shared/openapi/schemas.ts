// The document's component schemas: the request schemas the handlers parse with, converted as they
// are, and the response bodies written down here as zod/mini schemas, converted the same way.
import * as z from 'zod/mini';
import { sandboxTestValues, slowAnswerMs, type SandboxTestOutcome } from '#shared/sandbox/test-values.ts';
import { maxFindings, truncatedCode } from '#shared/domain/finding-limits.ts';
import { ticketIdPattern } from '#shared/domain/ticket.ts';
import { certificateIdPattern, countText, everyHoursRange, maxCertificateNameLength } from '#shared/domain/certificate.ts';
import { jitterShare } from '#shared/notices/schedule.ts';
import { uploadSchema } from '#shared/certificates/upload.ts';
import { wrongPinLimit, wrongPinWindowMinutes } from '#shared/certificates/pin-lock.ts';
import { formFacts, kinds } from '#shared/forms/registry.ts';
import { formOpenapi } from '#shared/forms/openapi.ts';
import { taxNumberParts } from '#shared/forms/fields.ts';
import { maxListAnswerBytes } from '#shared/http/list-page.ts';
import { eventTypes } from '#shared/domain/event.ts';
import { eventSettleSeconds } from '#shared/http/event-listing.ts';
import { contractText } from '#shared/contract-text.ts';
import { attachment, attachmentRequest } from '#shared/openapi/attachment-schemas.ts';
import { mailboxCheck, mailboxCheckRequest, notice, noticeAvailable, noticeData, noticeList, ticketNotices } from '#shared/openapi/notice-schemas.ts';

const text = contractText(new URL('./schemas.md', import.meta.url));

const described = <T extends z.ZodMiniType>(schema: T, description: string): T => schema.check(z.describe(description)) as T;

const timestamp = z.string().check(z.meta({ format: 'date-time', description: 'ISO 8601, UTC' }));
const count = z.number().check(z.int(), z.minimum(0));
const apiVersion = described(z.literal('v2'), 'The API version of the path');
const serviceVersion = described(z.string(), "The service's release, as `GET /v2/version` names it");
const isTest = described(z.boolean(), 'Whether it was filed with `test: true`');
/** The most a list's answer takes, envelope included, in words. */
export const listAnswerSize = `${maxListAnswerBytes / 1024 ** 2} MiB (${maxListAnswerBytes} bytes)`;
const ticketId = described(z.string().check(z.regex(ticketIdPattern)), 'Ticket ID: `tk_` and 22 base64url characters (128 random bits)');
// The document has named the forms alphabetically here, and in the version's years; the client's types keep that order.
const kind = described(z.enum([...kinds].sort()), 'The form: the path segment it was filed under');
// A ticket's `type`: the filing its request made, of a form that makes one of several (FormFacts `filings`).
const kindsWithFilings = kinds.filter((form) => formFacts[form].filings);
const filings = kindsWithFilings.flatMap((form) => formFacts[form].filings!) as [string, ...string[]];
const ticketStatus = described(
  z.enum(['queued', 'processing', 'delivered', 'rejected', 'failed']),
  '`queued` → `processing` → `delivered` | `rejected` | `failed`; the last three are terminal',
);

const findingFields = {
  path: described(z.string(), 'Where in the request (`kennzahlen.kz83`), or the ELSTER field the tax authority names (`Kz83`)'),
  code: described(z.string(), 'Stable, for programs: `KZ83_MISMATCH`, `IDNR_CHECK_DIGIT`, …'),
  message: described(z.string(), 'For the bookkeeper who fixes the return'),
  expected: z.optional(described(z.string(), 'For a computed field: the value the rules arrive at, written as the caller would send it')),
  rule: z.optional(
    described(
      z.string(),
      "ERiC's name for the plausibility rule the finding is about (`Unternehmer_Ort`, `Svz_Kz29_ohne_Kz10`), whether steuerbote's check found it or the tax authority reported it; also beside steuerbote's own code where a rule of the workbook says the same (`REQUIRED` of `kennzahlen.kz38` is `Svz_Kz38_Pflichtfeld`, `XML_PERIOD` is `Vorsatzdaten_Zeitraum_VZ`)",
    ),
  ),
  count: z.optional(
    described(
      z.int().check(z.minimum(1)),
      `Only on the last detail, \`${truncatedCode}\`: how many findings the answer leaves out, beyond the ${maxFindings} it lists at most`,
    ),
  ),
};
const severity = described(z.enum(['error', 'hint']), 'A `hint` never refuses a return');

export const finding = z.object({ ...findingFields, severity: z.optional(described(severity, 'Absent means `error`')) });

export const ticketError = described(
  z.object({
    code: described(z.string(), text('ticket-error-code')),
    message: described(z.string(), 'What happened, for the bookkeeper'),
    details: described(z.array(finding), 'The findings behind it, as a refusal lists them'),
  }),
  'Why a ticket ended `rejected` or `failed`',
);

export const ticketSummary = z.object({
  ticket: ticketId,
  kind,
  status: ticketStatus,
  test: isTest,
  created_at: timestamp,
  hints: z.optional(
    described(
      z.array(finding),
      'The hints of the check the body passed (`APPLICATION_LATE`, `PERIOD_NOT_ENDED`, …), as `POST /v2/{kind}/validate` lists them, and `PROFIT_DIFFERS` where the profit differs by more than 1 euro from the newest queued, processing or delivered return of a paired form the client filed for the same tax number and year (its message names that ticket, its kind and both profits); and `PREPAYMENTS_DIFFER` where the Vorauszahlungssoll of an annual VAT return differs by more than 1 euro a filing from the sum of the UStVAs the client filed for the same tax number and year, the newest of each period (its message names both sums); none refused the return, each may be worth a look. Absent when there are none; a replay answers them again',
    ),
  ),
  links: described(
    z.object({
      status: described(z.string(), "Path of the ticket's status"),
      ticket: described(z.string(), 'Path of its metadata'),
      protocol: described(z.string(), 'Path of its PDF transfer protocol, once delivered'),
    }),
    'Where to follow the ticket',
  ),
});

const transmitted = z.optional(
  described(
    z.object({
      datenart_version: described(z.string(), 'The Datenart and its version, e.g. `UStVA_2026`'),
      at: described(timestamp, 'When the Nutzdaten were handed to the tax authority'),
      size: described(count, 'Bytes of the Nutzdaten sent, as UTF-8'),
      sha256: described(z.string().check(z.regex(/^[0-9a-f]{64}$/)), 'SHA-256 of those bytes, hexadecimal'),
    }),
    "What the last send handed the tax authority, never its content: noted as it is sent, so that a ticket `failed` with `TRANSMISSION_UNCERTAIN` can be reconciled with ELSTER's records (docs/eric.md, section 8)",
  ),
);

export const ticketStatusView = z.object({
  ticket: ticketId,
  status: ticketStatus,
  updated_at: timestamp,
  attempts: described(count, 'Transmission attempts so far'),
  error: z.optional(ticketError),
  transmitted,
});

export const ticketMetadata = z.object({
  ticket: ticketId,
  kind,
  status: ticketStatus,
  test: isTest,
  year: described(z.number().check(z.int()), 'The year filed for'),
  type: z.optional(described(z.enum(filings), `${kindsWithFilings.join(', ')} only: the filing`)),
  period: z.optional(described(z.string(), `The period filed: ${kinds.flatMap((form) => formOpenapi[form].ticketPeriod ?? []).join('; ')}`)),
  tax_number: z.optional(
    described(
      z.string().check(z.regex(/^\*+\d{4}$/)),
      'Masked to its last 4 digits; absent for a first return filed with `tax_office`, and for a ZM, filed by `vat_id`',
    ),
  ),
  tax_office: z.optional(described(z.string(), 'The 4-digit number of the tax office it went to')),
  vat_id: z.optional(described(z.string().check(z.regex(/^\*+[0-9A-Z]{4}$/)), 'zm only: the USt-IdNr, masked to its last 4 characters')),
  datenart_version: described(z.string(), 'e.g. `UStVA_2026`'),
  client_reference: z.optional(described(z.string(), 'Yours, as the request gave it')),
  certificate_id: z.optional(described(z.string(), 'The client certificate the submission named; absent when the stage’s certificate signs')),
  certificate_subject: z.optional(
    described(z.string(), 'That certificate’s subject, as the certificate shows it (RFC 4514 escapes), kept with the ticket after the certificate is deleted'),
  ),
  created_at: timestamp,
  updated_at: described(timestamp, 'Once the ticket is terminal: when it finished'),
  delivered_at: z.optional(timestamp),
  transfer_ticket: z.optional(described(z.string(), "The tax authority's transfer ticket (Transferticket)")),
  received_at: z.optional(described(timestamp, "The tax authority's receipt time")),
  file_name: z.optional(described(z.string(), "The PDF transfer protocol's file name, once delivered")),
  file_size: z.optional(described(count, 'Its size in bytes')),
  file_sha256: z.optional(described(z.string().check(z.regex(/^[0-9a-f]{64}$/)), 'Its SHA-256, hexadecimal')),
  attempts: described(count, 'Transmission attempts so far'),
  error: z.optional(ticketError),
  webhook: described(
    z.object({
      status: described(z.enum(['disabled', 'pending', 'delivered', 'failed']), '`disabled` where the stage sends no webhooks'),
      attempts: described(count, 'Delivery attempts so far'),
      last_attempt_at: z.optional(timestamp),
      last_response_status: z.optional(described(z.number().check(z.int()), "The HTTP status of the receiver's last answer")),
      next_attempt_at: z.optional(described(timestamp, 'While `pending` after a failed attempt: when the next one is due')),
      failure_reason: z.optional(described(z.enum(['GONE', 'MAX_ATTEMPTS']), 'When `failed`: why delivery stopped')),
    }),
    'The webhook of the delivered ticket (§ 6 of the contract)',
  ),
  transmitted,
});

export const protocol = z.object({
  ticket: ticketId,
  transfer_ticket: described(z.string(), "The tax authority's transfer ticket (Transferticket)"),
  file_name: described(z.string(), 'A file name for saving it'),
  content_type: described(z.literal('application/pdf'), 'Always a PDF'),
  file_size: described(count, 'Bytes of the PDF'),
  file_content: z.string().check(z.meta({ contentEncoding: 'base64', contentMediaType: 'application/pdf', description: 'The PDF transfer protocol, base64' })),
});

export const version = z.object({
  api_version: apiVersion,
  service_version: serviceVersion,
  build: described(z.string(), 'The commit or build the running code was made from'),
  tax_authority: described(z.enum(['sandbox', 'eric']), '`sandbox` checks and answers like ERiC but never sends'),
  today: described(z.iso.date(), 'The Berlin calendar day the lists below hold for'),
  years: described(
    z.object(Object.fromEntries([...kinds].sort().map((kind) => [kind, described(z.array(z.number()), `The years \`${kind}\` is accepted for`)]))),
    "The years each form is accepted for today, by the form's path segment; each form's `year` field says its window",
  ),
  datenart_versions: described(z.array(z.string()), 'Every form and year accepted today, e.g. `UStVA_2026`'),
});

export const validationResult = z.object({
  valid: described(z.boolean(), 'True when no finding is an error: the same body would be accepted by `POST /v2/{kind}`'),
  datenart_version: described(z.nullable(z.string()), 'The Datenart version the body would be sent as; null when the year itself is unusable'),
  findings: described(z.array(z.object({ ...findingFields, severity })), 'Every error and hint at once; empty when there is none'),
  nutzdaten: z.optional(
    described(
      z.string(),
      "With `?include=nutzdaten` and a valid body: the Nutzdaten element it would transmit (the form's root element, e.g. `Anmeldungssteuern` or `E10`), as a string. Built now, so Erstellungsdatum is today; a transmission builds it afresh",
    ),
  ),
  body: z.optional(
    described(
      z.record(z.string(), z.unknown()),
      "With `?include=body` and a valid request in `xml`: the structured body the XML maps to, with the request's other fields (`test`, `certificate_id`, …) beside; submitting it writes the same Nutzdaten apart from the elements listed in `replaced`",
    ),
  ),
  unmapped: z.optional(
    described(
      z.array(z.string()),
      'With `body`: the paths of the XML elements the structured body cannot carry yet (e.g. `E10/Anlage_AUS`); empty when it carries them all',
    ),
  ),
  replaced: z.optional(
    described(
      z.array(
        z.object({
          path: described(z.string(), 'The element, by its path from the root (e.g. `E10/Vorsatz/AbsName`)'),
          value: described(z.string(), 'Its value in the caller’s XML'),
        }),
      ),
      'With `body`: each element of the XML that the service writes itself, so that submitting `body` sends the service’s value there instead, with the value the XML had: the creation date and Hersteller-ID (`Erstellungsdatum`, `Kz09`), the E10’s Vorsatz but for StNr, Zeitraum and the IdNrs (its sender `AbsName`, `AbsStr`, `AbsPlz`, `AbsOrt`, `Copyright`…), a year-end return’s `Vorsatz/Unterfallart` and `Vorsatz/OrdNrArt`, the ZM’s `zulassNr`; listed whether or not the service’s value differs, empty for a letter',
    ),
  ),
});

export const transmittedNutzdaten = z.object({
  ticket: ticketId,
  kind,
  datenart_version: described(z.string(), 'e.g. `UStVA_2026`'),
  file_name: described(z.string(), '`Nutzdaten_{kind}_{ticket}.xml`'),
  content_type: described(z.literal('application/xml'), 'Always XML'),
  nutzdaten: described(z.string(), 'The Nutzdaten element the ticket was transmitted with, as sent'),
});

export const webhookResent = z.object({
  ticket: ticketId,
  webhook_id: described(z.string(), "The new delivery's `webhook-id`: its attempts are listed under it by `GET /v2/ticket/{ticket}/webhooks`"),
});

export const webhookAttempts = z.object({
  ticket: ticketId,
  attempts: described(
    z.array(
      z.object({
        webhook_id: described(
          z.string(),
          'The delivery (Standard Webhooks `webhook-id`): the same across its retries, a new one when the webhook is sent again',
        ),
        attempt: described(z.int().check(z.minimum(1)), 'Which attempt of its delivery'),
        attempted_at: timestamp,
        host: described(z.string(), "The receiver's host and port; never the URL's path or query"),
        response_status: z.optional(described(z.int(), "The receiver's HTTP status; absent when no answer came")),
        error: z.optional(
          described(
            z.enum(['timeout', 'connection_refused', 'connection_reset', 'dns', 'tls', 'invalid_url', 'unreachable']),
            'Why no answer came: the class of the network error',
          ),
        ),
        duration_ms: described(count, 'From sending to the answer, or to giving up on one'),
        outcome: described(
          z.enum(['delivered', 'retry', 'gone', 'exhausted']),
          '`delivered` (2xx); `retry`: tried again later; `gone`: 410, never tried again; `exhausted`: the last of `HOOK_MAX_ATTEMPTS`',
        ),
        next_attempt_at: z.optional(described(timestamp, 'After `retry`: when the next attempt is due')),
        response_excerpt: z.optional(
          described(
            z.string(),
            "The answer's first 256 bytes, as UTF-8 (a character cut in two replaced); kept 30 days after the attempt, as it may hold personal data",
          ),
        ),
      }),
    ),
    'Every attempt, oldest first, kept as long as the ticket',
  ),
});

const certificateId = described(z.string().check(z.regex(certificateIdPattern)), 'Certificate ID: `crt_` and 22 base64url characters');

export const certificate = z.object({
  certificate_id: certificateId,
  label: z.optional(described(z.string(), 'Yours, as uploaded')),
  subject: described(z.string(), text('certificate-subject', { maxCertificateNameLength: countText(maxCertificateNameLength) })),
  issuer: described(z.string(), 'As `subject`'),
  serial: described(z.string(), 'Hexadecimal'),
  not_before: timestamp,
  not_after: timestamp,
  fingerprint_sha256: described(z.string().check(z.regex(/^[0-9a-f]{64}$/)), 'SHA-256 of the certificate (DER), hexadecimal'),
  key_type: z.optional(
    described(
      z.string(),
      "The private key's type (`rsa`, `ec`, `ed25519`, `ed448`, …), matched to this certificate on upload; absent on a certificate kept before that check",
    ),
  ),
  key_bits: z.optional(
    described(
      z.number().check(z.int()),
      "Its size in bits: the modulus of an RSA key, the curve's size of an EC key (256, 384, 521), 256 for Ed25519, 448 for Ed448; 0 on a key kept before its size was known (a curve no longer accepted: `problems` shows `CERTIFICATE_KEY_TOO_WEAK`); absent as `key_type`",
    ),
  ),
  pin_storage: described(
    z.enum(['stored', 'per_submission']),
    '`stored`: kept sealed with the container; `per_submission`: each submission brings it in `Elster-Pin`',
  ),
  created_at: timestamp,
  expires_in_days: described(z.number().check(z.int()), 'Whole days until `not_after`'),
  usable: described(
    z.boolean(),
    'False when a submission naming it would be refused: for one of `problems` (any but `CERTIFICATE_UNCHECKED`), or while it is locked after wrong PINs (`locked_until`)',
  ),
  problems: described(
    z.array(
      z.object({
        code: described(
          z.enum([
            'CERTIFICATE_EXPIRED',
            'CERTIFICATE_NOT_YET_VALID',
            'CERTIFICATE_UNCHECKED',
            'CERTIFICATE_KEY_TOO_WEAK',
            'CERTIFICATE_SUBJECT_TOO_LONG',
            'CERTIFICATE_ISSUER_TOO_LONG',
          ]),
          'Stable, for programs',
        ),
        message: described(z.string(), 'Why, for the person who manages the certificate'),
      }),
    ),
    'What stands against signing with it now; empty when nothing does. `CERTIFICATE_UNCHECKED`: kept before keys were matched to certificates on upload; a submission naming it opens it first and is refused with the code an upload would give (`CERTIFICATE_KEY_MISMATCH`, `CERTIFICATE_KEY_TOO_WEAK`, …); upload it again to have it checked now. ' +
      `Kept before today's rules, and refused at submission with the same code: \`CERTIFICATE_SUBJECT_TOO_LONG\`, \`CERTIFICATE_ISSUER_TOO_LONG\` (a name over ${countText(maxCertificateNameLength)} characters), \`CERTIFICATE_KEY_TOO_WEAK\` (\`key_bits\` 0: a key of a curve or type no longer accepted)`,
  ),
  locked_until: described(
    z.nullable(timestamp),
    `Until when submissions naming it are refused with 423 \`CERTIFICATE_PIN_LOCKED\` (and \`usable\` is false), after ${wrongPinLimit} wrong \`Elster-Pin\` values within ${wrongPinWindowMinutes} minutes, those tried at the same moment included; null when it is not locked`,
  ),
  mailbox_checks: described(
    z.nullable(
      z.object({
        every_hours: described(z.number().check(z.int()), 'Hours between its checks'),
        test: described(z.boolean(), 'Checked with the Testmerker'),
        next_check_at: described(z.nullable(timestamp), 'When its next check is due; the upkeep starts it within 15 minutes of then'),
      }),
    ),
    'Its mailbox is checked on this schedule (`mailbox_checks` at upload, or `POST /v2/certificates/{certificate_id}/mailbox-checks`); null: only when asked',
  ),
});

export const certificateList = z.object({
  certificates: described(z.array(certificate), `Newest first, those of the same time by ID; as many as fit in an answer of at most ${listAnswerSize}`),
  next_cursor: described(z.nullable(z.string()), 'Pass as `cursor` for the next page; null on the last page'),
});

export const ticketList = z.object({
  tickets: described(
    z.array(ticketMetadata),
    `Newest first, each as \`GET /v2/ticket/{ticket}\` shows it; as many as fit in an answer of at most ${listAnswerSize}`,
  ),
  next_cursor: described(
    z.nullable(z.string()),
    `Pass as \`cursor\`, with the same filters, for the next page; null on the last page. A page may hold fewer than \`limit\` tickets and still have one: a rare filter, or tickets that would take the answer past ${listAnswerSize}`,
  ),
});

const clientEvent = described(
  z.object({
    id: described(z.string(), 'evt_…: the same for the same happening; `listen` sends it as `webhook-id`, so a receiver can drop a repeat'),
    type: described(z.enum(eventTypes), text('event-types')),
    created_at: described(timestamp, 'When it happened: the feed is in this order'),
    data: described(
      z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
      'IDs and metadata only, never a filing, its protocol, an amount, an IdNr or a tax number: `ticket`, `kind`, `status`, `test`, `attempts`, `type`, `client_reference`, `transfer_ticket`, `error_code` for a ticket; `ticket`, `webhook_id`, `attempt`, `response_status` or `error` (`timeout`, `unreachable`), `next_attempt_at` for a webhook attempt; `certificate_id` and `locked_until` or `not_after` for a certificate; `notice_id`, `datenart`, `test`, `year`, `tax_office`, `ticket` for a notice',
    ),
  }),
  'Something that happened to a ticket, webhook, certificate or notice of the client',
);

export const eventList = z.object({
  events: described(z.array(clientEvent), 'Newest first; with `after`, oldest first'),
  next_cursor: described(
    z.nullable(z.string()),
    'Pass as `cursor`, with the same `type`, for the older page; null on the last page and when following (`after`)',
  ),
  follow_cursor: described(
    z.string(),
    `Pass as \`after\` for the events that follow this answer: after its last event, or, with none, from ${eventSettleSeconds} s ago`,
  ),
});

const envelopeFields = {
  status: described(count, 'The HTTP status again'),
  message: described(z.string(), 'What happened, in a sentence'),
  request_id: described(z.string(), 'Also sent as header `x-request-id`'),
  api_version: apiVersion,
  service_version: serviceVersion,
  timestamp,
};

export const envelope = described(
  z.object({ success: described(z.literal(true), 'Always true here'), ...envelopeFields, data: described(z.unknown(), 'What the operation returns') }),
  'Every successful answer with a body; `data` is what the operation returns',
);

export const errorEnvelope = described(
  z.object({
    success: described(z.literal(false), 'Always false here'),
    ...envelopeFields,
    data: described(z.nullable(z.record(z.string(), z.unknown())), 'null, except on 409 for a ticket: its current `status` (and `error`)'),
    error: described(
      z.object({
        code: described(z.string(), 'Stable, for programs: `VALIDATION_FAILED`, `NOT_FOUND`, …'),
        details: described(z.array(finding), 'Every failing field at once'),
      }),
      'What went wrong',
    ),
  }),
  'Every error, in the same envelope as a success',
);

const outcomeWords: Record<SandboxTestOutcome, string> = {
  rejected: 'rejected',
  failed: 'failed',
  uncertain: 'failed with `TRANSMISSION_UNCERTAIN`',
  slow: `delivered after ${slowAnswerMs / 1000} s`,
  transient: 'a transient failure, retried, then delivered',
};
const sandboxTestValueList = Object.entries(sandboxTestValues)
  .map(([taxNumber, outcome]) => `\`${taxNumber}\` ${outcomeWords[outcome]}`)
  .join(', ');

// What the contract says of the request fields, beside the schema the handlers parse with.
const commonFields = {
  test: 'Sets the ELSTER Testmerker 700000004. `false` is a live submission: refused with 422 `LIVE_NOT_ALLOWED` unless the service runs with `ALLOW_LIVE_SUBMISSIONS=true`, and test tax offices and test IdNrs are never sent live',
  year: `The tax year. ${kinds.map((kind) => formOpenapi[kind].year).join('; ')}. "Today" is the Berlin calendar day; \`GET /v2/version\` lists what is accepted today. A year refused is 422 with one of: \`YEAR_CLOSED\` (its deadline has passed: the message names the day it closed), \`YEAR_NOT_BEGUN\` or \`YEAR_NOT_ENDED\` (not open yet: \`expected\` the first day it is), \`YEAR_UNSUPPORTED\` (steuerbote has no schema for it, nor a stand-in: the message names the years it files)`,
  tax_number:
    'The 13-digit ELSTER tax number (`9198011310010`), or `{ "state": "BY", "number": "181/815/08155" }` in the Land\'s own notation, converted to the ELSTER form; the check digit is checked. A tax office since dissolved (in `tax_number` or `tax_office`) is taken for a period that ended while ELSTER still took its number, with the hint `TAX_OFFICE_DISSOLVED` naming the office that took over (`expected` its number), and refused with that code for a later period. ' +
    `In the sandbox, with \`test: true\`, these test tax numbers force an outcome: ${sandboxTestValueList}`,
  'tax_number.state': taxNumberParts.state,
  'tax_number.number': taxNumberParts.number,
  client_reference: "Yours: echoed in the metadata and the webhook; in ELSTER's character set, like every text field",
  idnr: text('idnr'),
  spouse_idnr:
    "Only beside `xml`, as `idnr`: the spouse's IdNr that the XML names (Vorsatz/IDEhefrau, and in an E10 Person B of ESt1A), held to it the same way (`XML_IDNR_MISMATCH`); never the taxpayer's (`IDNR_SAME_AS_TAXPAYER`)",
  bescheiddaten:
    'Asks the tax office for its Bescheiddaten (ESB): sets the Vorsatz\'s `Rueckuebermittlung/Bescheid` to "1" (default "2", none) where the form\'s Vorsatz has it (ESt, USt, EÜR, GewSt, KSt; a caller\'s `xml` says so in its own Vorsatz). They come, once assessed, to the ELSTER mailbox of the certificate that signs: fetch them with `POST /v2/mailbox/checks`. The sandbox leaves a record a few seconds after delivery (`SANDBOX_NOTICE_DELAY_SECONDS`), with the notice as a PDF for an income tax return (`SANDBOX_DIVA_CONSENT`)',
  certificate_id:
    'Which of your certificates (`POST /v2/certificates`) signs the transmission; without it, the stage\'s own certificate does (the sandbox needs none). Another client\'s, a deleted or an expired one is 422 (`CERTIFICATE_UNKNOWN`, `CERTIFICATE_EXPIRED`). With `pin_storage: "per_submission"` the PIN comes in the header `Elster-Pin`, never in the body',
};

/** What a mailbox schedule does: its bounds, its jitter and what it costs (shared/notices/schedule.ts). */
export const mailboxScheduleText =
  `Hours between the checks of the certificate's mailbox, a whole number from ${everyHoursRange.min} to ${everyHoursRange.max} (a week; ELSTER keeps a record 60 days). ` +
  `The first check is due at once; each next one \`every_hours\` after the last, give or take ${jitterShare * 100} % at random (24: between 21.6 and 26.4 hours), so that certificates set up together do not ask ELSTER in the same minute. ` +
  'The upkeep, every 15 minutes, starts each check due, once however many runs overlap; a locked or expired certificate skips its due time. ' +
  'Each is an ordinary mailbox check (`notice.available` for each notice stored) and costs what one does: at least one PostfachAnfrage, and for each new record its downloads and confirmation';

const uploadFields = {
  pkcs12:
    'The ELSTER certificate, a .pfx or .p12 file, in base64; at most 64 KiB. Current (PBES2, AES) and legacy (3DES, RC2) containers open. It must have an integrity MAC, at most 100,000 key derivation iterations in its MAC and in each encryption (OpenSSL writes 2,048, Windows 2,000), and at most 4 encrypted keys and safes',
  pin: 'Opens the container before anything is kept (422 `CERTIFICATE_PIN_WRONG` otherwise); any Unicode, as UTF-8 for PBES2 and as a BMPString for the PKCS#12 derivation, as OpenSSL and Windows write it. Never returned, never logged; kept only sealed, and only with `pin_storage: "stored"`',
  label: 'Yours, up to 100 characters',
  pin_storage:
    '`stored` (default): the PIN is kept sealed with the container; `per_submission`: it is not kept, and each submission brings it in the header `Elster-Pin`',
  mailbox_checks: 'Checks the certificate\'s mailbox on a schedule, without `POST /v2/mailbox/checks`; needs `pin_storage: "stored"` (422 `PIN_NOT_STORED`)',
  'mailbox_checks.every_hours': mailboxScheduleText,
  'mailbox_checks.test': 'Checks with the Testmerker, as `POST /v2/mailbox/checks`; default `true`',
};

type JsonSchema = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };

/**
 * `schema` with each field of `descriptions` described; a key is a field's path, `.`-separated
 * (through arrays and alternatives alike: `kap.[].amount` is written `kap.amount`).
 */
function withFieldDescriptions(schema: JsonSchema, descriptions: Readonly<Record<string, string>>, prefix = ''): JsonSchema {
  const nested = (inner: unknown, path: string): unknown => {
    if (typeof inner !== 'object' || inner === null) return inner;
    const part = inner as JsonSchema;
    const alternatives = (['anyOf', 'oneOf'] as const).filter((key) => Array.isArray(part[key]));
    return withFieldDescriptions(
      {
        ...part,
        ...(part.items !== undefined && { items: nested(part.items, path) }),
        ...Object.fromEntries(alternatives.map((key) => [key, (part[key] as unknown[]).map((alternative) => nested(alternative, path))])),
      },
      descriptions,
      path,
    );
  };
  if (!schema.properties) return schema;
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, property]) => {
      const path = `${prefix}${name}`;
      const described = nested(property, `${path}.`) as JsonSchema;
      return [name, descriptions[path] ? { ...described, description: descriptions[path] } : described];
    }),
  );
  return { ...schema, properties };
}

const responseSchemas = {
  Envelope: envelope,
  ErrorEnvelope: errorEnvelope,
  Finding: finding,
  TicketError: ticketError,
  TicketSummary: ticketSummary,
  TicketStatus: ticketStatusView,
  TicketMetadata: ticketMetadata,
  TicketList: ticketList,
  EventList: eventList,
  Protocol: protocol,
  TransmittedNutzdaten: transmittedNutzdaten,
  WebhookAttempts: webhookAttempts,
  WebhookResent: webhookResent,
  Certificate: certificate,
  CertificateList: certificateList,
  Version: version,
  ValidationResult: validationResult,
  MailboxCheck: mailboxCheck,
  Attachment: attachment,
  Notice: notice,
  NoticeList: noticeList,
  TicketNotices: ticketNotices,
  NoticeData: noticeData,
  NoticeAvailable: noticeAvailable,
};

/** `components.schemas`, each referable as `#/components/schemas/{name}`. */
export function componentSchemas(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const kind of kinds) registry.add(formOpenapi[kind].schema, { id: formOpenapi[kind].schemaName });
  registry.add(uploadSchema, { id: 'CertificateUpload' });
  registry.add(mailboxCheckRequest, { id: 'MailboxCheckRequest' });
  registry.add(attachmentRequest, { id: 'AttachmentRequest' });
  for (const [id, schema] of Object.entries(responseSchemas)) registry.add(schema, { id });
  // Input mode, for responses too: there a plain object admits further keys, so a client built from
  // this document keeps working when a response gains a field.
  const { schemas } = z.toJSONSchema(registry, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
  });
  // Inside an OpenAPI document a schema takes the document's dialect, and has no identity of its own.
  const components = Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _, $id: __, ...schema }]) => [id, schema as JsonSchema]));
  for (const kind of kinds) {
    const { schemaName, fields, properties } = formOpenapi[kind];
    const schema = components[schemaName]!;
    const told = { ...schema, properties: { ...schema.properties, ...properties?.() } };
    components[schemaName] = withFieldDescriptions(told, { ...commonFields, ...fields(commonFields) });
  }
  components.CertificateUpload = withFieldDescriptions(components.CertificateUpload!, uploadFields);
  return components;
}
