import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Notifier, NotifyResult } from '#shared/ports/notifier.ts';

/**
 * POSTs a webhook; redirects are failures, and the answer's body is never read. Through node:http
 * rather than fetch, which costs about twice the CPU per request (BENCHMARKS.md, 2026-11-25, third
 * part); both keep connections alive between deliveries.
 */
export class HttpNotifier implements Notifier {
  notify(request: { url: string; body: string; headers: Record<string, string>; timeoutMs: number }): Promise<NotifyResult> {
    const signal = AbortSignal.timeout(request.timeoutMs);
    return new Promise((resolve) => {
      const failed = () => resolve({ error: signal.aborted ? 'timeout' : 'unreachable' });
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        return failed();
      }
      const send = url.protocol === 'https:' ? httpsRequest : url.protocol === 'http:' ? httpRequest : undefined;
      if (!send) return failed();
      const body = Buffer.from(request.body, 'utf8');
      try {
        const outgoing = send(url, { method: 'POST', headers: { ...request.headers, 'content-length': String(body.length) }, signal }, (response) => {
          // Only the status matters; the body is drained unread, which frees the connection for the next delivery.
          response.resume();
          resolve({ status: response.statusCode!, retryAfter: response.headers['retry-after'] });
        });
        outgoing.on('error', failed);
        outgoing.end(body);
      } catch {
        // A header value the receiver's URL or the caller's setting made unsendable.
        failed();
      }
    });
  }
}
