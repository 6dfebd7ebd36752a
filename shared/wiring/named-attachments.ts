import type { CheckContext, NamedAttachment } from '#shared/forms/check.ts';
import { attachmentFiles, attachmentStore } from '#shared/wiring/adapters.ts';
import type { CallerReads } from '#shared/wiring/submit-handler.ts';

/**
 * What the check of a letter is handed beside the day (its `anhaenge` naming uploads,
 * shared/forms/uploaded-attachments.ts): the caller's own upload with its bytes; another client's is
 * as unknown. `ownTicket` names the ticket of an earlier try of the same idempotent request, whose
 * use of an upload is this request's own. Only the letters' functions are built with it, and granted
 * its reads (shared/manifest.ts).
 */
export const namedAttachments = (clientId: string, ownTicket?: () => Promise<string | undefined>): Pick<CheckContext, 'attachment'> => ({
  async attachment(attachmentId) {
    const record = await attachmentStore().get(attachmentId);
    if (!record || record.client_id !== clientId) return undefined;
    const used = record.used_by !== undefined && record.used_by !== (await ownTicket?.());
    const bytes = used ? undefined : await (await attachmentFiles()).read(attachmentId);
    const named: NamedAttachment = { name: record.name, size: record.size, sha256: record.sha256, used, ...(bytes && { bytes }) };
    return named;
  },
});

/**
 * Marks the uploads a submission named used by its ticket, each by a conditional write: the IDs
 * another submission used first (none where all were marked). Those marked before one that failed
 * are given back, so a refused submission uses up none.
 */
export async function useAttachments(clientId: string, attachmentIds: readonly string[], ticket: string): Promise<string[]> {
  const store = attachmentStore();
  const marked = await Promise.all(attachmentIds.map(async (id) => ({ id, held: await store.use(id, clientId, ticket) })));
  const refused = marked.filter(({ held }) => !held).map(({ id }) => id);
  if (refused.length > 0) await Promise.all(marked.filter(({ held }) => held).map(({ id }) => store.release(id, ticket)));
  return refused;
}

/** What a letter's validate function reads of the caller's (functions/validate-letter.ts): its uploads, which it never marks used. */
export const letterChecks: CallerReads = (clientId) => ({ context: namedAttachments(clientId) });

/** What a letter's submit function reads of the caller's (functions/submit-letter.ts): its uploads, marked used by the submission that names them. */
export const letterReads: CallerReads = (clientId, ownTicket) => ({
  context: namedAttachments(clientId, ownTicket),
  use: (attachmentIds, ticket) => useAttachments(clientId, attachmentIds, ticket),
});
