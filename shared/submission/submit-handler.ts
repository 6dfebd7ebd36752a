import type * as z from 'zod/mini';
import type { Kind } from '#shared/domain/ticket.ts';
import { summaryView } from '#shared/domain/views.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { parseOr422 } from '#shared/schemas/validate.ts';
import { acceptSubmission, type AcceptedBody } from '#shared/submission/accept.ts';
import { apiKeyStore, submissionStore, ticketStore, workQueue } from '#shared/wiring.ts';

/** `POST /v2/{kind}`: validate, accept, answer 202 with where to follow the ticket. */
export function submitHandler(kind: Kind, schema: z.ZodMiniType<AcceptedBody>) {
  return apiHandler(
    async (event) => {
      const body = parseOr422(schema, event.json);
      const deps = { tickets: ticketStore(), submissions: submissionStore(), queue: workQueue() };
      const ticket = await acceptSubmission(deps, event.clientId!, kind, body);
      return {
        status: 202,
        message: 'Submission accepted',
        data: summaryView(ticket),
        headers: { location: `/v2/ticket/${ticket.ticket}` },
      };
    },
    { auth: apiKeyStore, json: true },
  );
}
