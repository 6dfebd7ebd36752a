// Hints across filings: a filing whose form declares a profit is held to the newest filing of each
// form paired with it (profitPartners, shared/forms/registry.ts) that the same client made for the
// same tax number and year, as that filing's ticket keeps its figure; an annual return that states
// the prepayments of its year is held to the sum of the client's filings of the periodic form
// (prepaymentPairs), the newest of each period. Only filings on their way or delivered count; a
// rejected or failed one said nothing to the tax office.
import { formatEuros, toCents } from '#shared/tax/money.ts';
import type { Finding, Kind, Ticket, TicketStatus } from '#shared/domain/ticket.ts';
import { prepaymentPairs, profitPartners } from '#shared/forms/registry.ts';
import type { TicketStore } from '#shared/ports/ticket-store.ts';

/** The client's newest tickets a hint looks through: one page of its index, as a hint is worth no more. */
export const ticketsLookedAt = 100;
const counted: readonly TicketStatus[] = ['queued', 'processing', 'delivered'];
/** Euros two profits may differ by, each rounded to whole euros by the form that carries it. */
const tolerance = 1;

const euros = (value: number) => `${formatEuros(toCents(value))} euros`;

/** The hints for a new ticket with year figures: one for each paired form whose newest filing's figure differs. */
export async function hintsAcross(
  tickets: TicketStore,
  ticket: Ticket,
  partners: Kind[] = profitPartners(ticket.kind),
  periodic: Kind[] = prepaymentPairs.filter(([annual]) => annual === ticket.kind).map(([, kind]) => kind),
): Promise<Finding[]> {
  const own = ticket.year_figures;
  const profitPartnersHeld = own?.profit === undefined ? [] : partners;
  const periodicHeld = own?.prepayment === undefined ? [] : periodic;
  if (own === undefined || profitPartnersHeld.length + periodicHeld.length === 0) return [];
  const { tickets: listed } = await tickets.list(ticket.client_id, { limit: ticketsLookedAt });
  const earlier = listed.filter(
    (candidate) => candidate.year === ticket.year && counted.includes(candidate.status) && candidate.year_figures?.tax_number_digest === own.tax_number_digest,
  );
  return [
    ...profitPartnersHeld.flatMap((kind) => profitHint(ticket, own.profit!, kind, earlier)),
    ...periodicHeld.flatMap((kind) => prepaymentHint(ticket, own.prepayment!, kind, earlier)),
  ];
}

function profitHint(ticket: Ticket, profit: number, kind: Kind, earlier: Ticket[]): Finding[] {
  const other = earlier.find((candidate) => candidate.kind === kind && candidate.year_figures?.profit !== undefined);
  const theirs = other?.year_figures?.profit;
  if (other === undefined || theirs === undefined || Math.abs(theirs - profit) <= tolerance) return [];
  return [
    {
      path: '',
      code: 'PROFIT_DIFFERS',
      severity: 'hint' as const,
      message: `The profit of this ${ticket.kind} filing (${euros(profit)}) differs from that of the ${kind} filing ${other.ticket} for the same tax number and year (${euros(theirs)})`,
    },
  ];
}

/** The annual return's prepayments against the sum of the periodic form's filings, the newest of each period and type (the listing is newest first). */
function prepaymentHint(ticket: Ticket, prepayments: number, kind: Kind, earlier: Ticket[]): Finding[] {
  const newest = new Map<string, number>();
  for (const candidate of earlier) {
    const amount = candidate.year_figures?.prepayment;
    const period = `${candidate.type ?? ''}/${candidate.period ?? ''}`;
    if (candidate.kind === kind && amount !== undefined && !newest.has(period)) newest.set(period, amount);
  }
  if (newest.size === 0) return [];
  const cents = [...newest.values()].reduce((sum, amount) => sum + toCents(amount), 0);
  // Each filing rounds on its own: the sum may differ by a euro per filing before it means anything.
  if (Math.abs(cents - toCents(prepayments)) <= newest.size * tolerance * 100) return [];
  return [
    {
      path: '',
      code: 'PREPAYMENTS_DIFFER',
      severity: 'hint' as const,
      message: `The prepayments this ${ticket.kind} filing states (${euros(prepayments)}) differ from the sum of the ${newest.size} ${kind} filings of this client for the same tax number and year, the newest of each period (${euros(cents / 100)})`,
    },
  ];
}
