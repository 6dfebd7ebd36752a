import type { Notifier, NotifyResult } from '#shared/ports.ts';

/** POSTs a webhook; redirects are failures, and the answer's body is never read. */
export class HttpNotifier implements Notifier {
  async notify(request: { url: string; body: string; headers: Record<string, string>; timeoutMs: number }): Promise<NotifyResult> {
    try {
      const response = await fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(request.timeoutMs),
      });
      // Only the status matters; dropping the body frees the connection without buffering it.
      await response.body?.cancel();
      return { status: response.status, retryAfter: response.headers.get('retry-after') ?? undefined };
    } catch (error) {
      return { error: error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable' };
    }
  }
}
