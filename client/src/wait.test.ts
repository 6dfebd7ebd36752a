import { describe, expect, it } from 'vitest';
import { TicketWaitTimeout } from './errors.ts';
import type { TicketStatus } from './types.ts';
import { waitForTicket } from './wait.ts';

const at = (status: TicketStatus['status']): TicketStatus => ({ ticket: 'tk_AAAAAAAAAAAAAAAAAAAAAA', status, updated_at: '2026-11-24T10:00:00Z', attempts: 1 });

describe('waitForTicket', () => {
  it('asks until the ticket has finished, telling each new status once, with pauses growing to intervalMs', async () => {
    const answers = ['queued', 'queued', 'processing', 'processing', 'processing', 'delivered'] as const;
    const seen: string[] = [];
    const pauses: number[] = [];
    let asked = 0;
    const final = await waitForTicket(async () => at(answers[asked++]!), 'tk_AAAAAAAAAAAAAAAAAAAAAA', {
      intervalMs: 1000,
      onStatus: ({ status }) => seen.push(status),
      sleep: async (ms) => void pauses.push(ms),
    });
    expect(final.status).toBe('delivered');
    expect(seen).toEqual(['queued', 'processing', 'delivered']);
    expect(pauses).toEqual([250, 500, 1000, 1000, 1000]);
  });

  it('gives up after timeoutMs with the last status it saw', async () => {
    const waiting = waitForTicket(async () => at('processing'), 'tk_AAAAAAAAAAAAAAAAAAAAAA', { timeoutMs: 50, intervalMs: 20 });
    await expect(waiting).rejects.toBeInstanceOf(TicketWaitTimeout);
    await expect(waiting).rejects.toMatchObject({ lastStatus: 'processing', ticket: 'tk_AAAAAAAAAAAAAAAAAAAAAA' });
  });
});
