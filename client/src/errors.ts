// What a call can end in besides its result: the service's answer in the envelope, or no answer at all.
import type { components } from './generated/openapi.ts';

export type Finding = components['schemas']['Finding'];

interface Envelope {
  message?: unknown;
  request_id?: unknown;
  data?: unknown;
  error?: { code?: unknown; details?: unknown };
}

/** The service answered with an error envelope (or, from a proxy in front of it, with no envelope at all). */
export class SteuerboteError extends Error {
  override readonly name = 'SteuerboteError';
  readonly status: number;
  readonly code: string;
  readonly details: readonly Finding[];
  readonly requestId: string | undefined;
  /** What the envelope's `data` held: on 409 for a ticket, its `status` (and `error`). */
  readonly data: unknown;
  /** The answer's `Retry-After` as sent (seconds or an HTTP date; `retryAfterMs` reads it): on 423 when the lock ends. */
  readonly retryAfter: string | undefined;

  constructor(status: number, code: string, message: string, details: readonly Finding[] = [], requestId?: string, data: unknown = null, retryAfter?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.requestId = requestId;
    this.data = data;
    this.retryAfter = retryAfter;
  }

  /** From an error answer's body, whatever it turned out to be. */
  static from(response: Response, body: unknown): SteuerboteError {
    const envelope = (typeof body === 'object' && body !== null ? body : {}) as Envelope;
    const requestId = typeof envelope.request_id === 'string' ? envelope.request_id : (response.headers.get('x-request-id') ?? undefined);
    const retryAfter = response.headers.get('retry-after') ?? undefined;
    if (typeof envelope.error?.code === 'string') {
      const details = Array.isArray(envelope.error.details) ? (envelope.error.details as Finding[]) : [];
      const message = typeof envelope.message === 'string' ? envelope.message : envelope.error.code;
      return new SteuerboteError(response.status, envelope.error.code, message, details, requestId, envelope.data ?? null, retryAfter);
    }
    const text = typeof body === 'string' ? body.trim().slice(0, 200) : '';
    return new SteuerboteError(response.status, `HTTP_${response.status}`, text || `The service answered ${response.status}`, [], requestId, null, retryAfter);
  }
}

/**
 * The system's reason why fetch got no answer (`ECONNREFUSED`, `ENOTFOUND`, …), which fetch keeps in
 * `cause`; `ERR_BAD_PORT` when fetch itself would not connect, to a port the Fetch standard bars (9, 6000, …).
 */
export function failureCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  return cause?.message === 'bad port' ? 'ERR_BAD_PORT' : undefined;
}

/**
 * No answer came: nothing listens at a local address (told at once), or the service could not be
 * reached, or the connection broke, on every try.
 */
export class SteuerboteUnreachable extends Error {
  override readonly name = 'SteuerboteUnreachable';
  readonly url: string;
  /** The system's reason, e.g. `ECONNREFUSED` (nothing listens), `ENOTFOUND` (no such host), when it gave one; `ERR_BAD_PORT` (see failureCode). */
  readonly code: string | undefined;

  constructor(url: string, cause: unknown) {
    const reason = cause instanceof Error ? ((cause.cause as Error | undefined)?.message ?? cause.message) : String(cause);
    super(`Could not reach ${url}: ${reason}`, { cause });
    this.url = url;
    this.code = failureCode(cause);
  }
}

/** `waitForTicket` gave up before the ticket finished; the ticket goes on without it. */
export class TicketWaitTimeout extends Error {
  override readonly name = 'TicketWaitTimeout';
  readonly ticket: string;
  readonly lastStatus: string | undefined;

  constructor(ticket: string, lastStatus: string | undefined, timeoutMs: number) {
    super(`Ticket ${ticket} was still ${lastStatus ?? 'unknown'} after ${Math.round(timeoutMs / 1000)} s`);
    this.ticket = ticket;
    this.lastStatus = lastStatus;
  }
}

/** `mailbox.check` gave up before the check was done; the check goes on without it. */
export class MailboxCheckWaitTimeout extends Error {
  override readonly name = 'MailboxCheckWaitTimeout';
  readonly checkId: string;
  readonly lastStatus: string | undefined;

  constructor(checkId: string, lastStatus: string | undefined, timeoutMs: number) {
    super(`Mailbox check ${checkId} was still ${lastStatus ?? 'unknown'} after ${Math.round(timeoutMs / 1000)} s`);
    this.checkId = checkId;
    this.lastStatus = lastStatus;
  }
}

/** `waitForNotices` found no notice answering the ticket within `timeoutMs`, after `checks` mailbox checks. */
export class NoticeWaitTimeout extends Error {
  override readonly name = 'NoticeWaitTimeout';
  readonly ticket: string;
  readonly checks: number;

  constructor(ticket: string, checks: number, timeoutMs: number) {
    super(`No notice answered ${ticket} after ${Math.round(timeoutMs / 1000)} s and ${checks} mailbox check${checks === 1 ? '' : 's'}`);
    this.ticket = ticket;
    this.checks = checks;
  }
}

/** `waitForNotices` was asked about a filing that ended `rejected` or `failed`: no notice answers it. */
export class FilingNotDelivered extends Error {
  override readonly name = 'FilingNotDelivered';
  readonly ticket: string;
  readonly status: string;

  constructor(ticket: string, status: string) {
    super(`${ticket} ended ${status}: no notice answers it`);
    this.ticket = ticket;
    this.status = status;
  }
}
