import { describe, expect, it, vi } from 'vitest';
import { orphanGraceSeconds, orphanWindowSeconds, sweepOrphanedSubmissions, sweepSubmissions } from '#shared/retention/sweep.ts';
import { leaseMs, replayWindowSeconds } from '#shared/submission/idempotency.ts';
import type { Ticket } from '#shared/domain/ticket.ts';
import { MemoryStoredBodyNotes, MemoryFilingStore, MemoryTicketStore, MemoryWebhookAttemptStore, aTicket } from '#test/fakes.ts';

const now = new Date('2026-05-01T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
const hour = { submissionRetentionSeconds: 3600, protocolRetentionDays: 3653 };

async function world(tickets: Partial<Ticket>[], retention = hour) {
  const store = new MemoryTicketStore();
  const filings = new MemoryFilingStore();
  const notes = new MemoryStoredBodyNotes();
  const attempts = new MemoryWebhookAttemptStore();
  for (const [i, overrides] of tickets.entries()) {
    const ticket = aTicket({ ticket: `tk_${String(i).padStart(22, '0')}`, ...overrides });
    await store.create(ticket);
    await filings.put(ticket.ticket, { tax_number: '9198011310010' });
  }
  const sweep = async (stopAt?: number) => (await sweepSubmissions({ tickets: store, filings, notes, attempts, retention, now: () => now, stopAt })).deleted;
  return { store, filings, notes, attempts, sweep, id: (i: number) => `tk_${String(i).padStart(22, '0')}` };
}

describe('sweepSubmissions', () => {
  it('deletes the bodies of tickets finished longer ago than the retention, and notes it on the ticket', async () => {
    const { store, filings, sweep, id } = await world([
      { status: 'delivered', updated_at: ago(3601) },
      { status: 'rejected', updated_at: ago(7200) },
      { status: 'failed', updated_at: ago(86_400) },
    ]);
    expect(await sweep()).toBe(3);
    for (const i of [0, 1, 2]) {
      expect(await filings.get(id(i))).toBeUndefined();
      expect((await store.get(id(i)))!.submission_deleted_at).toBe(now.toISOString());
    }
  });

  it("gives the ticket's webhook attempts its expiry, and an excerpt expiring sooner keeps its own", async () => {
    const { store, attempts, sweep, id } = await world([{ status: 'delivered', updated_at: ago(7200) }]);
    const attempt = { webhook_id: 'msg_1', attempt: 1, attempted_at: ago(7000), host: 'hooks.example', duration_ms: 5, outcome: 'delivered' as const };
    await attempts.record(id(0), attempt, { excerpt: 1000 });
    expect(await sweep()).toBe(1);
    const expiresAt = (await store.get(id(0)))!.expires_at!;
    expect(expiresAt).toBe(Math.floor(now.getTime() / 1000) + hour.protocolRetentionDays * 86_400);
    expect(attempts.kept.get(id(0))).toEqual([{ attempt, expiry: { attempt: expiresAt, excerpt: 1000 } }]);
  });

  it('keeps the bodies of tickets finished within the retention and of every unfinished ticket, however old', async () => {
    const { store, filings, sweep, id } = await world([
      { status: 'delivered', updated_at: ago(3599) },
      { status: 'queued', updated_at: ago(86_400) },
      { status: 'processing', updated_at: ago(86_400), lease_until: ago(86_000) },
    ]);
    expect(await sweep()).toBe(0);
    for (const i of [0, 1, 2]) {
      expect(await filings.get(id(i))).toBeDefined();
      expect((await store.get(id(i)))!.submission_deleted_at).toBeUndefined();
    }
  });

  it('deletes each body once: a swept ticket is not visited again', async () => {
    const { filings, sweep } = await world([{ status: 'delivered', updated_at: ago(7200) }]);
    const deletes = vi.spyOn(filings, 'delete');
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    expect(deletes).toHaveBeenCalledTimes(1);
  });

  it('notes nothing when the delete fails, so the next run tries again', async () => {
    const { store, filings, sweep, id } = await world([{ status: 'failed', updated_at: ago(7200) }]);
    vi.spyOn(filings, 'delete').mockRejectedValueOnce(new Error('S3 unavailable'));
    await expect(sweep()).rejects.toThrow('S3 unavailable');
    expect((await store.get(id(0)))!.submission_deleted_at).toBeUndefined();
    expect(await sweep()).toBe(1);
    expect(await filings.get(id(0))).toBeUndefined();
  });

  it('stops taking tickets once its time is up, and the next run goes on with those left', async () => {
    const { store, filings, notes, attempts, id } = await world(Array.from({ length: 40 }, () => ({ status: 'delivered' as const, updated_at: ago(7200) })));
    const run = (stopAt?: number) => sweepSubmissions({ tickets: store, filings, notes, attempts, retention: hour, now: () => now, stopAt });
    const cut = await run(Date.now() - 1);
    // One ticket at least, and those it had begun when its time was up.
    expect(cut.done).toBe(false);
    expect(cut.deleted).toBeGreaterThan(0);
    expect(cut.deleted).toBeLessThan(40);
    expect(await run()).toEqual({ deleted: 40 - cut.deleted, done: true });
    for (let i = 0; i < 40; i++) expect(await filings.get(id(i))).toBeUndefined();
  });

  it('looks at several tickets at once', async () => {
    const { filings, sweep } = await world(Array.from({ length: 20 }, () => ({ status: 'delivered' as const, updated_at: ago(7200) })));
    let running = 0;
    let most = 0;
    const remove = filings.delete.bind(filings);
    vi.spyOn(filings, 'delete').mockImplementation(async (ticket) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      await remove(ticket);
    });
    expect(await sweep()).toBe(20);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(16);
  });

  it('with a retention of zero, deletes at the next run after the ticket finished', async () => {
    const { filings, sweep, id } = await world([{ status: 'delivered', updated_at: ago(1) }], { ...hour, submissionRetentionSeconds: 0 });
    expect(await sweep()).toBe(1);
    expect(await filings.get(id(0))).toBeUndefined();
  });
});

describe('sweepOrphanedSubmissions', () => {
  const grace = orphanGraceSeconds;

  /** Bodies stored and noted `ages` seconds ago, beside tickets whose bodies were noted as old. */
  async function bodies(ages: Record<string, number>, tickets: Partial<Ticket>[] = [], ticketAge = grace + 60) {
    const { store, filings, notes } = await world(tickets);
    for (const ticket of store.tickets.keys()) await notes.note(ticket, new Date(ago(ticketAge)));
    for (const [ticket, age] of Object.entries(ages)) {
      await notes.note(ticket, new Date(ago(age)));
      await filings.put(ticket, { tax_number: '9198011310010' });
    }
    const sweep = async (stopAt?: number) => (await sweepOrphanedSubmissions({ tickets: store, filings, notes, now: () => now, stopAt })).deleted;
    return { store, filings, notes, sweep };
  }

  it('outlasts every retry that could still create the ticket: the idempotency window and its lease', () => {
    expect(grace).toBeGreaterThan(replayWindowSeconds + leaseMs / 1000);
  });

  it('deletes a body older than the grace that no ticket holds, and keeps a younger one', async () => {
    const { filings, sweep } = await bodies({ tk_old: grace + 1, tk_young: grace - 60 });
    expect(await sweep()).toBe(1);
    expect(await filings.get('tk_old')).toBeUndefined();
    expect(await filings.get('tk_young')).toBeDefined();
  });

  it("keeps every ticket's body, finished or not", async () => {
    const { filings, sweep } = await bodies({}, [{ status: 'queued' }, { status: 'delivered', updated_at: ago(60) }]);
    expect(await sweep()).toBe(0);
    expect(filings.bodies.size).toBe(2);
  });

  it('looks at a body only while its note is within the window after the grace, by its ticket alone', async () => {
    const { store, filings, sweep } = await bodies({ tk_checked: grace + orphanWindowSeconds + 60, tk_due: grace + orphanWindowSeconds - 60 });
    const lookups = vi.spyOn(store, 'get');
    expect(await sweep()).toBe(1);
    expect(await filings.get('tk_checked')).toBeDefined();
    expect(await filings.get('tk_due')).toBeUndefined();
    expect(lookups.mock.calls).toEqual([['tk_due']]);
  });

  it('finds bodies by their notes alone, never by what the bucket holds', async () => {
    const { filings, sweep } = await bodies({});
    // Stored without a note: no submission stores a body so, and the sweep does not look for one.
    await filings.put('tk_unnoted', { tax_number: '9198011310010' });
    expect(await sweep()).toBe(0);
    expect(await filings.get('tk_unnoted')).toBeDefined();
  });

  it('takes a note whose body was never stored in its stride', async () => {
    const { notes, sweep } = await bodies({});
    await notes.note('tk_never_stored', new Date(ago(grace + 60)));
    expect(await sweep()).toBe(1);
  });

  it('goes on where the last run left off, each body looked at once, a page at least a run', async () => {
    const ages = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`tk_orphan${String(i).padStart(3, '0')}`, grace + 60 + i]));
    const { store, notes, filings } = await bodies(ages);
    const lookups = vi.spyOn(store, 'get');
    const run = (stopAt?: number) => sweepOrphanedSubmissions({ tickets: store, filings, notes, now: () => now, stopAt });
    expect(await run(Date.now() - 1)).toEqual({ deleted: 100, done: false });
    expect(notes.checkedAt.version).toBe(1);
    expect(await run(Date.now() - 1)).toEqual({ deleted: 100, done: false });
    expect(await run()).toEqual({ deleted: 50, done: true });
    expect(filings.bodies.size).toBe(0);
    expect(lookups).toHaveBeenCalledTimes(250);
    expect(await run()).toEqual({ deleted: 0, done: true });
    expect(lookups).toHaveBeenCalledTimes(250);
  });

  it('leaves the rest to a run that moved the position on first', async () => {
    const { store, notes, filings } = await bodies({ tk_a: grace + 60 });
    vi.spyOn(notes, 'checked').mockResolvedValue(false);
    expect(await sweepOrphanedSubmissions({ tickets: store, filings, notes, now: () => now })).toEqual({ deleted: 1, done: false });
  });

  it('deletes a body put again under a ticket whose submission was swept already', async () => {
    const { filings, sweep } = await bodies({}, [{ status: 'delivered', submission_deleted_at: ago(grace * 2) }]);
    expect(await sweep()).toBe(1);
    expect(filings.bodies.size).toBe(0);
  });
});
