// Follows a ticket or a mailbox check until it has finished, asking less often the longer it takes.
import { TicketWaitTimeout } from './errors.ts';
import type { TicketStatus } from './types.ts';

export const finishedStatuses: ReadonlySet<string> = new Set(['delivered', 'rejected', 'failed']);

export interface WaitOptions<S = TicketStatus> {
  /** Give up after this long (the work goes on). @default 300000 */
  timeoutMs?: number;
  /** The longest pause between two looks; the first ones are shorter. @default 2000 */
  intervalMs?: number;
  /** Told the status when first seen and at every change. */
  onStatus?: (status: S) => void;
  sleep?: (ms: number) => Promise<void>;
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Reads until `finished` says so; after `timeoutMs`, throws what `timedOut` makes of the last status seen. */
export async function waitUntil<S extends { status: string }>(
  read: () => Promise<S>,
  finished: (status: string) => boolean,
  timedOut: (lastStatus: string | undefined, timeoutMs: number) => Error,
  options: WaitOptions<S> = {},
): Promise<S> {
  const { timeoutMs = 300_000, intervalMs = 2000, onStatus, sleep = pause } = options;
  const deadline = Date.now() + timeoutMs;
  let pauseMs = Math.min(250, intervalMs);
  let seen: string | undefined;
  for (;;) {
    const current = await read();
    if (current.status !== seen) {
      seen = current.status;
      onStatus?.(current);
    }
    if (finished(current.status)) return current;
    if (Date.now() + pauseMs > deadline) throw timedOut(seen, timeoutMs);
    await sleep(pauseMs);
    pauseMs = Math.min(intervalMs, pauseMs * 2);
  }
}

export function waitForTicket(read: (ticket: string) => Promise<TicketStatus>, ticket: string, options: WaitOptions = {}): Promise<TicketStatus> {
  return waitUntil(
    () => read(ticket),
    (status) => finishedStatuses.has(status),
    (lastStatus, timeoutMs) => new TicketWaitTimeout(ticket, lastStatus, timeoutMs),
    options,
  );
}
