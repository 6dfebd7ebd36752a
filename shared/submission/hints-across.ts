// Hints across filings: a filing whose form declares a profit is held to the newest filing of each
// form paired with it (profitPartners, shared/forms/registry.ts) that the same client made for the
// same tax number and year, as that filing's ticket keeps its figure. Only filings on their way or
// delivered count; a rejected or failed one said nothing to the tax office.
import { formatEuros, toCents } from '#shared/tax/money.ts';
import type { Finding, Kind, Ticket, TicketStatus } from '#shared/domain/ticket.ts';
import { profitPartners } from '#shared/forms/registry.ts';
import type { TicketStore } from '#shared/ports/ticket-store.ts';

/** The client's newest tickets a hint looks through: one page of its index, as a hint is worth no more. */
export const ticketsLookedAt = 100;
const counted: readonly TicketStatus[] = ['queued', 'processing', 'delivered'];
/** Euros two profits may differ by, each rounded to whole euros by the form that carries it. */
const tolerance = 1;

const euros = (value: number) => `${formatEuros(toCents(value))} euros`;

/** The hints for a new ticket with year figures: one for each paired form whose newest filing's profit differs. */
export async function hintsAcross(tickets: TicketStore, ticket: Ticket, partners: Kind[] = profitPartners(ticket.kind)): Promise<Finding[]> {
  const own = ticket.year_figures;
  if (own === undefined || partners.length === 0) return [];
  const { tickets: earlier } = await tickets.list(ticket.client_id, { limit: ticketsLookedAt });
  return partners.flatMap((kind) => {
    const other = earlier.find(
      (candidate) =>
        candidate.kind === kind &&
        candidate.year === ticket.year &&
        counted.includes(candidate.status) &&
        candidate.year_figures?.tax_number_digest === own.tax_number_digest,
    );
    const theirs = other?.year_figures?.profit;
    if (other === undefined || theirs === undefined || Math.abs(theirs - own.profit) <= tolerance) return [];
    return [
      {
        path: '',
        code: 'PROFIT_DIFFERS',
        severity: 'hint' as const,
        message: `The profit of this ${ticket.kind} filing (${euros(own.profit)}) differs from that of the ${kind} filing ${other.ticket} for the same tax number and year (${euros(theirs)})`,
      },
    ];
  });
}
