import { datenartVersion } from '#shared/forms/registry.ts';
import { isError, maskTaxNumber, newTicketId, taxNumberDigest, type Finding, type Ticket, type YearFigures } from '#shared/domain/ticket.ts';
import { boundedFindings } from '#shared/domain/finding-limits.ts';
import type { AcceptedBody } from '#shared/forms/accepted.ts';
import type { Ruled } from '#shared/forms/check.ts';
import type { YearFigureSources } from '#shared/forms/form.ts';
import type { Signer } from '#shared/certificates/signer.ts';
import { describeError, logger } from '#shared/logger.ts';
import type { StoredBodyNotes } from '#shared/ports/stored-body-notes.ts';
import type { FilingStore } from '#shared/ports/filing-store.ts';
import type { TicketStore } from '#shared/ports/ticket-store.ts';
import type { WorkQueue } from '#shared/ports/work-queue.ts';
import { storeFiling } from '#shared/submission/stored-filing.ts';

export interface AcceptDeps {
  tickets: TicketStore;
  filings: FilingStore;
  notes: StoredBodyNotes;
  queue: WorkQueue;
}

/** A ticket of the chosen ID exists already: a random ID collided, or another request with the same idempotency key got there first. */
export class TicketIdTaken extends Error {
  override name = 'TicketIdTaken';

  constructor() {
    super('ticket ID collision');
  }
}

/**
 * Notes the body, stores it, then the ticket, then wakes the transmitter. The order makes every crash
 * harmless: a body without a ticket is never answered 202, and the sweep finds it by its note
 * (shared/retention/sweep.ts); a ticket whose wake-up was lost
 * is found again by the re-drive, since the table, not the queue, is the record of work.
 * `ticketId` is chosen beforehand by an idempotent request; the conditional create lets only one
 * ticket ever have it. The check's hints stay with the ticket, so a replay answers them too, and so
 * do those across the client's filings, where the form declares a year figure (its `profit.ts`).
 */
export async function acceptSubmission(
  deps: AcceptDeps,
  clientId: string,
  {
    filing,
    period,
    type,
    findings = [],
    signer,
    figures: sources = {},
  }: Pick<Ruled, 'filing' | 'period' | 'type'> & Partial<Pick<Ruled, 'findings'>> & { signer?: Signer; figures?: YearFigureSources },
  ticketId = newTicketId(),
): Promise<Ticket> {
  const now = new Date().toISOString();
  const { kind } = filing;
  const body: AcceptedBody = filing.body;
  const figures = yearFigures(body, sources.profit?.(filing.body), sources.prepayment?.(filing.body));
  const ticket: Ticket = {
    ticket: ticketId,
    client_id: clientId,
    kind,
    status: 'queued',
    test: body.test,
    year: body.year,
    period,
    ...(type && { type }),
    tax_number_masked: body.tax_number && maskTaxNumber(body.tax_number),
    tax_office: body.tax_office,
    ...(body.vat_id !== undefined && { vat_id_masked: maskTaxNumber(body.vat_id) }),
    datenart_version: datenartVersion(kind, body.year),
    client_reference: body.client_reference,
    ...(figures && { year_figures: figures }),
    ...signer,
    created_at: now,
    updated_at: now,
    attempts: 0,
    webhook: { status: 'disabled', attempts: 0 },
  };
  const hints = [...findings.filter((finding) => !isError(finding)), ...(await acrossFilings(deps.tickets, ticket))];
  if (hints.length > 0) ticket.hints = boundedFindings(hints);
  await deps.notes.note(ticket.ticket, new Date(now));
  await storeFiling(deps.filings, ticket.ticket, filing);
  if (!(await deps.tickets.create(ticket))) throw new TicketIdTaken();
  try {
    await deps.queue.wakeTransmit(ticket.ticket);
  } catch (error) {
    logger.warn('transmit wake-up not sent; the re-drive will pick the ticket up', { ticket: ticket.ticket, error: describeError(error) });
  }
  return ticket;
}

const yearFigures = ({ tax_number }: AcceptedBody, profit: number | undefined, prepayment: number | undefined): YearFigures | undefined =>
  tax_number !== undefined && (profit !== undefined || prepayment !== undefined)
    ? { tax_number_digest: taxNumberDigest(tax_number), ...(profit !== undefined && { profit }), ...(prepayment !== undefined && { prepayment }) }
    : undefined;

/**
 * The hints across the client's filings, loaded only for a filing with year figures. A hint is worth
 * no failed submission: a listing that fails gives none, and its log line names no figure.
 */
async function acrossFilings(tickets: TicketStore, ticket: Ticket): Promise<Finding[]> {
  if (ticket.year_figures === undefined) return [];
  try {
    const { hintsAcross } = await import('#shared/submission/hints-across.ts');
    return await hintsAcross(tickets, ticket);
  } catch (error) {
    logger.warn('hints across filings not found; the ticket goes without them', { ticket: ticket.ticket, error: describeError(error) });
    return [];
  }
}
