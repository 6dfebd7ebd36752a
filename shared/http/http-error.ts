import type { Finding } from '#shared/domain/ticket.ts';

/** An error meant for the caller: its status, code and message end up in the envelope as they are. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly code: string;
  readonly details: Finding[];
  readonly headers: Record<string, string>;
  readonly data: unknown;

  constructor(status: number, code: string, message: string, options: { details?: Finding[]; headers?: Record<string, string>; data?: unknown } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = options.details ?? [];
    this.headers = options.headers ?? {};
    this.data = options.data ?? null;
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, 'NOT_FOUND', message);
