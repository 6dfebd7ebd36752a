// ELSTER's Datenabholung answers, read (answers.ts), as the mailbox port's shapes
// (shared/ports/tax-mailbox.ts): a page of records, a result per confirmed record, a state per
// provision ticket. Codes and states as ELSTER's sample answers and the interface description
// (pp. 13–15) give them.

import { AnswerError, type DatenabholungAnswer, type ElsterAnswerRead, type Provision } from '#shared/eric/datenabholung/answers.ts';
import type { ConfirmResult, MailboxPage, MailboxRecord, RecordStatus } from '#shared/ports/tax-mailbox.ts';

/** PostfachBestaetigung's codes per record (samples/datenabholung/2_b1_…_Response.xml): 0 confirmed, else not there or try again. */
const confirmOutcomes: Readonly<Record<string, ConfirmResult['outcome']>> = { '0': 'confirmed', '194346573': 'not_found', '1943226573': 'retry' };

/** Statusabfrage's states (interface description p. 14): before the download, fetched, confirmed, deleted; a faulty or unknown record is unknown. */
const states: Readonly<Record<string, RecordStatus>> = {
  '05-EINGESTELLT': 'provided',
  '07-INBEKANNTGABE': 'provided',
  '10-BEREITGESTELLT': 'provided',
  '20-ABGEHOLT': 'fetched',
  '30-BESTAETIGT': 'confirmed',
  '90-GELOESCHT': 'deleted',
};

/** The answers of `kind` in every block; a transfer ELSTER refused, or a block of another answer, is refused. */
function answersOf<Kind extends DatenabholungAnswer['kind']>(read: ElsterAnswerRead, kind: Kind): Extract<DatenabholungAnswer, { kind: Kind }>[] {
  if (read.transfer.code !== '0') throw new AnswerError(`ELSTER refused the request: ${read.transfer.code ?? 'no code'} ${read.transfer.text ?? ''}`.trim());
  if (read.unread.length > 0) throw new AnswerError(`ELSTER's answer holds what this reader does not know: ${read.unread.slice(0, 5).join(', ')}`);
  return read.blocks.map(({ answer, header }) => {
    if (answer.kind !== kind) throw new AnswerError(`ELSTER answered ${answer.kind} where ${kind} was asked: ${header.code ?? ''} ${header.text ?? ''}`.trim());
    return answer as Extract<DatenabholungAnswer, { kind: Kind }>;
  });
}

/** The page a PostfachAnfrage answers: one block (interface description p. 10), its records of every Datenart. */
export function mailboxPage(read: ElsterAnswerRead): MailboxPage {
  const answers = answersOf(read, 'PostfachAnfrageAntwort');
  if (answers.length !== 1) throw new AnswerError(`ELSTER answered a PostfachAnfrage with ${answers.length} blocks, not one`);
  const [answer] = answers as [(typeof answers)[number]];
  const records = answer.datenarten.flatMap(({ name, provisions }) => provisions.map((provision) => mailboxRecord(name, provision)));
  return { records, ...(answer.next !== undefined && { next: answer.next }) };
}

/**
 * A record as the port has it. Its data package may be missing: the schema's PAAntwortBereitstellungCType
 * has `Datenpaket minOccurs="0"` (datenabholung_31.xsd), and the sample's EPMitteilung records carry
 * only attachments; such a record is stored as a notice without data.
 */
function mailboxRecord(datenart: string, provision: Provision): MailboxRecord {
  if (!provision.provision_ticket) throw new AnswerError(`record ${provision.id} (${datenart}) has no provision ticket`);
  return {
    id: provision.id,
    provision_ticket: provision.provision_ticket,
    datenart,
    metas: provision.metas,
    ...(provision.data && { data: { ref: provision.data.ref, announced_size: provision.data.announced_size, content_type: 'application/xml' } }),
    attachments: provision.attachments.map((attachment) => ({
      ref: attachment.ref,
      announced_size: attachment.announced_size,
      file_name: attachment.file_name ?? attachment.title,
      content_type: attachment.content_type,
    })),
  };
}

/** A result for each of `ids`, in their order: one ELSTER names none for is tried again. */
export function confirmResults(read: ElsterAnswerRead, ids: readonly string[]): ConfirmResult[] {
  const results = new Map(answersOf(read, 'PostfachBestaetigungAntwort').flatMap((answer) => answer.results.map((result) => [result.id, result])));
  return ids.map((id) => {
    const result = results.get(id);
    if (!result) return { id, outcome: 'retry', code: '', message: "ELSTER's answer names no result for this record" };
    return { id, outcome: confirmOutcomes[result.code] ?? 'retry', code: result.code, message: result.text };
  });
}

/** The state of each of `provisionTickets`: one ELSTER does not name is unknown. */
export function recordStatuses(read: ElsterAnswerRead, provisionTickets: readonly string[]): Map<string, RecordStatus> {
  const named = new Map(
    answersOf(read, 'Statusabfrage')
      .flatMap((answer) => answer.records)
      .map((record) => [record.provision_ticket, states[record.status] ?? 'unknown'] as const),
  );
  return new Map(provisionTickets.map((ticket) => [ticket, named.get(ticket) ?? 'unknown']));
}
