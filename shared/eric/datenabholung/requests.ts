// The Nutzdaten of the ElsterDatenabholung 31 requests the mailbox flow sends through ERiC, and the
// header values ERiC needs for them. Shapes from ELSTER's schema (shared/elster/schemas/
// datenabholung_31.xsd: Datenabholung, PostfachAnfrageRequestCType, PostfachBestaetigungRequestCType,
// StatusabfrageRequestCType); Verfahren, Datenart and Datenart version from the Datenartversionmatrix
// (rows "ElsterDatenabholung": `<Datenart>_31`, plugin checkElsterDatenabholung); the recipient L/CS,
// send-Auth without Fingerprint and the limits per request from the interface description
// (docs/ElsterDatenabholung-V31.0.1.pdf pp. 6–7, 10, 13–14). The request rules of ERiC's workbook
// (rules/Plausipruefungen_ElsterDatenabholung_31.xml) are applied here, each by its Fehlercode.

import type { Finding } from '#shared/domain/ticket.ts';
import { confirmBlock, type MailboxQuery } from '#shared/ports/tax-mailbox.ts';
import type { TransferHeaderFields } from '#shared/eric/library.ts';
import { testmerker } from '#shared/eric/elster-document.ts';
import { buildXml } from '#shared/xml/build.ts';
import type { XmlElement } from '#shared/xml/xml.ts';

export const datenabholungNamespace = 'http://finkonsens.de/elster/elsterdatenabholung/v3';
/** The only version the schema enumerates (the interface description's text still says 30). */
export const datenabholungVersion = '31';

/** The requests the mailbox flow sends, as the TransferHeader's DatenArt names them. */
export type MailboxRequest = 'PostfachAnfrage' | 'PostfachBestaetigung' | 'Statusabfrage';

/** Every Datenabholung request goes to the Clearingstelle: NutzdatenHeader `Empfaenger id="L"` with `CS`. */
export const datenabholungRecipient = { id: 'L', code: 'CS' } as const;

/** The most records one PostfachAnfrage may ask for (the schema's `max`). */
export const maxPageSize = 1000;

/**
 * The Datenarten a query without its own asks for: PostfachAnfrage needs at least one, and finds
 * only records of the Datenart they were provided under; Bescheiddaten and the DIVA notices of the
 * taxes steuerbote files (interface description pp. 25–26; ../shared/elster/datenabholung.md §1.2).
 */
export const noticeDatenarten = ['ESB', 'DivaBescheidESt', 'DivaBescheidKSt', 'DivaBescheidGewSt', 'DivaBescheidUSt'] as const;

/** What EricCreateTH writes for a Datenabholung request: signed with the certificate (`send-Auth`), so no Fingerprint. */
export function datenabholungHeader(
  request: MailboxRequest,
  test: boolean,
  sender: { herstellerId: string; datenLieferant: string },
): TransferHeaderFields & { datenartVersion: string } {
  return {
    verfahren: 'ElsterDatenabholung',
    datenart: request,
    vorgang: 'send-Auth',
    ...(test ? { testmerker } : {}),
    herstellerId: sender.herstellerId,
    datenLieferant: sender.datenLieferant,
    datenartVersion: `${request}_${datenabholungVersion}`,
  };
}

/**
 * The request rules of ERiC's workbook, by Fehlercode. 10481–10483 are checked on the query; 10485
 * (send-Auth carries no Fingerprint), 10488 (at most 100 Nutzdatenblöcke) and 10489 (no attribute
 * `uebertragungsweg`) hold by construction: every request here is one block without either. 10484
 * and 10452 concern send-NoSig, 10450 and 10451 the VaSt requests, neither of which is sent.
 */
export const requestRules = {
  10481: 'datumVon',
  10482: 'datumBis',
  10483: 'datumVon, datumBis',
  10485: 'transferheaderVorgang, fingerprint',
  10488: 'uebertragungsweg',
  10489: 'uebertragungsweg',
} as const;

export type Built = { ok: true; xml: string } | { ok: false; findings: Finding[] };

// ELSTER's BestId (ETIDCType) and Bereitstellungsticket (ElsterStringCType).
const recordId = /^[0-9a-km-z]{2}[0-9]{3}[0-9a-km-z]{27}$/;
const provisionTicket = /^[0-9A-Za-z]{1,32}$/;
const datenartName = /^[A-Za-z0-9_]{1,64}$/;

const ruleFinding = (code: keyof typeof requestRules, path: string, message: string): Finding => ({
  path,
  code: `ELSTER_RULE_${code}`,
  rule: requestRules[code],
  message,
});

/** `YYYY-MM-DD` as ELSTER's JJJJMMDD, or undefined when it is no day of the calendar. */
function elsterDate(day: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day) ? `${match[1]}${match[2]}${match[3]}` : undefined;
}

/** PostfachAnfrage: a page of at most `max` records after `after`, of the query's Datenarten (else `noticeDatenarten`), provided from `from` to `to`. */
export function postfachAnfrage(query: MailboxQuery, today: Date): Built {
  const findings: Finding[] = [];
  const todayElster = today.toISOString().slice(0, 10).replaceAll('-', '');
  const dates: Partial<Record<'von' | 'bis', string>> = {};
  for (const [field, attribute, code] of [
    ['from', 'von', 10481],
    ['to', 'bis', 10482],
  ] as const) {
    const day = query[field];
    if (day === undefined) continue;
    const value = elsterDate(day);
    if (value === undefined || value > todayElster) findings.push(ruleFinding(code, field, `must be a day (YYYY-MM-DD) no later than today`));
    else dates[attribute] = value;
  }
  if (dates.von && dates.bis && dates.bis < dates.von) findings.push(ruleFinding(10483, 'to', 'must not be before from'));
  if (!Number.isInteger(query.max) || query.max < 1 || query.max > maxPageSize) {
    findings.push({ path: 'max', code: 'MAILBOX_QUERY_INVALID', message: `must be a whole number from 1 to ${maxPageSize}` });
  }
  if (query.after !== undefined && !recordId.test(query.after)) {
    findings.push({ path: 'after', code: 'MAILBOX_QUERY_INVALID', message: 'must be a record ID ELSTER listed' });
  }
  const datenarten = query.datenarten ?? noticeDatenarten;
  if (datenarten.length === 0 || datenarten.some((name) => !datenartName.test(name)) || new Set(datenarten).size !== datenarten.length) {
    findings.push({ path: 'datenarten', code: 'MAILBOX_QUERY_INVALID', message: 'must name one or more distinct Datenarten (letters, digits, _)' });
  }
  if (findings.length > 0) return { ok: false, findings };
  return built({
    PostfachAnfrage: {
      ...(dates.von && { '@_von': dates.von }),
      ...(dates.bis && { '@_bis': dates.bis }),
      '@_max': String(query.max),
      ...(query.after !== undefined && { '@_paginierungLetzteBestId': query.after }),
      DatenartBereitstellung: datenarten.map((name) => ({ '@_name': name })),
    },
  });
}

/** PostfachBestaetigung of at most `confirmBlock` records, in one Nutzdatenblock. */
export function postfachBestaetigung(ids: readonly string[]): Built {
  const problem = listProblem(ids, recordId, 'ids', 'record IDs ELSTER listed');
  if (problem) return { ok: false, findings: [problem] };
  return built({ PostfachBestaetigung: { Bereitstellungen: { Bereitstellung: ids.map((id) => ({ '@_id': id })) } } });
}

/** Statusabfrage of at most `confirmBlock` records by their Bereitstellungsticket, as their recipient. */
export function statusabfrage(provisionTickets: readonly string[]): Built {
  const problem = listProblem(provisionTickets, provisionTicket, 'provision_tickets', 'provision tickets ELSTER listed');
  if (problem) return { ok: false, findings: [problem] };
  return built({ Statusabfrage: { '@_rolle': 'empfaenger', BereitstellungsTickets: { BereitstellungsTicket: [...provisionTickets] } } });
}

function listProblem(values: readonly string[], pattern: RegExp, path: string, what: string): Finding | undefined {
  if (values.length === 0 || values.length > confirmBlock || values.some((value) => !pattern.test(value)) || new Set(values).size !== values.length) {
    return { path, code: 'MAILBOX_REQUEST_INVALID', message: `must be 1 to ${confirmBlock} distinct ${what}` };
  }
  return undefined;
}

const built = (request: XmlElement): Built => ({
  ok: true,
  xml: buildXml({ Datenabholung: { '@_xmlns': datenabholungNamespace, '@_version': datenabholungVersion, ...request } }),
});
