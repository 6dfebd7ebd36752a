import type { Finding } from '#shared/domain/ticket.ts';
import { appealDeadline } from '#shared/forms/einspruch/deadline.ts';
import { einspruchFacts } from '#shared/forms/einspruch/facts.ts';
import { einspruchSchema, noticeTypes, suspensions, type EinspruchFiling, type EinspruchRequest } from '#shared/forms/einspruch/schema.ts';
import { einspruchElement } from '#shared/forms/einspruch/structure.ts';
import { childOf, type Letter, letterForm } from '#shared/forms/letter.ts';
import { fromNotice } from '#shared/forms/einspruch/from-notice.ts';
import type { Form } from '#shared/forms/check.ts';
import { landOfTaxOffice } from '#shared/tax/bufa.ts';
import { elsterDate, isoDateOf } from '#shared/tax/dates.ts';
import type { XmlTree } from '#shared/xml/xml.ts';

/** The first Verwaltungsakt of a body: the notice it contests, as ELSTER names it. */
function noticeAct({ notice, year }: EinspruchFiling): Record<string, unknown> | undefined {
  if (!notice) return undefined;
  return {
    va_id: noticeTypes[notice.type],
    ...(notice.other !== undefined && { verwaltungsakt_sonstiger: notice.other }),
    jahr: String(year),
    ...(notice.period !== undefined && { zeitraum: notice.period }),
    verwaltungsakt_datum: elsterDate(notice.date),
    ad_v: suspensions[notice.suspension],
  };
}

/**
 * The appeal's deadline, a hint on the date of the first notice it contests (APPEAL_DEADLINE, the day
 * in `expected`), and another where that day has passed (APPEAL_DEADLINE_PASSED): ELSTER takes a late
 * appeal, and the tax office decides on it (§ 110 AO). None where the tax office is no known one.
 */
function deadlineFindings(tree: XmlTree, filing: EinspruchFiling, today: string, pathOf: (names: readonly string[]) => string): Finding[] {
  const acts = tree.children.filter(({ name }) => name === 'Verwaltungsakt');
  const index = acts.findIndex((act) => childOf(act, 'Verwaltungsakt_Datum') !== undefined);
  const date = index === -1 ? undefined : isoDateOf(childOf(acts[index], 'Verwaltungsakt_Datum')!.text);
  const land = landOfTaxOffice(filing.tax_number.slice(0, 4));
  if (date === undefined || land === undefined) return [];
  const { known, deadline, year } = appealDeadline(date, land, filing.instructions_missing === true);
  const path = filing.notice && index === 0 ? 'notice.date' : pathOf(['Verwaltungsakt', String(index), 'Verwaltungsakt_Datum']);
  const why = `the notice of ${date} counts as made known on ${known}; ${year ? 'without instructions on the remedy a year (§ 356 Abs. 2 AO)' : 'a month (§ 355 Abs. 1 AO)'}, moved to a working day in ${land} (§ 108 Abs. 3 AO)`;
  const findings: Finding[] = [{ path, code: 'APPEAL_DEADLINE', severity: 'hint', message: `the appeal is due by ${deadline}: ${why}`, expected: deadline }];
  if (today > deadline)
    findings.push({
      path,
      code: 'APPEAL_DEADLINE_PASSED',
      severity: 'hint',
      message: `the deadline ended on ${deadline}: the appeal is late unless the tax office grants restoration (§ 110 AO)`,
      expected: deadline,
    });
  return findings;
}

export const einspruchLetter: Letter<EinspruchRequest, EinspruchFiling> = {
  kind: 'einspruch',
  facts: einspruchFacts,
  datenart: 'Einspruch',
  element: einspruchElement,
  // The appellants' IdNrs name those who appeal, the Aktenzeichen a property: the tax number is the letter's.
  identifiers: { held: { 'Ordnungsbegriff/Steuernummer': 'tax_number' }, others: ['Einspruchsfuehrer/', 'Ordnungsbegriff/'] },
  filingOf: (request) => request,
  fieldsOf(filing) {
    const fields: Record<string, unknown> = { ...filing.einspruch };
    const first = noticeAct(filing);
    if (first) {
      const more = fields.verwaltungsakt;
      fields.verwaltungsakt = [first, ...(Array.isArray(more) ? more : more === undefined ? [] : [more])];
    }
    return fields;
  },
  findings: deadlineFindings,
};

/**
 * The form's schema and rules, as its submit function checks a body with them
 * (functions/submit-letter-reading-notices.ts), a body naming a notice completed from it first.
 */
export const form: Form<EinspruchRequest> = letterForm(einspruchLetter, einspruchSchema, fromNotice);
