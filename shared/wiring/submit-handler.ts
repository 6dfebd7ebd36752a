import { isError, newTicketId } from '#shared/domain/ticket.ts';
import { metricNames } from '#shared/metric-names.ts';
import { countLines, publishCount } from '#shared/metric-line.ts';
import { summaryView } from '#shared/domain/views.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { acceptSubmission } from '#shared/submission/accept.ts';
import { checkForm, type CheckContext, type Form } from '#shared/forms/check.ts';
import type { AcceptedBody } from '#shared/forms/accepted.ts';
import type { YearFigureSources } from '#shared/forms/form.ts';
import { acceptOnce, heldTicketOf, replayOf, type Accepted } from '#shared/submission/idempotency.ts';
import { idempotencyKeyOf, idempotentRequest } from '#shared/submission/idempotent-request.ts';
import {
  callers,
  certificateStore,
  eventStore,
  idempotencyStore,
  keyWrapper,
  storedBodyNotes,
  filingStore,
  ticketStore,
  workQueue,
} from '#shared/wiring/adapters.ts';
import { pinHeader, signerFor } from '#shared/certificates/signer.ts';
import { checkContext } from '#shared/wiring/check-context.ts';

/**
 * `POST /v2/{kind}`: check, accept (once per `Idempotency-Key`), answer 202 with where to follow the
 * ticket. `form` is the schema and rules of the route's form, and `figures` its year figures where it
 * has them (its `profit.ts`): a submission needs nothing more of it, since its XML is written when it
 * is transmitted. `reads` hands its check what it reads of the caller's (an appeal's notice).
 */
export function submitHandler(form: Form<unknown>, figures: YearFigureSources = {}, reads?: CallerReads) {
  const { kind } = form.facts;
  return apiHandler(
    async (event) => {
      const clientId = event.clientId!;
      const idempotencyKey = idempotencyKeyOf(event.headers);
      const request = idempotencyKey === undefined ? undefined : idempotentRequest(clientId, idempotencyKey, kind, event.json);
      const tickets = ticketStore();
      const idempotency = { records: idempotencyStore(), tickets, now: Date.now };
      // A request already accepted is answered before any check: no PIN is tried, so a replay tells nothing about one.
      const replay = request && (await replayOf(idempotency, request));
      if (replay) return accepted(replay);
      const own = request && (() => heldTicketOf(idempotency, request));
      const caller = reads?.(clientId, own);
      // The check comes first, so a refused body never uses up its key.
      const checked = await checkForm(form, event.json, { ...checkContext(), ...caller?.context });
      if (!checked.filing) throw new HttpError(422, 'VALIDATION_FAILED', 'The submission has errors', { details: checked.findings.filter(isError) });
      const { certificate_id }: AcceptedBody = checked.filing.body;
      const signed = await signerFor(
        // Counts as lines of their own rather than through Powertools' metrics, which the bundle then need not carry.
        { store: certificateStore(), wrapper: keyWrapper(), metrics: countLines, events: eventStore() },
        clientId,
        certificate_id,
        event.headers[pinHeader],
      );
      if (signed.findings) throw new HttpError(422, 'VALIDATION_FAILED', 'The submission has errors', { details: signed.findings });
      // A per-submission PIN is sealed for its ticket, whose ID an idempotent request chooses first.
      const accept = async (ticketId = newTicketId()) => {
        await useOnce(caller, checked.attachments, ticketId);
        return acceptSubmission(
          { tickets, filings: filingStore(), notes: storedBodyNotes(), queue: workQueue() },
          clientId,
          { ...checked, signer: await signed.signer?.(ticketId), figures },
          ticketId,
        );
      };
      const answer: Accepted = request === undefined ? { ticket: await accept(), replayed: false } : await acceptOnce(idempotency, request, accept);
      if (!answer.replayed) publishCount(metricNames.submissionsAccepted, {});
      return accepted(answer);
    },
    { auth: callers, json: true },
  );
}

/**
 * What a form's check reads of the caller's own beside the body, for the caller's client
 * (shared/wiring/named-notice.ts, named-attachments.ts): `context` for the check, and `use` to mark
 * the uploads a submission names used by its ticket, answering those another used first. `ownTicket`
 * names the ticket an earlier try of the same idempotent request holds.
 */
export type CallerReads = (
  clientId: string,
  ownTicket?: () => Promise<string | undefined>,
) => { context: Partial<CheckContext>; use?: (attachmentIds: readonly string[], ticket: string) => Promise<string[]> };

/** Marks the uploads the submission named used by its ticket, or refuses it where another used one first. */
async function useOnce(caller: ReturnType<CallerReads> | undefined, attachmentIds: readonly string[] | undefined, ticket: string) {
  if (!attachmentIds?.length) return;
  if (!caller?.use) throw new Error('a body naming uploads reached a submit function that cannot mark them used');
  const refused = await caller.use(attachmentIds, ticket);
  if (refused.length > 0)
    throw new HttpError(422, 'VALIDATION_FAILED', 'The submission has errors', {
      details: refused.map((id) => ({ path: 'anhaenge', code: 'ATTACHMENT_USED', message: `names ${id}, which another submission used first` })),
    });
}

/** The 202 for a ticket, created now or replayed. */
const accepted = ({ ticket, replayed }: Accepted) => ({
  status: 202,
  message: 'Submission accepted',
  data: summaryView(ticket),
  headers: { location: `/v2/ticket/${ticket.ticket}`, ...(replayed && { 'idempotent-replayed': 'true' }) },
});
