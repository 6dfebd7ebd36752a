// The typed client: every route of the served document through `api` (openapi-fetch), and the calls an
// integrator makes most by name, each answering with the envelope's `data` or throwing SteuerboteError.
import { createHash, randomUUID } from 'node:crypto';
import createClient, { type Client } from 'openapi-fetch';
import { MailboxCheckWaitTimeout, SteuerboteError } from './errors.ts';
import type { paths } from './generated/openapi.ts';
import { noticeFile, waitForNotices, type NoticeWaitOptions } from './notices.ts';
import { retryingFetch, type RetryOptions } from './retrying-fetch.ts';
import type {
  Certificate,
  CertificateUpload,
  EventListQuery,
  Kind,
  MailboxCheck,
  MailboxCheckRequest,
  Notice,
  NoticeData,
  NoticeListQuery,
  Submission,
  TicketListQuery,
  TicketMetadata,
  TicketStatus,
  TicketSummary,
} from './types.ts';
import { waitForTicket, waitUntil, type WaitOptions } from './wait.ts';

export interface SteuerboteOptions {
  /** Where the API is, without `/v2`. @default 'http://127.0.0.1:3000' */
  baseUrl?: string;
  /** Sent as `Authorization: Bearer …`; none for the public routes. */
  apiKey?: string;
  retry?: RetryOptions;
  /** One try of a request; retries wrap it. @default globalThis.fetch */
  fetch?: (request: Request) => Promise<Response>;
}

export interface SubmitOptions {
  /** Files once per key, however often sent. @default a fresh UUID, shared by this call's retries */
  idempotencyKey?: string;
  /** The PIN of a `per_submission` certificate named by `certificate_id`. */
  elsterPin?: string;
}

export type Accepted = TicketSummary & {
  /** True when an earlier request with the same Idempotency-Key made this ticket. */
  replayed: boolean;
};

interface Answer<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/** The envelope's `data` of a success; the envelope's error as SteuerboteError otherwise. */
export async function unwrap<D extends { data: unknown }>(call: Promise<Answer<D>>): Promise<D['data']> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw SteuerboteError.from(response, error);
  return data.data;
}

/** Every item of a listing, page after page until the last: `page` answers a page's items and its `next_cursor`. */
async function* everyPage<T>(page: (cursor: string | undefined) => Promise<[items: T[], next: string | null | undefined]>): AsyncIterable<T> {
  let cursor: string | undefined;
  do {
    const [items, next] = await page(cursor);
    yield* items;
    cursor = next ?? undefined;
  } while (cursor);
}

/** A body the service answered with that is not JSON (a PDF, XML). */
async function content<D>(call: Promise<Answer<D>>): Promise<D> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw SteuerboteError.from(response, error);
  return data;
}

/**
 * `Elster-Pin` as the service reads it: a PIN of printable ASCII as it is, any other (and one that
 * would read as the encoded form) as `utf-8''` and its percent-encoded UTF-8 bytes (RFC 8187),
 * since HTTP headers carry no other characters.
 */
export function pinHeaderValue(pin: string): string {
  return /^[\x21-\x7e]+$/.test(pin) && !/^utf-8''/i.test(pin) ? pin : `utf-8''${encodeURIComponent(pin)}`;
}

export function createSteuerbote(options: SteuerboteOptions = {}) {
  const { baseUrl = 'http://127.0.0.1:3000', apiKey, retry, fetch = (request: Request) => globalThis.fetch(request) } = options;
  const retrying = retryingFetch(fetch, retry);
  const api: Client<paths> = createClient<paths>({ baseUrl, fetch: retrying });
  api.use({
    onRequest({ request }) {
      if (apiKey) request.headers.set('authorization', `Bearer ${apiKey}`);
      if (request.method === 'POST' && !request.headers.has('idempotency-key')) request.headers.set('idempotency-key', randomUUID());
      return request;
    },
  });
  const ticket = (id: string) => ({ params: { path: { ticket: id } } });
  const certificate = (id: string) => ({ params: { path: { certificate_id: id } } });
  const notice = (id: string) => ({ params: { path: { notice_id: id } } });

  const status = (id: string): Promise<TicketStatus> => unwrap(api.GET('/v2/status/{ticket}', ticket(id)));
  const noticesOf = async (id: string) => (await unwrap(api.GET('/v2/ticket/{ticket}/notices', ticket(id)))).notices;
  const mailboxCheck = (id: string) => unwrap(api.GET('/v2/mailbox/checks/{check_id}', { params: { path: { check_id: id } } }));
  /** Runs a mailbox check and answers it once `done` or `failed`; throws MailboxCheckWaitTimeout after `timeoutMs`. */
  const check = async (request: MailboxCheckRequest = {}, waitOptions: WaitOptions<MailboxCheck> = {}) => {
    const { check_id } = await unwrap(api.POST('/v2/mailbox/checks', { body: request }));
    return waitUntil(
      () => mailboxCheck(check_id),
      (state) => state === 'done' || state === 'failed',
      (lastStatus, timeoutMs) => new MailboxCheckWaitTimeout(check_id, lastStatus, timeoutMs),
      waitOptions,
    );
  };

  return {
    /** Every route, request and answer typed from the document; answers stay in the envelope. */
    api,
    async submit<K extends Kind>(kind: K, body: Submission<K>, { idempotencyKey, elsterPin }: SubmitOptions = {}): Promise<Accepted> {
      const header = { ...(idempotencyKey && { 'Idempotency-Key': idempotencyKey }), ...(elsterPin && { 'Elster-Pin': pinHeaderValue(elsterPin) }) };
      // Every form's route answers alike, so one form's route types the answer; `Submission<K>` types the body.
      const call = api.POST(`/v2/${kind}` as '/v2/ustva', { body: body as Submission<'ustva'>, params: { header } });
      const { response } = await call;
      return { ...(await unwrap(call)), replayed: response.headers.get('idempotent-replayed') === 'true' };
    },
    validate<K extends Kind>(kind: K, body: Submission<K>, { nutzdaten = false } = {}) {
      const params = { query: nutzdaten ? { include: 'nutzdaten' as const } : {} };
      return unwrap(api.POST(`/v2/${kind}/validate` as '/v2/ustva/validate', { body: body as Submission<'ustva'>, params }));
    },
    status,
    ticket: (id: string) => unwrap(api.GET('/v2/ticket/{ticket}', ticket(id))),
    /** One page of the client's tickets, newest first; pass its `next_cursor` as `cursor` for the next. */
    tickets: (query: TicketListQuery = {}) => unwrap(api.GET('/v2/tickets', { params: { query } })),
    /** Every ticket matching the filters, newest first, page after page until the last. */
    allTickets: (query: Omit<TicketListQuery, 'cursor'> = {}): AsyncIterable<TicketMetadata> =>
      everyPage(async (cursor) => {
        const page = await unwrap(api.GET('/v2/tickets', { params: { query: { ...query, cursor } } }));
        return [page.tickets, page.next_cursor];
      }),
    /** The client's events, newest first; with `after` (an answer's `follow_cursor`) those that followed it, waiting up to `wait` seconds. */
    events: (query: EventListQuery = {}) => unwrap(api.GET('/v2/events', { params: { query } })),
    /** The PDF transfer protocol of a delivered ticket. */
    protocol: async (id: string) =>
      new Uint8Array(await content(api.GET('/v2/protocol/{ticket}', { ...ticket(id), headers: { accept: 'application/pdf' }, parseAs: 'arrayBuffer' }))),
    /** Every attempt at posting the ticket's webhook, oldest first. */
    webhooks: (id: string) => unwrap(api.GET('/v2/ticket/{ticket}/webhooks', ticket(id))),
    /** Sends a delivered ticket's webhook again, as a new delivery (its `webhook_id`); refused (409) while one is under way. */
    resendWebhook: (id: string) => unwrap(api.POST('/v2/ticket/{ticket}/webhooks', ticket(id))),
    /** The Nutzdaten XML a delivered ticket was transmitted with. */
    nutzdaten: (id: string) => content(api.GET('/v2/ticket/{ticket}/nutzdaten', { ...ticket(id), headers: { accept: 'application/xml' }, parseAs: 'text' })),
    certificates: {
      add: (upload: CertificateUpload) => unwrap(api.POST('/v2/certificates', { body: upload })),
      /** Every certificate of the client, newest first, page after page until the last. */
      async list() {
        const certificates: Certificate[] = [];
        const pages = everyPage(async (cursor) => {
          const page = await unwrap(api.GET('/v2/certificates', { params: { query: { cursor } } }));
          return [page.certificates, page.next_cursor];
        });
        for await (const one of pages) certificates.push(one);
        return certificates;
      },
      get: (id: string) => unwrap(api.GET('/v2/certificates/{certificate_id}', certificate(id))),
      remove: (id: string) => unwrap(api.DELETE('/v2/certificates/{certificate_id}', certificate(id))),
    },
    mailbox: {
      /** Starts a check of an ELSTER mailbox (202): it runs on the service's queue; `get` says how far it got. */
      startCheck: (request: MailboxCheckRequest = {}) => unwrap(api.POST('/v2/mailbox/checks', { body: request })),
      getCheck: mailboxCheck,
      check,
    },
    notices: {
      /** One page of the client's notices, newest first; pass its `next_cursor` as `cursor` for the next. */
      list: (query: NoticeListQuery = {}) => unwrap(api.GET('/v2/notices', { params: { query } })),
      /** Every notice matching the filters, newest first, page after page until the last. */
      all: (query: Omit<NoticeListQuery, 'cursor'> = {}): AsyncIterable<Notice> =>
        everyPage(async (cursor) => {
          const page = await unwrap(api.GET('/v2/notices', { params: { query: { ...query, cursor } } }));
          return [page.notices, page.next_cursor];
        }),
      /** A notice's metadata and its files' sizes and SHA-256, never their content. */
      get: (id: string) => unwrap(api.GET('/v2/notices/{notice_id}', notice(id))),
      /** The data package as ELSTER sent it (XML), as a stream, a large one from its download URL. */
      data: async (id: string) =>
        noticeFile(
          await api.GET('/v2/notices/{notice_id}/data', { ...notice(id), headers: { accept: 'application/xml' }, parseAs: 'stream', redirect: 'manual' }),
          retrying,
        ),
      /** The data package's values by element name, where the service reads its format (else `values` is null), beside its XML. */
      values: (id: string) =>
        unwrap(api.GET('/v2/notices/{notice_id}/data', { ...notice(id), headers: { accept: 'application/json' } }) as Promise<Answer<{ data: NoticeData }>>),
      /** Attachment `n` (from 1; the notice as a PDF) as a stream, a large one from its download URL. */
      attachment: async (id: string, n = 1) =>
        noticeFile(
          await api.GET('/v2/notices/{notice_id}/attachments/{n}', { params: { path: { notice_id: id, n } }, parseAs: 'stream', redirect: 'manual' }),
          retrying,
        ),
      /** The notices answering a ticket's filing. */
      ofTicket: noticesOf,
      /**
       * The notices answering the ticket's filing, running mailbox checks until one is stored: see
       * NoticeWaitOptions; throws NoticeWaitTimeout, or FilingNotDelivered for a filing that ended badly.
       */
      waitFor: (id: string, waitOptions?: NoticeWaitOptions) =>
        waitForNotices(
          {
            noticesOf,
            ticket: (ticketId) => unwrap(api.GET('/v2/ticket/{ticket}', ticket(ticketId))),
            waitForTicket: (ticketId, options) => waitForTicket(status, ticketId, options),
            check: (request, options) => check(request, options),
          },
          id,
          waitOptions,
        ),
    },
    /**
     * Uploads a PDF for a letter apart from the JSON body (`POST /v2/attachments`, then a PUT of its
     * bytes to the URL answered, which takes only them): its ID, to name in the letter's
     * `anhaenge.anhang` as `attachment_id`, once. A refused upload throws SteuerboteError with S3's code.
     */
    async uploadAttachment(name: string, bytes: Uint8Array): Promise<string> {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const { attachment_id, upload } = await unwrap(
        api.POST('/v2/attachments', { body: { name, content_type: 'application/pdf', size: bytes.length, sha256 } }),
      );
      // The body sets Content-Length itself; fetch refuses it as a header.
      const { 'content-length': _length, ...headers } = upload.headers;
      const answer = await fetch(new Request(upload.url, { method: upload.method, headers, body: bytes }));
      if (!answer.ok) {
        const text = await answer.text();
        const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? 'UPLOAD_FAILED';
        throw new SteuerboteError(answer.status, code, `The upload URL refused the file (${code})`);
      }
      return attachment_id;
    },
    version: () => unwrap(api.GET('/v2/version')),
    /** Follows the ticket until `delivered`, `rejected` or `failed`; throws TicketWaitTimeout after `timeoutMs`. */
    waitForTicket: (id: string, waitOptions?: WaitOptions) => waitForTicket(status, id, waitOptions),
  };
}

export type Steuerbote = ReturnType<typeof createSteuerbote>;
