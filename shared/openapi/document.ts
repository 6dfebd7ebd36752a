// The OpenAPI 3.1 document of the v2 API, built at run time from the schemas the handlers parse with.
import { serviceVersion } from '#shared/config.ts';
import { countText, everyHoursRange, maxCertificateNameLength } from '#shared/domain/certificate.ts';
import type { Kind } from '#shared/domain/ticket.ts';
import { formYears, kinds } from '#shared/forms/registry.ts';
import { formOpenapi } from '#shared/forms/openapi.ts';
import {
  acceptedExample,
  certificateKeptExample,
  certificateUploadExample,
  eventListExample,
  protocolNotReadyExample,
  ticketListExample,
  validationFailedExample,
  validationResultExamples,
} from '#shared/openapi/examples.ts';
import {
  codeList,
  failure,
  headerRef,
  headers,
  ok,
  parameterRef,
  parameters,
  responseRef,
  responses,
  schemaRef,
  securitySchemes,
  withoutBody,
  type Json,
} from '#shared/openapi/responses.ts';
import { componentSchemas, listAnswerSize, mailboxScheduleText } from '#shared/openapi/schemas.ts';
import { forbiddenKeys, maxNesting } from '#shared/http/json-keys.ts';
import { maxFindings, maxFindingsBytes, maxTextLength, truncatedCode } from '#shared/domain/finding-limits.ts';
import { maxRecordKeys } from '#shared/forms/fields.ts';
import { saneRequestId } from '#shared/http/request-id.ts';
import { singleValuedHeaders } from '#shared/http/single-headers.ts';
import { transportLimits } from '#shared/http/transport.ts';
import { once } from '#shared/once.ts';
import { listLimit, listStatuses } from '#shared/http/ticket-listing.ts';
import { eventListLimit, eventSettleSeconds, maxEventWaitSeconds } from '#shared/http/event-listing.ts';
import { eventRetentionDays, eventTypes } from '#shared/domain/event.ts';
import { contractText } from '#shared/contract-text.ts';
import { downloadUrlSeconds, inlineFileBytes } from '#shared/notices/file-limits.ts';

const inlineNoticeFileMiB = inlineFileBytes / 1024 / 1024;
const downloadUrlMinutes = downloadUrlSeconds / 60;

const text = contractText(new URL('./document.md', import.meta.url));

const description = () =>
  text('introduction', {
    forms: kinds.map((kind) => `\`${kind}\` (${formOpenapi[kind].name})`).join(', '),
    requestIdPattern: saneRequestId.source,
    maxCertificateNameLength: countText(maxCertificateNameLength),
    formYears: kinds.map((kind) => `${formOpenapi[kind].name} ${formYears[kind].join(', ')}`).join('; '),
    forbiddenKeys: codeList(forbiddenKeys),
    maxNesting,
    maxRecordKeys,
    singleValuedHeaders: codeList(singleValuedHeaders),
    maxFindings,
    maxFindingsKiB: maxFindingsBytes / 1024,
    truncatedCode,
    maxPathLength: maxTextLength.path,
    maxMessageLength: maxTextLength.message,
    maxExpectedLength: maxTextLength.expected,
    maxBodyMiB: transportLimits.maxBodyBytes / 1024 / 1024,
    maxHeaderKiB: transportLimits.maxHeaderBytes / 1024,
    maxConnections: transportLimits.maxConnections,
    headersTimeoutSeconds: transportLimits.headersTimeoutSeconds,
    requestTimeoutSeconds: transportLimits.requestTimeoutSeconds,
    keepAliveSeconds: transportLimits.keepAliveSeconds,
  });

// A kind of two words is one word of the operation's name (`submitAnpassungVorauszahlung`).
const upper = (kind: Kind) => kind.replace(/(?:^|_)(.)/g, (_, first: string) => first.toUpperCase());

const requestBody = (kind: Kind) => ({
  required: true,
  content: { 'application/json': { schema: schemaRef(formOpenapi[kind].schemaName), examples: formOpenapi[kind].examples } },
});

const bodyErrors = {
  413: responseRef('PayloadTooLarge'),
  415: responseRef('UnsupportedMediaType'),
};
/** Why a key header is refused, in the description of an operation's own 400. */
const headerTwice = `${codeList(singleValuedHeaders)} sent twice or holding a comma (\`BAD_REQUEST\`)`;
/** The 400 of an operation whose body is JSON and whose headers carry nothing of their own to refuse. */
const malformedBody = failure(`The body is not UTF-8 JSON or repeats a key (\`MALFORMED_JSON\`), or ${headerTwice}`, ['MALFORMED_JSON', 'BAD_REQUEST']);
const readErrors = {
  400: responseRef('BadHeader'),
  401: responseRef('Unauthorized'),
  404: responseRef('TicketNotFound'),
  429: responseRef('RateLimited'),
  '5XX': responseRef('ServerError'),
};

function submit(kind: Kind): Json {
  return {
    tags: ['Submissions'],
    operationId: `submit${upper(kind)}`,
    summary: `Submit a ${formOpenapi[kind].name}`,
    description: `Checks the body (every finding at once), stores it and queues its transmission. The ticket is followed with \`GET /v2/status/{ticket}\`.`,
    parameters: [parameterRef('IdempotencyKey'), parameterRef('ElsterPin')],
    requestBody: requestBody(kind),
    responses: {
      202: ok('Accepted: the ticket, `queued`', schemaRef('TicketSummary'), {
        headers: { location: headerRef('Location'), 'idempotent-replayed': headerRef('IdempotentReplayed') },
        ...(formOpenapi[kind].showcase && { examples: { accepted: { summary: 'A new ticket', value: acceptedExample } } }),
      }),
      400: failure(
        'The body is not UTF-8 JSON or repeats a key (`MALFORMED_JSON`), or `Idempotency-Key` or another single-valued header is unusable or sent twice (`BAD_REQUEST`)',
        ['MALFORMED_JSON', 'BAD_REQUEST'],
      ),
      401: responseRef('Unauthorized'),
      409: failure('A request with the same `Idempotency-Key` is still creating its ticket', ['IDEMPOTENCY_IN_PROGRESS'], {
        headers: { 'retry-after': headerRef('RetryAfter') },
      }),
      ...bodyErrors,
      422: failure(
        text('submit-422'),
        ['VALIDATION_FAILED', 'IDEMPOTENCY_KEY_REUSED'],
        formOpenapi[kind].showcase ? { examples: { kz83Mismatch: { summary: 'kz83 does not add up', value: validationFailedExample } } } : {},
      ),
      423: responseRef('CertificatePinLocked'),
      429: responseRef('SubmissionRateLimited'),
      '5XX': responseRef('ServerError'),
    },
  };
}

function validate(kind: Kind): Json {
  return {
    tags: ['Submissions'],
    operationId: `validate${upper(kind)}`,
    summary: `Check a ${formOpenapi[kind].name} without submitting it`,
    description: `Runs every check \`POST /v2/${kind}\` runs (with the ERiC tax authority, ERiC's own checks too); nothing is stored or sent, and \`Idempotency-Key\` plays no part. Answers 200 whether the body is valid or not.`,
    parameters: [parameterRef('Include')],
    requestBody: requestBody(kind),
    responses: {
      200: ok('The verdict: `valid`, and every finding (errors and hints)', schemaRef('ValidationResult'), {
        ...(formOpenapi[kind].showcase && { examples: validationResultExamples }),
      }),
      400: failure(
        `The body is not JSON (\`MALFORMED_JSON\`, see \`MalformedJson\`), \`include\` names something unknown (\`BAD_REQUEST\`), or ${headerTwice}`,
        ['MALFORMED_JSON', 'BAD_REQUEST'],
      ),
      401: responseRef('Unauthorized'),
      ...bodyErrors,
      422: responseRef('KeyNotAllowed'),
      429: responseRef('RateLimited'),
      '5XX': responseRef('ServerError'),
    },
  };
}

const ticketRead = (operationId: string, summary: string, data: string, text: string): Json => ({
  tags: ['Tickets'],
  operationId,
  summary,
  responses: { 200: ok(text, schemaRef(data)), ...readErrors },
});

function protocolRead(operationId: string, summary: string): Json {
  const answer = ok('The PDF transfer protocol', schemaRef('Protocol'));
  return {
    tags: ['Tickets'],
    operationId,
    summary,
    description:
      'JSON with the PDF in base64 by default; the raw PDF when `Accept` rates `application/pdf` at least as high as `application/json` (e.g. `Accept: application/pdf`). The same for both kinds.',
    responses: {
      200: {
        ...answer,
        headers: { ...(answer.headers as Json), 'content-disposition': headerRef('ContentDisposition'), etag: headerRef('ETag') },
        content: { ...(answer.content as Json), 'application/pdf': {} },
      },
      409: failure(
        "`PROTOCOL_NOT_READY` while the ticket is `queued` or `processing`; `CONFLICT` when it is `rejected` or `failed` and will never have one. `data` holds the ticket's `status` (and `error`), `error.details` its findings.",
        ['PROTOCOL_NOT_READY', 'CONFLICT'],
        { examples: { notReady: { summary: 'Still processing', value: protocolNotReadyExample } } },
      ),
      ...readErrors,
    },
  };
}

function nutzdatenRead(): Json {
  const answer = ok('What was transmitted', schemaRef('TransmittedNutzdaten'));
  return {
    tags: ['Tickets'],
    operationId: 'getNutzdaten',
    summary: 'The Nutzdaten a delivered ticket was transmitted with',
    description:
      'JSON with the XML as a string by default; the raw XML when `Accept` rates `application/xml` at least as high as `application/json`. Kept beside the protocol, as long as it is. A ticket delivered before steuerbote kept them is 404 `NOT_FOUND`.',
    responses: {
      200: {
        ...answer,
        headers: { ...(answer.headers as Json), 'content-disposition': headerRef('ContentDisposition') },
        content: { ...(answer.content as Json), 'application/xml': {} },
      },
      409: failure(
        "`NOT_TRANSMITTED_YET` while the ticket is `queued` or `processing`; `CONFLICT` when it is `rejected` or `failed`. `data` holds the ticket's `status` (and `error`).",
        ['NOT_TRANSMITTED_YET', 'CONFLICT'],
      ),
      ...readErrors,
    },
  };
}

const resendWebhook: Json = {
  tags: ['Tickets'],
  operationId: 'resendWebhook',
  summary: "Send a delivered ticket's webhook again",
  description:
    "Queues a new delivery of the ticket's webhook, under a new `webhook-id`, with a fresh round of attempts: its attempts follow in `GET /v2/ticket/{ticket}/webhooks`. Takes no body. Only the client's own delivered ticket, and not while a delivery is still under way.",
  responses: {
    202: ok('Accepted: the delivery is queued', schemaRef('WebhookResent')),
    409: failure(
      "`PROTOCOL_NOT_READY` while the ticket is `queued` or `processing`; `CONFLICT` when it is `rejected` or `failed` (no protocol to send) or changed meanwhile; `WEBHOOK_PENDING` while a delivery is under way (`webhook.status` `pending`: wait for it, or see its attempts); `HOOK_DISABLED` where the stage sends no webhooks. `data` holds the ticket's `status` (and `error`) when it is not delivered, its `status` and `webhook` for `WEBHOOK_PENDING`",
      ['PROTOCOL_NOT_READY', 'CONFLICT', 'WEBHOOK_PENDING', 'HOOK_DISABLED'],
    ),
    ...readErrors,
  },
};

const query = (name: string, description: string, schema: Json): Json => ({ name, in: 'query', required: false, description, schema });

const listTickets: Json = {
  tags: ['Tickets'],
  operationId: 'getTickets',
  summary: "The client's tickets, newest first, page by page",
  description: text('tickets', { listAnswerSize }),
  parameters: [
    query('limit', `Tickets per page, ${listLimit.default} when absent`, { type: 'integer', minimum: 1, maximum: listLimit.max, default: listLimit.default }),
    query('cursor', "The previous page's `next_cursor`: opaque, and valid only for the client it was handed to", { type: 'string' }),
    query('kind', 'Only this kind', { type: 'string', enum: [...kinds] }),
    query('status', 'Only tickets in this status', { type: 'string', enum: [...listStatuses] }),
    query('client_reference', 'Only tickets with exactly this `client_reference`', { type: 'string' }),
    query('created_after', 'Only tickets created at or after this time (ISO 8601; a date means its midnight UTC)', { type: 'string', format: 'date-time' }),
    query('created_before', 'Only tickets created before this time (ISO 8601; a date means its midnight UTC)', { type: 'string', format: 'date-time' }),
  ],
  responses: {
    200: ok('A page of tickets and where the next starts', schemaRef('TicketList'), {
      examples: { page: { summary: 'A page with more to follow', value: ticketListExample } },
    }),
    400: failure(
      `\`BAD_REQUEST\` with one detail: \`LIMIT_INVALID\` at \`limit\`, \`FILTER_INVALID\` at the filter, \`PARAMETER_UNKNOWN\` at a parameter the listing does not take, \`CURSOR_INVALID\` at \`cursor\` (not handed to this client, altered, or outside the time filters given with it); nothing is read. Also ${headerTwice}`,
      ['BAD_REQUEST'],
    ),
    401: responseRef('Unauthorized'),
    429: responseRef('RateLimited'),
    '5XX': responseRef('ServerError'),
  },
};

const listEvents: Json = {
  tags: ['Tickets'],
  operationId: 'getEvents',
  summary: "The client's events, newest first; or those that followed a cursor, waiting for them",
  description: text('events', { maxWait: String(maxEventWaitSeconds), settle: String(eventSettleSeconds), retention: String(eventRetentionDays) }),
  parameters: [
    query('limit', `Events per answer, ${eventListLimit.default} when absent`, {
      type: 'integer',
      minimum: 1,
      maximum: eventListLimit.max,
      default: eventListLimit.default,
    }),
    query('cursor', "The previous page's `next_cursor`: opaque, and valid only for the client it was handed to", { type: 'string' }),
    query('after', "An answer's `follow_cursor`: the events that followed it, oldest first; opaque, and valid only for the client it was handed to", {
      type: 'string',
    }),
    query('wait', `With \`after\`: seconds to wait for an event when none has followed yet (0 to ${maxEventWaitSeconds})`, {
      type: 'integer',
      minimum: 0,
      maximum: maxEventWaitSeconds,
      default: 0,
    }),
    query('type', 'Only events of these types, comma-separated', { type: 'string', examples: ['ticket.delivered,ticket.rejected,ticket.failed'] }),
  ],
  responses: {
    200: ok('Events, and the cursors to go on', schemaRef('EventList'), {
      examples: { page: { summary: 'A page with more to follow', value: eventListExample } },
    }),
    400: failure(
      `\`BAD_REQUEST\` with one detail: \`LIMIT_INVALID\` at \`limit\`, \`WAIT_INVALID\` at \`wait\`, \`FILTER_INVALID\` at \`type\` (the message names the types: ${eventTypes.join(', ')}), \`PARAMETER_CONFLICT\` (\`cursor\` with \`after\`, \`wait\` without \`after\`), \`PARAMETER_UNKNOWN\` at a parameter the listing does not take, \`CURSOR_INVALID\` at \`cursor\` or \`after\` (not handed to this client, or altered); nothing is read. Also ${headerTwice}`,
      ['BAD_REQUEST'],
    ),
    401: responseRef('Unauthorized'),
    429: responseRef('RateLimited'),
    '5XX': responseRef('ServerError'),
  },
};

const certificateErrors = {
  400: responseRef('BadHeader'),
  401: responseRef('Unauthorized'),
  404: responseRef('CertificateNotFound'),
  429: responseRef('RateLimited'),
  '5XX': responseRef('ServerError'),
};
const certificateTag = ['Certificates'];

const uploadCertificate: Json = {
  tags: certificateTag,
  operationId: 'createCertificate',
  summary: "Keep a client's ELSTER certificate",
  description:
    'Opens the PKCS#12 container with its PIN before anything is kept; then keeps the container, and with `pin_storage: "stored"` the PIN, sealed (envelope encryption: a KMS data key on AWS, a local key under `DATA_DIR` locally). Neither is ever returned or logged.',
  requestBody: {
    required: true,
    content: {
      'application/json': {
        schema: schemaRef('CertificateUpload'),
        examples: { perSubmission: { summary: 'A certificate whose PIN comes with each submission', value: certificateUploadExample } },
      },
    },
  },
  responses: {
    201: ok('Kept: what the certificate says of itself', schemaRef('Certificate'), {
      headers: { location: headerRef('Location') },
      examples: { kept: { summary: 'Kept, sealed', value: certificateKeptExample } },
    }),
    400: failure(`The body is not UTF-8 JSON or repeats a key (\`MALFORMED_JSON\`, see \`MalformedJson\`), or ${headerTwice}`, [
      'MALFORMED_JSON',
      'BAD_REQUEST',
    ]),
    401: responseRef('Unauthorized'),
    ...bodyErrors,
    422: failure(text('certificate-upload-422', { maxCertificateNameLength: countText(maxCertificateNameLength) }), ['VALIDATION_FAILED']),
    429: responseRef('RateLimited'),
    '5XX': responseRef('ServerError'),
  },
};

const listCertificates: Json = {
  tags: certificateTag,
  operationId: 'getCertificates',
  summary: "The client's certificates, newest first, page by page",
  description: `A page's answer takes at most ${listAnswerSize}, envelope included: when the client's certificates would take more, the page holds fewer; pass its \`next_cursor\` as \`cursor\` until it is null, which lists every certificate once. A cursor is the place a page ended, so deleting certificates between pages does not break it.`,
  parameters: [query('cursor', "The previous page's `next_cursor`: opaque", { type: 'string' })],
  responses: {
    ...certificateErrors,
    200: ok('Each with the days until it expires, and where the next page starts', schemaRef('CertificateList')),
    400: failure(
      `\`BAD_REQUEST\` with one detail: \`CURSOR_INVALID\` at \`cursor\` (not one this listing handed out), \`PARAMETER_UNKNOWN\` at a parameter the listing does not take; nothing is read. Also ${headerTwice}`,
      ['BAD_REQUEST'],
    ),
  },
};

const getCertificate: Json = {
  tags: certificateTag,
  operationId: 'getCertificate',
  summary: 'One certificate',
  responses: { 200: ok('What the certificate says of itself', schemaRef('Certificate')), ...certificateErrors },
};

const deleteCertificate: Json = {
  tags: certificateTag,
  operationId: 'deleteCertificate',
  summary: 'Delete a certificate and its PIN',
  description:
    "Not while a `queued` or `processing` ticket of the client still needs it: 409 `CONFLICT`, whose message names one such ticket; delete it once that ticket has finished. Finished tickets keep `certificate_id` and the certificate's subject. The deleted container and PIN, sealed, stay in the table's point-in-time recovery for 35 days; the table is not backed up.",
  responses: {
    200: ok('Deleted', { type: 'object', properties: { certificate_id: { type: 'string' }, deleted: { const: true } } }),
    409: failure('A ticket that is still `queued` or `processing` is to be signed with this certificate', ['CONFLICT']),
    ...certificateErrors,
  },
};

const setMailboxSchedule: Json = {
  tags: certificateTag,
  operationId: 'setMailboxSchedule',
  summary: "Check a certificate's mailbox on a schedule, or stop",
  description: `The body is \`{"mailbox_checks": {"every_hours": 24}}\` (\`test\` as at upload), or \`{"mailbox_checks": null}\` to stop. ${mailboxScheduleText}.`,
  requestBody: {
    required: true,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['mailbox_checks'],
          additionalProperties: false,
          properties: {
            mailbox_checks: {
              oneOf: [{ $ref: '#/components/schemas/CertificateUpload/properties/mailbox_checks' }, { type: 'null' }],
              description: 'The schedule, or null to stop it',
            },
          },
        },
        examples: { daily: { summary: 'Every day, give or take', value: { mailbox_checks: { every_hours: 24 } } } },
      },
    },
  },
  responses: {
    ...certificateErrors,
    200: ok('The certificate, with its schedule', schemaRef('Certificate')),
    400: malformedBody,
    ...bodyErrors,
    422: failure(
      `A field is wrong (\`INVALID_VALUE\`, \`UNKNOWN_FIELD\`; \`every_hours\` a whole number from ${everyHoursRange.min} to ${everyHoursRange.max}), or the certificate's PIN is not stored (\`PIN_NOT_STORED\`)`,
      ['VALIDATION_FAILED'],
    ),
  },
};

const noticeTag = ['Notices'];
const noticeErrors = {
  400: responseRef('BadHeader'),
  401: responseRef('Unauthorized'),
  404: responseRef('NoticeNotFound'),
  429: responseRef('RateLimited'),
  '5XX': responseRef('ServerError'),
};

const createMailboxCheck: Json = {
  tags: noticeTag,
  operationId: 'createMailboxCheck',
  summary: 'Fetch what the tax office sent to an ELSTER mailbox',
  description: text('mailbox-check'),
  requestBody: {
    required: true,
    content: {
      'application/json': { schema: schemaRef('MailboxCheckRequest'), examples: { stage: { summary: "The stage's own mailbox", value: { test: true } } } },
    },
  },
  responses: {
    202: ok('Accepted: the check runs on its queue', schemaRef('MailboxCheck')),
    400: malformedBody,
    401: responseRef('Unauthorized'),
    ...bodyErrors,
    422: failure(
      'A field is wrong (`INVALID_VALUE`, `UNKNOWN_FIELD`), or `certificate_id` names none of your certificates (`CERTIFICATE_UNKNOWN`) or one whose PIN is not stored (`PIN_NOT_STORED`)',
      ['VALIDATION_FAILED'],
    ),
    429: responseRef('RateLimited'),
    '5XX': responseRef('ServerError'),
  },
};

const createAttachment: Json = {
  tags: ['Submissions'],
  operationId: 'createAttachment',
  summary: 'Announce a PDF for a letter and get the URL to upload it to',
  description: text('attachment'),
  requestBody: {
    required: true,
    content: {
      'application/json': {
        schema: schemaRef('AttachmentRequest'),
        examples: {
          pdf: {
            summary: 'A PDF of 48,213 bytes',
            value: {
              name: 'Fahrtenbuch',
              content_type: 'application/pdf',
              size: 48213,
              sha256: 'a3f1c6e1d0b5c8f4e2a7b9d6c3e0f1a2b4c5d6e7f8091a2b3c4d5e6f708192a3',
            },
          },
        },
      },
    },
  },
  responses: {
    201: ok('Noted: upload the bytes to `upload.url` with `upload.headers`', schemaRef('Attachment')),
    400: malformedBody,
    401: responseRef('Unauthorized'),
    ...bodyErrors,
    422: failure(
      'A field is missing or wrong (`REQUIRED`, `INVALID_VALUE`, `UNKNOWN_FIELD`), the file is larger than ERiC takes (`ATTACHMENT_TOO_LARGE`) or no PDF (`ATTACHMENT_TYPE`)',
      ['VALIDATION_FAILED'],
    ),
    429: responseRef('RateLimited'),
    '5XX': responseRef('ServerError'),
  },
};

const getMailboxCheck: Json = {
  tags: noticeTag,
  operationId: 'getMailboxCheck',
  summary: 'How far a mailbox check got',
  responses: { 200: ok('The check and its counts', schemaRef('MailboxCheck')), ...noticeErrors },
};

const listNotices: Json = {
  tags: noticeTag,
  operationId: 'getNotices',
  summary: "The client's notices, newest first, page by page",
  description: `Cursor and limit as \`GET /v2/tickets\`: a page's answer takes at most ${listAnswerSize}, and a cursor is valid only for the client it was handed to.`,
  parameters: [
    query('limit', `Notices per page, ${listLimit.default} when absent`, { type: 'integer', minimum: 1, maximum: listLimit.max, default: listLimit.default }),
    query('cursor', "The previous page's `next_cursor`", { type: 'string' }),
    query('certificate_id', "Only those from this certificate's mailbox", { type: 'string' }),
    query('datenart', 'Only this Datenart (`ESB`, …)', { type: 'string' }),
    query('year', 'Only notices for this year', { type: 'integer' }),
    query('state', 'Only notices in this state', { type: 'string', enum: ['stored', 'confirmed'] }),
    query('since', 'Only notices stored at or after this time (ISO 8601)', { type: 'string', format: 'date-time' }),
  ],
  responses: {
    200: ok('A page of notices and where the next starts', schemaRef('NoticeList')),
    400: failure(
      `\`BAD_REQUEST\` with one detail: \`LIMIT_INVALID\`, \`FILTER_INVALID\`, \`PARAMETER_UNKNOWN\` or \`CURSOR_INVALID\`; nothing is read. Also ${headerTwice}`,
      ['BAD_REQUEST'],
    ),
    401: responseRef('Unauthorized'),
    429: responseRef('RateLimited'),
    '5XX': responseRef('ServerError'),
  },
};

const getNotice: Json = {
  tags: noticeTag,
  operationId: 'getNotice',
  summary: 'One notice: its metadata and its files, never their content',
  responses: { 200: ok('The notice', schemaRef('Notice')), ...noticeErrors },
};

const fileRead = (operationId: string, summary: string, description: string, jsonView: boolean): Json => {
  const answer = ok(jsonView ? 'With `Accept: application/json`: the values, where the format is known' : 'The file', schemaRef('NoticeData'));
  return {
    tags: noticeTag,
    operationId,
    summary,
    description: `${description} A file above ${inlineNoticeFileMiB} MiB is answered 302 to a download URL valid for ${downloadUrlMinutes} minutes, never passed through a function.`,
    responses: {
      200: jsonView
        ? {
            ...answer,
            headers: { ...(answer.headers as Json), 'content-disposition': headerRef('ContentDisposition') },
            content: { ...(answer.content as Json), 'application/xml': {} },
          }
        : {
            description: 'The file as ELSTER provided it (the notice: `application/pdf`)',
            headers: { 'content-disposition': headerRef('ContentDisposition'), etag: headerRef('ETag') },
            content: { 'application/pdf': {}, 'application/octet-stream': {} },
          },
      302: { description: 'A large file: `Location` is a download URL valid for a few minutes', headers: { location: headerRef('Location') } },
      ...noticeErrors,
      ...(jsonView && {
        404: failure(
          'No such notice for this client (`NOT_FOUND`), or a notice whose record carried no data package, only attachments or metadata (`NOTICE_HAS_NO_DATA`: its `data` is null)',
          ['NOT_FOUND', 'NOTICE_HAS_NO_DATA'],
        ),
      }),
    },
  };
};

const listTicketNotices: Json = {
  tags: ['Tickets'],
  operationId: 'getTicketNotices',
  summary: "The notices answering a ticket's filing",
  responses: { 200: ok('Oldest first', schemaRef('TicketNotices')), ...readErrors },
};

const publicRead = (operationId: string, summary: string, answer: Json): Json => ({
  tags: ['Service'],
  operationId,
  summary,
  security: [],
  responses: { 200: answer, 400: responseRef('BadHeader'), '5XX': responseRef('ServerError') },
});

/** HEAD answers as GET does, without a body. */
function headOf(get: Json): Json {
  const answers = Object.entries(get.responses as Record<string, Json>).map(([status, answer]) => [status, withoutBody(answer)]);
  return {
    ...get,
    operationId: String(get.operationId).replace(/^get/, 'head'),
    summary: `${String(get.summary)}: headers only`,
    description: 'The status and headers GET would give, `Content-Length` included, without a body.',
    responses: Object.fromEntries(answers),
  };
}

const readable = (get: Json, pathParameters: Json[] = []) => ({ parameters: [parameterRef('RequestId'), ...pathParameters], get, head: headOf(get) });
const writable = (post: Json) => ({ parameters: [parameterRef('RequestId')], post });
const ticket = [parameterRef('Ticket')];

function build(): Json {
  return {
    openapi: '3.1.1',
    info: { title: 'steuerbote API', version: serviceVersion(), description: description() },
    tags: [
      { name: 'Submissions', description: 'Tax filings of every form, submitted or only checked' },
      { name: 'Tickets', description: 'What became of a submission' },
      { name: 'Certificates', description: "Each client's own ELSTER certificates, kept sealed" },
      { name: 'Notices', description: 'What the tax office sends back to an ELSTER mailbox: fetched, kept and confirmed' },
      { name: 'Service', description: 'Public: no API key needed' },
    ],
    security: [{ bearer: [] }, { apiKey: [] }],
    paths: {
      ...Object.fromEntries(kinds.map((kind) => [`/v2/${kind}`, writable(submit(kind))])),
      ...Object.fromEntries(kinds.map((kind) => [`/v2/${kind}/validate`, writable(validate(kind))])),
      '/v2/status/{ticket}': readable(
        ticketRead('getStatus', "A ticket's status", 'TicketStatus', 'Status, attempts, and the error of a `rejected` or `failed` ticket'),
        ticket,
      ),
      '/v2/ticket/{ticket}': readable(
        ticketRead('getTicket', "A ticket's metadata", 'TicketMetadata', 'Metadata; the tax number masked to its last 4 digits'),
        ticket,
      ),
      '/v2/ticket/{ticket}/nutzdaten': readable(nutzdatenRead(), ticket),
      '/v2/ticket/{ticket}/webhooks': {
        ...readable(
          {
            ...ticketRead('getWebhookAttempts', "A ticket's webhook attempts", 'WebhookAttempts', 'Every attempt, oldest first'),
            description:
              "Each attempt at posting the ticket's webhook: when, to which host, the HTTP status or the class of network error, how long it took, its outcome and when the next is due. Kept as long as the ticket's metadata; the first 256 bytes of each answer for 30 days. Empty while nothing was attempted (webhooks off, not yet delivered).",
          },
          ticket,
        ),
        post: resendWebhook,
      },
      '/v2/tickets': readable(listTickets),
      '/v2/events': readable(listEvents),
      '/v2/certificates': { ...writable(uploadCertificate), ...readable(listCertificates) },
      '/v2/certificates/{certificate_id}': { ...readable(getCertificate, [parameterRef('CertificateId')]), delete: deleteCertificate },
      '/v2/certificates/{certificate_id}/mailbox-checks': { parameters: [parameterRef('RequestId'), parameterRef('CertificateId')], post: setMailboxSchedule },
      '/v2/ticket/{ticket}/notices': readable(listTicketNotices, ticket),
      '/v2/attachments': writable(createAttachment),
      '/v2/mailbox/checks': writable(createMailboxCheck),
      '/v2/mailbox/checks/{check_id}': readable(getMailboxCheck, [parameterRef('CheckId')]),
      '/v2/notices': readable(listNotices),
      '/v2/notices/{notice_id}': readable(getNotice, [parameterRef('NoticeId')]),
      '/v2/notices/{notice_id}/data': readable(
        fileRead(
          'getNoticeData',
          "A notice's data package",
          'The XML as ELSTER provided it; with `Accept: application/json` its values as JSON where steuerbote reads the format.',
          true,
        ),
        [parameterRef('NoticeId')],
      ),
      '/v2/notices/{notice_id}/attachments/{n}': readable(
        fileRead('getNoticeAttachment', "A notice's attachment", 'The attachment as ELSTER provided it: the notice as a PDF.', false),
        [parameterRef('NoticeId'), parameterRef('AttachmentNumber')],
      ),
      '/v2/protocol/{ticket}': readable(protocolRead('getProtocol', 'The transfer protocol of a delivered ticket'), ticket),
      '/v2/response/{ticket}': readable(protocolRead('getResponse', 'The same as `/v2/protocol/{ticket}`'), ticket),
      '/v2/version': readable(publicRead('getVersion', 'Versions, tax authority and supported Datenart versions', ok('Versions', schemaRef('Version')))),
      '/v2/openapi.json': readable(
        publicRead('getOpenapi', 'This document', {
          description: 'The OpenAPI 3.1 document, not wrapped in the envelope',
          headers: { 'x-request-id': headerRef('RequestId') },
          content: { 'application/json': { schema: { type: 'object' } } },
        }),
      ),
      '/v2/docs': readable(
        publicRead('getDocs', 'This document as an HTML reference', {
          description:
            'This document rendered by Swagger UI as one self-contained HTML page, not wrapped in the envelope: it loads nothing from anywhere, which its `Content-Security-Policy` enforces',
          headers: { 'x-request-id': headerRef('RequestId') },
          content: { 'text/html': { schema: { type: 'string' } } },
        }),
      ),
    },
    webhooks: {
      'notice.available': {
        post: {
          operationId: 'noticeAvailable',
          summary: 'A notice arrived',
          description:
            "Posted to `HOOK_URI` while `HOOK_ENABLED` is true, for each notice a mailbox check stores for a client (none for the operator's own), signed and retried as the ticket's webhook (Standard Webhooks headers `webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx; 410 stops it.",
          tags: ['Notices'],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NoticeAvailable' } } } },
          responses: { '200': { description: 'Received' } },
        },
      },
    },
    components: { schemas: componentSchemas(), parameters, headers, responses, securitySchemes },
  };
}

/** Built once per container: it depends on nothing that changes while one runs. */
export const openapiDocument = once(build);
