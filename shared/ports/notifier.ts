export interface NotifyResult {
  /** HTTP status, or undefined when no answer came (timeout, refused connection). */
  status?: number;
  /** The receiver's `Retry-After` header, if it sent one. */
  retryAfter?: string;
  error?: string;
}

export interface Notifier {
  notify(request: { url: string; body: string; headers: Record<string, string>; timeoutMs: number }): Promise<NotifyResult>;
}
