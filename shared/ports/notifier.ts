/** How much of a receiver's answer is kept, to show with its attempt: enough to read an error, little of anything else. */
export const responseExcerptBytes = 256;

/** Why no answer came: the classes `GET /v2/ticket/{ticket}/webhooks` shows for a network error. */
export type NetworkError = 'timeout' | 'connection_refused' | 'connection_reset' | 'dns' | 'tls' | 'invalid_url' | 'unreachable';

export interface NotifyResult {
  /** HTTP status, or undefined when no answer came (timeout, refused connection). */
  status?: number;
  /** The receiver's `Retry-After` header, if it sent one. */
  retryAfter?: string;
  /** The answer's first `responseExcerptBytes` bytes as UTF-8, when it had a body. */
  excerpt?: string;
  error?: NetworkError;
}

export interface Notifier {
  notify(request: { url: string; body: string; headers: Record<string, string>; timeoutMs: number }): Promise<NotifyResult>;
}
