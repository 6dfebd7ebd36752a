import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { responseExcerptBytes, type NetworkError, type Notifier, type NotifyResult } from '#shared/ports/notifier.ts';

/**
 * POSTs a webhook; redirects are failures, and of the answer's body only the first
 * `responseExcerptBytes` are kept. Through node:http rather than fetch, which costs about twice the
 * CPU per request (BENCHMARKS.md, 2026-11-25, third part); both keep connections alive between
 * deliveries.
 */
export class HttpNotifier implements Notifier {
  notify(request: { url: string; body: string; headers: Record<string, string>; timeoutMs: number }): Promise<NotifyResult> {
    const signal = AbortSignal.timeout(request.timeoutMs);
    return new Promise((resolve) => {
      const failed = (error?: NodeJS.ErrnoException) => resolve({ error: signal.aborted ? 'timeout' : networkError(error) });
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        return resolve({ error: 'invalid_url' });
      }
      const send = url.protocol === 'https:' ? httpsRequest : url.protocol === 'http:' ? httpRequest : undefined;
      if (!send) return resolve({ error: 'invalid_url' });
      const body = Buffer.from(request.body, 'utf8');
      try {
        const outgoing = send(url, { method: 'POST', headers: { ...request.headers, 'content-length': String(body.length) }, signal }, (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const answered = () =>
            resolve({
              status: response.statusCode!,
              retryAfter: response.headers['retry-after'],
              ...(size > 0 && { excerpt: Buffer.concat(chunks).subarray(0, responseExcerptBytes).toString('utf8') }),
            });
          // The rest of the body is drained unread, which frees the connection for the next delivery.
          response.on('data', (chunk: Buffer) => {
            if (size >= responseExcerptBytes) return;
            chunks.push(chunk);
            size += chunk.length;
            if (size >= responseExcerptBytes) answered();
          });
          response.on('end', answered);
          // An answer cut off (or too slow to finish) still has its status: what came is kept.
          response.on('error', answered);
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

function networkError(error: NodeJS.ErrnoException | undefined): NetworkError {
  const code = error?.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection_reset';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (code === 'ETIMEDOUT') return 'timeout';
  if (/CERT|TLS|SSL/.test(code)) return 'tls';
  return 'unreachable';
}
