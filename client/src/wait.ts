// Follows a ticket until it has finished, asking less often the longer it takes.
import { TicketWaitTimeout } from './errors.ts';
import type { TicketStatus } from './types.ts';

export const finishedStatuses: ReadonlySet<string> = new Set(['delivered', 'rejected', 'failed']);

export interface WaitOptions {
  /** Give up after this long (the ticket goes on). @default 300000 */
  timeoutMs?: number;
  /** The longest pause between two looks; the first ones are shorter. @default 2000 */
  intervalMs?: number;
  /** Told the status when first seen and at every change. */
  onStatus?: (status: TicketStatus) => void;
  sleep?: (ms: number) => Promise<void>;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitForTicket(read: (ticket: string) => Promise<TicketStatus>, ticket: string, options: WaitOptions = {}): Promise<TicketStatus> {
  const { timeoutMs = 300_000, intervalMs = 2000, onStatus, sleep = pause } = options;
  const deadline = Date.now() + timeoutMs;
  let pauseMs = Math.min(250, intervalMs);
  let seen: string | undefined;
  for (;;) {
    const current = await read(ticket);
    if (current.status !== seen) {
      seen = current.status;
      onStatus?.(current);
    }
    if (finishedStatuses.has(current.status)) return current;
    if (Date.now() + pauseMs > deadline) throw new TicketWaitTimeout(ticket, seen, timeoutMs);
    await sleep(pauseMs);
    pauseMs = Math.min(intervalMs, pauseMs * 2);
  }
}
