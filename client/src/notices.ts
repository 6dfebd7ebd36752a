// What the client does with the tax office's notices beyond single calls: a notice's file as a stream
// (a large one from the download URL the service redirects to), and waiting for the notice that
// answers a filing, running mailbox checks while there is none.
import { FilingNotDelivered, NoticeWaitTimeout, SteuerboteError } from './errors.ts';
import type { MailboxCheck, MailboxCheckRequest, Notice, TicketMetadata, TicketStatus } from './types.ts';
import { pause } from './wait.ts';

export interface NoticeFile {
  /** The file's bytes as they arrive: read it once, never whole in memory. */
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** Its size, when the answer says it. */
  size: number | undefined;
}

type Fetch = (request: Request) => Promise<Response>;

/**
 * The file of an attachment's answer: 200 carries it; 302 names a short-lived download URL, fetched
 * without the API key (it is signed itself, and the key is for the service alone).
 */
export async function noticeFile(answer: { response: Response; error?: unknown }, fetch: Fetch): Promise<NoticeFile> {
  let { response } = answer;
  if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
    response = await fetch(new Request(new URL(response.headers.get('location')!, response.url || undefined)));
    if (!response.ok) throw SteuerboteError.from(response, await response.text());
  } else if (!response.ok || !response.body) throw SteuerboteError.from(response, answer.error);
  const length = response.headers.get('content-length');
  return {
    body: response.body!,
    contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    size: length === null ? undefined : Number(length),
  };
}

export interface NoticeWaitOptions {
  /** Give up after this long. @default 900000 */
  timeoutMs?: number;
  /** The longest pause between two mailbox checks; the first ones are shorter. @default 60000 */
  intervalMs?: number;
  /** Told each mailbox check once it has ended, `done` or `failed`. */
  onCheck?: (check: MailboxCheck) => void;
  /** Told the filing's status when first seen and at every change, while it is followed to its end. */
  onStatus?: (status: TicketStatus) => void;
  sleep?: (ms: number) => Promise<void>;
}

/** The calls waitForNotices makes, each as the client makes it. */
export interface NoticeCalls {
  noticesOf: (ticket: string) => Promise<Notice[]>;
  ticket: (ticket: string) => Promise<TicketMetadata>;
  waitForTicket: (ticket: string, options: { timeoutMs: number; onStatus?: (status: TicketStatus) => void }) => Promise<TicketStatus>;
  /** Runs a check and answers it once `done` or `failed`. */
  check: (request: MailboxCheckRequest, options: { timeoutMs: number }) => Promise<MailboxCheck>;
}

/**
 * The notices answering the ticket's filing: those stored already, else those the mailbox checks it
 * runs store. The filing is followed to its end first; each check reads the mailbox of the certificate
 * that signed it (the stage's own without one), with its Testmerker.
 */
export async function waitForNotices(calls: NoticeCalls, ticket: string, options: NoticeWaitOptions = {}): Promise<Notice[]> {
  const { timeoutMs = 900_000, intervalMs = 60_000, onCheck, onStatus, sleep = pause } = options;
  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(1, deadline - Date.now());
  let notices = await calls.noticesOf(ticket);
  if (notices.length > 0) return notices;
  let filing = await calls.ticket(ticket);
  if (filing.status !== 'delivered') {
    const final = await calls.waitForTicket(ticket, { timeoutMs: left(), onStatus });
    if (final.status !== 'delivered') throw new FilingNotDelivered(ticket, final.status);
    filing = await calls.ticket(ticket);
  }
  const request: MailboxCheckRequest = { test: filing.test, ...(filing.certificate_id && { certificate_id: filing.certificate_id }) };
  let pauseMs = Math.min(1000, intervalMs);
  for (let checks = 1; ; checks++) {
    onCheck?.(await calls.check(request, { timeoutMs: left() }));
    notices = await calls.noticesOf(ticket);
    if (notices.length > 0) return notices;
    if (Date.now() + pauseMs > deadline) throw new NoticeWaitTimeout(ticket, checks, timeoutMs);
    await sleep(pauseMs);
    pauseMs = Math.min(intervalMs, pauseMs * 2);
  }
}
