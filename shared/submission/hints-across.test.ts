import { describe, expect, it } from 'vitest';
import { newTicketId, taxNumberDigest, type Ticket } from '#shared/domain/ticket.ts';
import { profitPartners } from '#shared/forms/registry.ts';
import { hintsAcross, ticketsLookedAt } from '#shared/submission/hints-across.ts';
import { MemoryTicketStore, aTicket } from '#test/fakes.ts';

// The mechanism with a table of its own: a filing of `est` is held to those of `kst` here, whatever
// the registry pairs, so it is tried on forms that exist in every branch.
const partners = profitPartners('est', [['est', 'kst']]);
const figures = (profit: number, taxNumber = '9198011310010') => ({ tax_number_digest: taxNumberDigest(taxNumber), profit });
let minute = 0;
const earlier = (overrides: Partial<Ticket>) =>
  aTicket({ ticket: newTicketId(), kind: 'kst', year: 2024, created_at: new Date(Date.UTC(2025, 5, 1) + 60_000 * minute++).toISOString(), ...overrides });
const filing = (profit: number) =>
  aTicket({ ticket: newTicketId(), kind: 'est', year: 2024, year_figures: figures(profit), created_at: '2025-06-02T10:00:00.000Z' });

async function hintsFor(tickets: Ticket[], profit: number, pairs = partners) {
  const store = new MemoryTicketStore();
  for (const ticket of tickets) await store.create(ticket);
  return hintsAcross(store, filing(profit), pairs);
}

describe('hints across filings', () => {
  it('takes a pair whose forms are both in the registry, and leaves out a kind it does not list yet', () => {
    expect(partners).toEqual(['kst']);
    expect(profitPartners('kst', [['est', 'kst']])).toEqual(['est']);
    expect(profitPartners('est', [['est', 'no-such-form']])).toEqual([]);
  });

  it('names the other ticket, its kind and both figures where the profits differ by more than a euro', async () => {
    const other = earlier({ year_figures: figures(12345) });
    expect(await hintsFor([other], 12000.5)).toEqual([
      {
        path: '',
        code: 'PROFIT_DIFFERS',
        severity: 'hint',
        message: `The profit of this est filing (12000.50 euros) differs from that of the kst filing ${other.ticket} for the same tax number and year (12345.00 euros)`,
      },
    ]);
    expect(await hintsFor([other], 12344)).toEqual([]);
    expect(await hintsFor([other], 12346.5)).toHaveLength(1);
  });

  it('holds the filing to the newest of the paired form only', async () => {
    expect(await hintsFor([earlier({ year_figures: figures(1) }), earlier({ year_figures: figures(500) })], 500)).toEqual([]);
    expect(await hintsFor([earlier({ year_figures: figures(500) }), earlier({ year_figures: figures(1) })], 500)).toHaveLength(1);
  });

  it('counts filings on their way or delivered, not rejected or failed ones', async () => {
    for (const status of ['queued', 'processing', 'delivered'] as const)
      expect(await hintsFor([earlier({ status, year_figures: figures(1) })], 500)).toHaveLength(1);
    for (const status of ['rejected', 'failed'] as const) expect(await hintsFor([earlier({ status, year_figures: figures(1) })], 500)).toEqual([]);
  });

  it('holds it only to the same client, tax number, year and paired form', async () => {
    expect(await hintsFor([earlier({ client_id: 'client-b', year_figures: figures(1) })], 500)).toEqual([]);
    expect(await hintsFor([earlier({ year_figures: figures(1, '9198011310011') })], 500)).toEqual([]);
    expect(await hintsFor([earlier({ year: 2023, year_figures: figures(1) })], 500)).toEqual([]);
    expect(await hintsFor([earlier({ kind: 'ustva', year_figures: figures(1) })], 500)).toEqual([]);
    expect(await hintsFor([earlier({})], 500)).toEqual([]);
    expect(await hintsFor([earlier({ year_figures: figures(1) })], 500, [])).toEqual([]);
  });

  it('looks through the client’s newest tickets only', async () => {
    const other = earlier({ year_figures: figures(1) });
    const later = Array.from({ length: ticketsLookedAt }, () => earlier({ kind: 'ustva' }));
    expect(await hintsFor([other, ...later], 500)).toEqual([]);
    expect(await hintsFor([other, ...later.slice(1)], 500)).toHaveLength(1);
  });
});

describe('prepayments across filings', () => {
  const periodic = (prepayment: number, period: string, overrides: Partial<Ticket> = {}) =>
    earlier({ kind: 'ustva', period, year_figures: { tax_number_digest: taxNumberDigest('9198011310010'), prepayment }, ...overrides });
  const annual = (prepayment: number) =>
    aTicket({ ticket: newTicketId(), kind: 'ust', year: 2024, year_figures: { tax_number_digest: taxNumberDigest('9198011310010'), prepayment } });
  async function prepaymentHints(tickets: Ticket[], prepayment: number) {
    const store = new MemoryTicketStore();
    for (const ticket of tickets) await store.create(ticket);
    return hintsAcross(store, annual(prepayment), [], ['ustva']);
  }

  it('sums the newest filing of each period, leaving out rejected ones and other tax numbers', async () => {
    const tickets = [
      periodic(100, '01'),
      periodic(50, '02'),
      periodic(70, '02'),
      periodic(999, '03', { status: 'rejected' }),
      periodic(999, '04', { year_figures: { tax_number_digest: taxNumberDigest('9198011310029'), prepayment: 999 } }),
    ];
    expect(await prepaymentHints(tickets, 170)).toEqual([]);
    expect(await prepaymentHints(tickets, 300)).toEqual([
      expect.objectContaining({ code: 'PREPAYMENTS_DIFFER', message: expect.stringContaining('(300.00 euros) differ from the sum of the 2 ustva filings') }),
    ]);
    expect((await prepaymentHints(tickets, 300))[0]!.message).toContain('(170.00 euros)');
  });

  it('gives none where the client filed no UStVA of that year', async () => {
    expect(await prepaymentHints([], 300)).toEqual([]);
  });
});
