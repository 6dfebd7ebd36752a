// The OpenAPI 3.1 document of the v2 API, built at run time from the schemas the handlers parse with.
import { serviceVersion } from '#shared/config.ts';
import { countText, maxCertificateNameLength } from '#shared/domain/certificate.ts';
import type { Kind } from '#shared/domain/ticket.ts';
import { formYears, kinds } from '#shared/forms/registry.ts';
import { formOpenapi } from '#shared/forms/openapi.ts';
import {
  acceptedExample,
  certificateKeptExample,
  certificateUploadExample,
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
import { componentSchemas, listAnswerSize } from '#shared/openapi/schemas.ts';
import { forbiddenKeys, maxNesting } from '#shared/http/json-keys.ts';
import { maxFindings, maxFindingsBytes, maxTextLength, truncatedCode } from '#shared/domain/finding-limits.ts';
import { maxRecordKeys } from '#shared/forms/fields.ts';
import { saneRequestId } from '#shared/http/request-id.ts';
import { singleValuedHeaders } from '#shared/http/single-headers.ts';
import { transportLimits } from '#shared/http/transport.ts';
import { once } from '#shared/once.ts';
import { listLimit, listStatuses } from '#shared/http/ticket-listing.ts';

const description = `
Transmits German tax filings to ELSTER, one path each: ${kinds.map((kind) => `\`${kind}\` (${formOpenapi[kind].name})`).join(', ')}.
A submission becomes a ticket to follow to \`delivered\`, with the tax authority's transfer ticket and the
PDF transfer protocol.

**Envelope.** Every answer with a body, success or error, is \`{ success, status, message, request_id,
api_version, service_version, timestamp, data }\`; errors have \`data: null\` (on 409 for a ticket: its
status) and add \`error: { code, details }\`, where \`details\` names every failing field at once.
Only this document itself comes without the envelope. Field names are snake_case, times ISO 8601 UTC,
money a JSON number or a decimal string (\`"1200.50"\`) below one trillion euros.

**Authentication.** \`Authorization: Bearer <api_key>\` or \`x-api-key: <api_key>\`, on every route but
\`/v2/version\`, \`/v2/openapi.json\` and \`/v2/docs\`. A ticket belongs to the client whose key created it; any other
client gets 404, exactly as for a ticket that does not exist.

**Decisions the contract leaves open.**
- Ticket IDs are \`tk_\` and 22 base64url characters (128 random bits), pattern \`^tk_[A-Za-z0-9_-]{22}$\`;
  anything else is 404 without a storage lookup.
- A caller's \`x-request-id\` is echoed when it matches \`${saneRequestId.source}\`; otherwise the service
  chooses a UUID.
- The protocol comes as raw PDF when \`Accept\` rates \`application/pdf\` at least as high as JSON; JSON
  (base64) is the default.
- A protocol request for a \`rejected\` or \`failed\` ticket answers 409 \`CONFLICT\` with the ticket's error.
- \`test: false\` is a live submission, refused with 422 (\`LIVE_NOT_ALLOWED\`) unless the service runs with
  \`ALLOW_LIVE_SUBMISSIONS=true\`; test tax offices and test IdNrs are never sent live.
- "The same request" for \`Idempotency-Key\` is the same route and a body that parses to the same JSON
  value (key order and whitespace aside; \`734.5\` and \`"734.50"\` differ).
- \`POST /v2/{kind}/validate\` runs every check a submission gets and answers 200 whether the body is valid
  or not; \`datenart_version\` is null when the year itself is unusable. It checks the shape of
  \`certificate_id\`, not the certificate: that happens on submission.
- Certificates are \`crt_\` and 22 base64url characters. A submission naming one is refused with 422 when the
  certificate is another client's, deleted, expired or not yet valid, or its per-submission PIN is missing or
  wrong, so that no ticket is made that could only fail; one kept before keys were matched to certificates
  (\`problems\` shows \`CERTIFICATE_UNCHECKED\`) is opened first and refused with the code an upload would give.
  A subject or issuer is at most ${countText(maxCertificateNameLength)} characters as shown, its values escaped as RFC 4514 writes them;
  EC keys are kept on P-256, P-384 and P-521 only.
  A certificate whose per-submission PIN was wrong too often is locked for a while (423
  \`CERTIFICATE_PIN_LOCKED\` with \`Retry-After\`; the certificate shows \`usable: false\` and
  \`locked_until\`); PINs tried at the same moment count as well (429 \`CERTIFICATE_PIN_BUSY\` while too
  many are being tried). \`DELETE\` waits for the client's \`queued\` and \`processing\` tickets that need
  the certificate (409 \`CONFLICT\` names one); a ticket keeps \`certificate_id\` and the subject after the
  certificate is gone.

**Free text.** Every text field (names, addresses, the supplier, \`client_reference\`) takes ELSTER's
character set ("Standard_E_V2") and nothing else: printable ASCII, \`¡¢£¥§ª«¬®¯°±²³µ¹º»\`, \`¿\` to \`ÿ\`,
\`ŒœŠšŸŽž\` and \`€\`; so no tab or line break, no no-break space, no typographic dashes or quotes, and no
invisible or bidirectional formatting characters. Each such field carries the set as its \`pattern\`. Any
other character is the finding \`TEXT_CHARSET\`, which names the field, the character's position (counted
in characters from 1) and its code point.

**Ticket lifecycle.** \`queued\` → \`processing\` → \`delivered\` | \`rejected\` | \`failed\`. A transient
failure before anything left the service puts the ticket back to \`queued\`; after the last attempt it is
\`failed\` with \`TRANSMISSION_FAILED\`. A transmission interrupted where the data may already have arrived
is never repeated blindly: the ticket is \`failed\` with \`TRANSMISSION_UNCERTAIN\`.

**Methods and limits.** HEAD on a GET path gives the GET's status and headers, \`Content-Length\` included,
without a body; a known path with a method it does not take is 405 \`METHOD_NOT_ALLOWED\` with \`Allow\` (so is
HEAD on a POST-only path); an unknown path is 404 \`NOT_FOUND\`. Each client may make a budget of
authenticated requests per calendar minute (600 unless configured otherwise); beyond it 429 \`RATE_LIMITED\`
with \`Retry-After\`. Forms known: ${kinds.map((kind) => `${formOpenapi[kind].name} ${formYears[kind].join(', ')}`).join('; ')}; which of them are open
today (by the Berlin calendar) \`GET /v2/version\` lists.

**Requests that mean one thing.** Bodies are JSON of at most 1 MiB, in UTF-8 and uncompressed: a \`charset\`
other than \`utf-8\` or a \`Content-Encoding\` other than \`identity\` is 415 \`UNSUPPORTED_MEDIA_TYPE\`; bytes
that are not UTF-8 are 400 \`MALFORMED_JSON\` naming the offset of the first; a key repeated within one object
is 400 \`MALFORMED_JSON\` with a \`DUPLICATE_KEY\` detail naming its path; the keys
${codeList(forbiddenKeys)} are refused anywhere in a body with 422 \`VALIDATION_FAILED\` and a
\`KEY_NOT_ALLOWED\` detail each, and so is a body that nests objects and arrays deeper than ${maxNesting} levels, with one
\`NESTING_TOO_DEEP\` detail naming the path of the first value too deep (on \`/validate\` too: such a body never
reaches the checks). \`kennzahlen\` and \`deductions\` take at most ${maxRecordKeys} keys; more are one \`OUT_OF_RANGE\`
finding on the field, its keys unread. API Gateway hands a
repeated header over with its values joined by commas, so ${codeList(singleValuedHeaders)}
sent twice (or holding a comma) are 400 \`BAD_REQUEST\`.

**Small answers.** An answer lists at most ${maxFindings} findings, in \`error.details\` and in validate's
\`data.findings\` alike, in the order found and within ${maxFindingsBytes / 1024} KiB of JSON; then one last detail
\`${truncatedCode}\` whose \`count\` says how many more there are (on validate a \`hint\` when all of them are).
A finding's \`path\` is cut to ${maxTextLength.path} characters, its \`message\` to ${maxTextLength.message}, \`expected\` and \`rule\`
to ${maxTextLength.expected}, each ending in \`…\` when cut. So an error answer stays under 64 KiB, whatever the body.

**Transport.** What the headers alone decide is answered before the body is read, in this order: an
\`Expect\` other than \`100-continue\` (the token whole, in any case) is 417 \`EXPECTATION_FAILED\`, a header
sent twice 400, and on a route that needs a key a missing, unknown or revoked key 401, instead of
\`100 Continue\` to a client that waits for it. The local runtime closes the connection after such an
answer, the body unread. It answers in the envelope even what no function sees: a body over
${transportLimits.maxBodyBytes / 1024 / 1024} MiB (413 \`PAYLOAD_TOO_LARGE\`), a request line and headers over ${transportLimits.maxHeaderBytes / 1024} KiB (431
\`HEADERS_TOO_LARGE\`), a request that is not well-formed HTTP/1.1 or 1.0 or whose request line or Host cannot be
served (a URL target without a usable host or port, a broken percent-encoding, a fragment, the target \`*\`,
\`CONNECT\`, not exactly one Host: 400 \`BAD_REQUEST\`), a connection beyond the ${transportLimits.maxConnections} it serves at once
unless configured otherwise (503 \`UNAVAILABLE\` with \`Retry-After\`), and a request whose headers take over
${transportLimits.headersTimeoutSeconds} s or which takes over ${transportLimits.requestTimeoutSeconds} s in all (408 \`REQUEST_TIMEOUT\`); each closes the connection, as
does ${transportLimits.keepAliveSeconds} s without a request. On AWS, API Gateway's own limits and answers apply to these cases.
`.trim();

const upper = (kind: Kind) => `${kind[0]!.toUpperCase()}${kind.slice(1)}`;

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
        'The body is well-formed JSON but wrong (`VALIDATION_FAILED`, every finding in `error.details`, its `Idempotency-Key` not used up; a forbidden key gives `KEY_NOT_ALLOWED`; the certificate it names cannot sign: `CERTIFICATE_UNKNOWN`, `CERTIFICATE_EXPIRED`, `CERTIFICATE_NOT_YET_VALID`, `CERTIFICATE_SEAL_BROKEN` (its sealed secrets do not open for it, or a container sealed before secrets were bound is another certificate’s: upload it again), `CERTIFICATE_SUBJECT_TOO_LONG`, `CERTIFICATE_ISSUER_TOO_LONG`, `CERTIFICATE_KEY_TOO_WEAK` (kept before names and key sizes were limited: its `problems` say so), and for a certificate kept before keys were matched `CERTIFICATE_KEY_MISMATCH`, `CERTIFICATE_KEY_TOO_WEAK`, `CERTIFICATE_INVALID`, `CERTIFICATE_UNREADABLE` at `certificate_id`; `PIN_REQUIRED`, `PIN_NOT_EXPECTED`, `PIN_INVALID`, `PIN_TOO_LONG`, `CERTIFICATE_PIN_WRONG` at `Elster-Pin`), or the `Idempotency-Key` was used with another request (`IDEMPOTENCY_KEY_REUSED`)',
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

const query = (name: string, description: string, schema: Json): Json => ({ name, in: 'query', required: false, description, schema });

const listTickets: Json = {
  tags: ['Tickets'],
  operationId: 'getTickets',
  summary: "The client's tickets, newest first, page by page",
  description: `Only the calling client's tickets, from an index of each client's tickets (never a scan of all). Filters combine; pass each page's \`next_cursor\` as \`cursor\`, with the same filters, until it is null. A page's answer takes at most ${listAnswerSize}, envelope included: when \`limit\` tickets would take more, the page holds fewer and its cursor goes on right after the last it holds, so following the cursors lists every ticket once. On AWS the index follows the table within a second or so: a ticket just accepted may be missing from a listing for that long.`,
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
    422: failure(
      '`VALIDATION_FAILED` with a finding at `pkcs12`: `CERTIFICATE_INVALID` (not a PKCS#12 container, no private key, no integrity MAC, more than 100,000 key derivation iterations anywhere, whatever the PIN, nothing derived: the message names the cap), `CERTIFICATE_KEY_MISMATCH` (the private key belongs to none of its certificates), `CERTIFICATE_KEY_TOO_WEAK` (RSA under 2048 bits, an EC key on a curve other than P-256, P-384 and P-521, such as P-192, P-224, secp256k1 or Brainpool, or a key that cannot sign), `CERTIFICATE_SUBJECT_TOO_LONG` and `CERTIFICATE_ISSUER_TOO_LONG` (a name over ' +
        countText(maxCertificateNameLength) +
        ' characters as shown, escapes included), `CERTIFICATE_NOT_YET_VALID`, `CERTIFICATE_EXPIRED`, `CERTIFICATE_UNREADABLE` (a certificate or its validity that cannot be read), `CERTIFICATE_LIMIT_REACHED` (the client keeps 100 certificates already; delete one); `CERTIFICATE_PIN_WRONG` at `pin`; or a field that is missing or malformed',
      ['VALIDATION_FAILED'],
    ),
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
    info: { title: 'steuerbote API', version: serviceVersion(), description },
    tags: [
      { name: 'Submissions', description: 'Tax filings of every form, submitted or only checked' },
      { name: 'Tickets', description: 'What became of a submission' },
      { name: 'Certificates', description: "Each client's own ELSTER certificates, kept sealed" },
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
      '/v2/tickets': readable(listTickets),
      '/v2/certificates': { ...writable(uploadCertificate), ...readable(listCertificates) },
      '/v2/certificates/{certificate_id}': { ...readable(getCertificate, [parameterRef('CertificateId')]), delete: deleteCertificate },
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
    components: { schemas: componentSchemas(), parameters, headers, responses, securitySchemes },
  };
}

/** Built once per container: it depends on nothing that changes while one runs. */
export const openapiDocument = once(build);
