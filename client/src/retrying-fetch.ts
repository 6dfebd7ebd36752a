// Retries what a retry can cure: no answer, a throttled or overloaded service, a proxy between deploys.
// Not a refused connection or an unknown name on this machine: nothing listens there, and waiting
// would only delay saying so. Nor a port fetch itself will not connect to (9, 6000, …): no try can.
// A POST is retried too: every POST carries an Idempotency-Key (see client.ts), so the service files it
// at most once however often it arrives.
import { failureCode, SteuerboteUnreachable } from './errors.ts';

export interface RetryOptions {
  /** Tries after the first. @default 5 */
  retries?: number;
  /** The first backoff when the service names no wait; it doubles with each try, with jitter. @default 500 */
  baseDelayMs?: number;
  /** No single wait is longer, whatever `Retry-After` says. @default 60000 */
  maxDelayMs?: number;
  /** Told before each wait, e.g. to show that a 429 is being waited out. */
  onRetry?: (retry: { attempt: number; delayMs: number; status?: number; url: string }) => void;
  sleep?: (ms: number) => Promise<void>;
}

type Fetch = (request: Request) => Promise<Response>;

// Not 423 `CERTIFICATE_PIN_LOCKED`: a certificate locked after wrong PINs stays locked for an hour,
// and a retry would only be refused again (or, with a PIN, tried on nothing); the caller decides.
const retriedStatuses = new Set([429, 502, 503, 504]);

/** 409 `IDEMPOTENCY_IN_PROGRESS` names its wait: the first request with the key is still creating the ticket. */
const worthRetrying = (response: Response) => retriedStatuses.has(response.status) || (response.status === 409 && response.headers.has('retry-after'));

const loopback = (hostname: string) =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);

const nothingListens = (url: string, error: unknown) => loopback(new URL(url).hostname) && ['ECONNREFUSED', 'ENOTFOUND'].includes(failureCode(error) ?? '');

/** `Retry-After` as seconds or as an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function retryingFetch(fetchOnce: Fetch, options: RetryOptions = {}): Fetch {
  const { retries = 5, baseDelayMs = 500, maxDelayMs = 60_000, onRetry, sleep = pause } = options;
  const backoff = (attempt: number) => Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
  return async (request) => {
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        // A body can be read once: each try sends a copy, the original stays for the next.
        response = await fetchOnce(request.clone());
      } catch (error) {
        if (request.signal.aborted) throw error;
        if (attempt > retries || nothingListens(request.url, error) || failureCode(error) === 'ERR_BAD_PORT')
          throw new SteuerboteUnreachable(request.url, error);
        const delayMs = backoff(attempt);
        onRetry?.({ attempt, delayMs, url: request.url });
        await sleep(delayMs);
        continue;
      }
      if (attempt > retries || !worthRetrying(response)) return response;
      const delayMs = Math.min(maxDelayMs, retryAfterMs(response.headers.get('retry-after')) ?? backoff(attempt));
      await response.body?.cancel();
      onRetry?.({ attempt, delayMs, status: response.status, url: request.url });
      await sleep(delayMs);
    }
  };
}
