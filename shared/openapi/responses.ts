// The pieces every operation is made of: answers in the envelope, the errors they share, and the
// headers and parameters the contract names.
import { ticketIdPattern } from '#shared/domain/ticket.ts';
import { checkIdPattern, noticeIdPattern } from '#shared/domain/notice.ts';
import { maxBodyBytes } from '#shared/http/json-body.ts';
import { forbiddenKeys, maxNesting } from '#shared/http/json-keys.ts';
import { saneRequestId } from '#shared/http/request-id.ts';
import { singleValuedHeaders } from '#shared/http/single-headers.ts';
import { usableKey } from '#shared/submission/idempotent-request.ts';
import { exampleTicket } from '#shared/openapi/examples.ts';
import { pinLockMinutes, wrongPinLimit, wrongPinWindowMinutes } from '#shared/certificates/pin-lock.ts';
import { contractText } from '#shared/contract-text.ts';

const text = contractText(new URL('./responses.md', import.meta.url));

export type Json = Record<string, unknown>;

/** Names as code, in a sentence: `a`, `b`, `c`. */
export const codeList = (names: Iterable<string>) => [...names].map((name) => `\`${name}\``).join(', ');

export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
export const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });
export const responseRef = (name: keyof typeof responses) => ({ $ref: `#/components/responses/${name}` });

interface ResponseOptions {
  headers?: Record<string, Json>;
  examples?: Record<string, { summary: string; value: unknown }>;
}

function response(description: string, schema: Json, { headers = {}, examples }: ResponseOptions): Json {
  return {
    description,
    headers: { 'x-request-id': headerRef('RequestId'), ...headers },
    content: { 'application/json': { schema, ...(examples && { examples }) } },
  };
}

/** A success: the envelope with `data` of the given schema. */
export function ok(description: string, data: Json, options: ResponseOptions = {}): Json {
  return response(description, { allOf: [schemaRef('Envelope'), { type: 'object', properties: { data }, required: ['data'] }] }, options);
}

/** An error: the envelope with `success: false` and one of `codes`. */
export function failure(description: string, codes: readonly string[], options: ResponseOptions = {}): Json {
  const code = { type: 'string', enum: codes };
  return response(
    description,
    { allOf: [schemaRef('ErrorEnvelope'), { type: 'object', properties: { error: { type: 'object', properties: { code } } } }] },
    options,
  );
}

export const headers = {
  RequestId: {
    description: `The request ID, also in the body as \`request_id\`: the caller's own \`x-request-id\` when it matches \`${saneRequestId.source}\`, else a fresh UUID`,
    schema: { type: 'string' },
  },
  Location: { description: "Where the ticket's metadata is: `/v2/ticket/{ticket}`", schema: { type: 'string' } },
  IdempotentReplayed: {
    description: 'Present when an earlier request with the same `Idempotency-Key` created this ticket: nothing was stored or sent again',
    schema: { type: 'string', enum: ['true'] },
  },
  RetryAfter: { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } },
  WwwAuthenticate: { schema: { type: 'string', enum: ['Bearer'] } },
  ContentDisposition: { description: 'With the raw PDF: `attachment; filename="…"`', schema: { type: 'string' } },
  ETag: { description: 'With the raw PDF: the SHA-256 of its bytes, quoted', schema: { type: 'string' } },
};

export const parameters = {
  CertificateId: {
    name: 'certificate_id',
    in: 'path',
    required: true,
    description: 'The ID `POST /v2/certificates` answered. Anything not matching the pattern is 404 without a storage lookup.',
    schema: { type: 'string', pattern: '^crt_[A-Za-z0-9_-]{22}$' },
    example: 'crt_AAAAAAAAAAAAAAAAAAAAAA',
  },
  Ticket: {
    name: 'ticket',
    in: 'path',
    required: true,
    description: 'The ticket ID from `POST /v2/ustva` or `/v2/est`. Anything not matching the pattern is 404 without a storage lookup.',
    schema: { type: 'string', pattern: ticketIdPattern.source },
    example: exampleTicket,
  },
  NoticeId: {
    name: 'notice_id',
    in: 'path',
    required: true,
    description: 'The ID `GET /v2/notices` lists. Anything not matching the pattern is 404 without a storage lookup.',
    schema: { type: 'string', pattern: noticeIdPattern.source },
    example: 'ntc_AAAAAAAAAAAAAAAAAAAAAA',
  },
  CheckId: {
    name: 'check_id',
    in: 'path',
    required: true,
    description: 'The ID `POST /v2/mailbox/checks` answered',
    schema: { type: 'string', pattern: checkIdPattern.source },
    example: 'chk_AAAAAAAAAAAAAAAAAAAAAA',
  },
  AttachmentNumber: {
    name: 'n',
    in: 'path',
    required: true,
    description: "The attachment's `n` in the notice, from 1",
    schema: { type: 'integer', minimum: 1 },
  },
  RequestId: {
    name: 'x-request-id',
    in: 'header',
    required: false,
    description: `Your ID for this request, echoed in header and body when it matches \`${saneRequestId.source}\`; otherwise (or without one) the service chooses a UUID. An unusable ID is replaced, never refused.`,
    schema: { type: 'string' },
  },
  Include: {
    name: 'include',
    in: 'query',
    required: false,
    description: text('include'),
    schema: { type: 'string', pattern: '^(nutzdaten|body)(,(nutzdaten|body))*$', examples: ['nutzdaten', 'body,nutzdaten'] },
  },
  ElsterPin: {
    name: 'Elster-Pin',
    in: 'header',
    required: false,
    description: text('elster-pin', { wrongPinLimit, wrongPinWindowMinutes, pinLockMinutes }),
    schema: { type: 'string', minLength: 1, maxLength: 1159 },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description: text('idempotency-key'),
    schema: { type: 'string', pattern: usableKey.source },
    example: 'order-4711-ustva-2026-03',
  },
};

const rateLimited =
  "The client's budget of requests per calendar minute is spent (every request with a key counts one, reads included; the budget belongs to the client, not the key). Nothing was stored or sent, so retrying is safe. " +
  'Above all clients, API Gateway\'s own throttle may also answer 429, with its own body `{"message":"Too Many Requests"}` and without `Retry-After`.';

export const responses = {
  Unauthorized: failure('No API key, or an unknown or revoked one', ['UNAUTHORIZED'], { headers: { 'www-authenticate': headerRef('WwwAuthenticate') } }),
  TicketNotFound: failure(
    'No such ticket for this client: an ID that does not exist, belongs to another client (never 403), or does not match the ticket pattern',
    ['NOT_FOUND'],
  ),
  NoticeNotFound: failure(
    'No such notice (or attachment) for this client: an ID that does not exist, belongs to another client or to the operator (never 403), or does not match the pattern',
    ['NOT_FOUND'],
  ),
  CertificateNotFound: failure(
    'No such certificate for this client: an ID that does not exist, belongs to another client (never 403), or does not match the pattern',
    ['NOT_FOUND'],
  ),
  RateLimited: failure(rateLimited, ['RATE_LIMITED'], { headers: { 'retry-after': headerRef('RetryAfter') } }),
  SubmissionRateLimited: failure(
    `${rateLimited} ` +
      `Or (\`CERTIFICATE_PIN_BUSY\`, \`Retry-After: 1\`) the certificate named by \`certificate_id\` has all its ${wrongPinLimit} places for PIN checks within ${wrongPinWindowMinutes} minutes taken, by wrong PINs and by PINs still being tried at this moment; no PIN was tried. ` +
      'A PIN being tried takes milliseconds: a second later its place is free again, or every place holds a wrong PIN and the certificate is locked (423).',
    ['RATE_LIMITED', 'CERTIFICATE_PIN_BUSY'],
    { headers: { 'retry-after': headerRef('RetryAfter') } },
  ),
  CertificatePinLocked: failure(
    `The certificate named by \`certificate_id\` is locked: its \`Elster-Pin\` was wrong ${wrongPinLimit} times within ${wrongPinWindowMinutes} minutes (counted for every instance of the service, PINs tried at the same moment included, only for its own client's submissions). ` +
      `The lock lasts ${pinLockMinutes} minutes from the wrong PIN that set it, and until then no PIN is tried, the right one neither; \`Retry-After\` gives the seconds left, the certificate's \`locked_until\` the time, and its \`usable\` is false. ` +
      'Nothing was stored; tickets accepted before the lock are transmitted as usual. Retrying sooner only gets 423 again.',
    ['CERTIFICATE_PIN_LOCKED'],
    { headers: { 'retry-after': headerRef('RetryAfter') } },
  ),
  BadHeader: failure(
    `${codeList(singleValuedHeaders)} sent twice or holding a comma: API Gateway hands a repeated header over with its values joined by commas, so which one counts would be a guess`,
    ['BAD_REQUEST'],
  ),
  MalformedJson: failure(
    'The body is not JSON, not UTF-8 (the message names the offset of the first invalid byte), or repeats a key within one object (a `DUPLICATE_KEY` detail names its path)',
    ['MALFORMED_JSON'],
  ),
  KeyNotAllowed: failure(
    `The body uses one of ${codeList(forbiddenKeys)} as a key (a \`KEY_NOT_ALLOWED\` detail names each place), or nests deeper than ${maxNesting} levels (\`NESTING_TOO_DEEP\`)`,
    ['VALIDATION_FAILED'],
  ),
  PayloadTooLarge: failure(`The body is over ${maxBodyBytes} bytes (1 MiB)`, ['PAYLOAD_TOO_LARGE']),
  UnsupportedMediaType: failure(
    'The body is not sent as `Content-Type: application/json`, names a `charset` other than `utf-8`, or has a `Content-Encoding` other than `identity`',
    ['UNSUPPORTED_MEDIA_TYPE'],
  ),
  ServerError: failure('500 `INTERNAL` or 503 `UNAVAILABLE`; never with a stack trace or submitted data', ['INTERNAL', 'UNAVAILABLE']),
};

/** The same answers without their bodies, as HEAD gives them. */
export function withoutBody(answer: Json): Json {
  const name = typeof answer.$ref === 'string' ? answer.$ref.split('/').pop()! : undefined;
  const { content: _, ...rest } = name ? responses[name as keyof typeof responses] : answer;
  return rest;
}

export const securitySchemes = {
  bearer: { type: 'http', scheme: 'bearer', description: '`Authorization: Bearer <api_key>`. Keys are `sbk_` and 256 random bits, stored only as hashes.' },
  apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'The same API key in `x-api-key`' },
};
