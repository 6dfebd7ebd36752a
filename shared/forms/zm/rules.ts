// ERiC's plausibility rules of the ZM, from shared/elster/rules/Jahresdokumentation_ZMDO.xml (ERiC
// 41.6.2.0 documentation, Plausipruefungen/Anmeldungssteuern/ZMDO/), sheet "ZMDO - Regeln": each
// finding carries the rule's name as `rule`. The rules of periods before 2010, 2011 or 2013, and
// those of a Brexit not yet happened, cannot apply to the years the service takes (facts.ts); what the
// schema or the request's own schema already refuses (the Pflicht rules) is not repeated here.
// docs/sources.md lists each rule and how it is applied.
import type { Finding } from '#shared/domain/ticket.ts';
import { isMonth, lineKinds, periodMonths, type ZmFigures } from '#shared/forms/zm/model.ts';
import { zmFacts } from '#shared/forms/zm/facts.ts';
import { yearFindings } from '#shared/forms/years.ts';
import { customerVatIdProblem } from '#shared/tax/vat-id.ts';

/** The rules applied; each is of kind Fehler in the workbook, and refuses, but the two Unschluessig rules, of kind Hinweis. */
export const zmRules = [
  'anzeige_keine_Monatsmeldung',
  'anzeige_widerruf_doppelt',
  'widerruf_ungueltig',
  'jahr_Inhalt',
  'meldezeitraum_begonnen',
  'meldezeitraum_Zukunft',
  'zulnr1_Teilnehmernummer_Inhalt',
  'PLZ_Pflicht',
  'PLZ_Bereich',
  'brexit_erfolgt_verbiete_staat_gb',
  'Meldezeile_Nullmeldung_bei_Erstmeldung',
  'Meldezeile_Wiederholung_Dreiecksgeschaeft',
  'Meldezeile_Wiederholung_Lieferung',
  'Meldezeile_Wiederholung_SonstigeLeistung',
  'knre1_Laenderkennzeichen_DE',
  'knre1_Laenderkennzeichen',
  'knre_UstIdNr_GB_nur_bis_brexit',
  'erlaube_nordirische_ustids_2021',
  'nordirische_ustid_nicht_fuer_sonstige_leistung',
  'UStIdNr_Erwerber_Unschluessig',
  'nordirische_UStIdNr_Erwerber_Unschluessig',
] as const;
export type ZmRule = (typeof zmRules)[number];

// The Pflicht rules of the workbook, by the request field (REQUIRED) and the element of the
// caller's XML (missing from the structure) they concern: the request schema and the XSD refuse
// first, and the finding names the rule.
const requiredRules: Record<string, string> = {
  vat_id: 'UStIdNr_Inland_Pflicht',
  knri: 'UStIdNr_Inland_Pflicht',
  year: 'jahr_Pflicht',
  jahr: 'jahr_Pflicht',
  period: 'quart_Pflicht',
  quart: 'quart_Pflicht',
  'business.company_name': 'Name_Unternehmen_Pflicht',
  name: 'Name_Unternehmen_Pflicht',
  'business.street': 'Strasse_Pflicht',
  strasse: 'Strasse_Pflicht',
  'business.city': 'Ort_Pflicht',
  ort: 'Ort_Pflicht',
  staat: 'Staat_Pflicht',
  lines: 'Meldezeile_Pflicht',
  zeile: 'Meldezeile_Pflicht',
  customer_vat_id: 'UStIdNr_Erwerber_Pflicht',
  knre: 'UStIdNr_Erwerber_Pflicht',
  amount: 'betrag_Pflicht',
  betrag: 'betrag_Pflicht',
  kind: 'umsatzart_Pflicht',
  anzeige: 'anzeige_Pflicht',
  widerruf: 'widerruf_Pflicht',
  zulnr1: 'zulnr1_Teilnehmernummer_Pflicht',
  zulnr2: 'zulnr2_Teilnehmernummer_Pflicht',
};

/**
 * ERiC's rule a finding of the request schema or the structure check stands for: a field the
 * workbook requires, the business's USt-IdNr that is not German (UStIdNr_Inland_Format). A year
 * beyond ERiC's ten (jahr_Inhalt) or ahead (meldezeitraum_Zukunft) is named where years are decided
 * (shared/forms/years.ts, zmFacts `window.rules`).
 */
export function zmRuleOf({ path, code, message }: Finding): string | undefined {
  const field = path.replace(/^xml\./, '').replace(/^lines\.\d+\./, '');
  if (code === 'REQUIRED' || (code === 'XML_STRUCTURE' && message.startsWith('is missing')))
    return requiredRules[field] ?? requiredRules[field.split('.').at(-1)!];
  if ((path === 'vat_id' && code === 'VAT_ID_FORMAT') || (path === 'xml.unternehmer.knri' && code === 'XML_VALUE')) return 'UStIdNr_Inland_Format';
  // The schema's values of the admission number, which the workbook's Inhalt rules hold too.
  if (code === 'XML_VALUE' && /^xml\.unternehmer\.zulassNr\.zulnr[12]$/.test(path)) return `${path.slice(-6)}_Teilnehmernummer_Inhalt`;
  if (path === 'lines' && code === 'OUT_OF_RANGE') return 'Meldezeile_Pflicht';
  return undefined;
}

const repeated: Record<string, ZmRule> = {
  D: 'Meldezeile_Wiederholung_Dreiecksgeschaeft',
  L: 'Meldezeile_Wiederholung_Lieferung',
  S: 'Meldezeile_Wiederholung_SonstigeLeistung',
};

// PLZ_Bereich's range of German postal codes, "01001" to "99999".
const germanPostalCode = /^(?:0100[1-9]|010[1-9][0-9]|01[1-9][0-9]{2}|0[2-9][0-9]{3}|[1-9][0-9]{4})$/;

const finding = (rule: ZmRule, path: string, code: string, message: string, expected?: string): Finding => ({
  path,
  code,
  message,
  rule,
  ...(expected !== undefined && { expected }),
});

/** Everything ERiC's rules find in a report, on `today` (YYYY-MM-DD); paths are the request's. */
export function zmFindings(figures: ZmFigures, today: string): Finding[] {
  return [...periodFindings(figures, today), ...flagFindings(figures), ...businessFindings(figures), ...lineFindings(figures)];
}

/** The year within ERiC's ten years (jahr_Inhalt), and a period that has begun (meldezeitraum_Zukunft, meldezeitraum_begonnen). */
function periodFindings({ year, period }: ZmFigures, today: string): Finding[] {
  const [closed] = yearFindings(zmFacts, year, today);
  if (closed) return [closed];
  const opens = periodOpens(year, period);
  if (opens <= today) return [];
  const { first, last } = periodMonths(period);
  const rule = last - first === 1 ? 'meldezeitraum_begonnen' : 'meldezeitraum_Zukunft';
  return [finding(rule, 'period', 'PERIOD_NOT_BEGUN', `cannot be reported before ${opens}`, opens)];
}

/** The first day a period may be reported: its first, or for a two-month period that of its second month. */
export function periodOpens(year: number, period: string): string {
  const { first, last } = periodMonths(period);
  return `${year}-${String(last - first === 1 ? last : first).padStart(2, '0')}-01`;
}

function flagFindings({ period, flags }: ZmFigures): Finding[] {
  const findings: Finding[] = [];
  if (flags.monthly_notice && !isMonth(period)) {
    findings.push(finding('anzeige_keine_Monatsmeldung', 'flags.monthly_notice', 'NOTICE_NOT_MONTHLY', 'may only come with the report of a month ("01"–"12")'));
  }
  if (flags.monthly_notice && flags.monthly_revoked) {
    findings.push(
      finding(
        'anzeige_widerruf_doppelt',
        'flags.monthly_revoked',
        'NOTICE_AND_REVOCATION',
        'cannot come with monthly_notice: monthly reporting cannot be chosen and revoked at once',
      ),
    );
  }
  const { last } = periodMonths(period);
  if (flags.monthly_revoked && (period === 'year' || last % 3 !== 0 || /-/.test(period))) {
    findings.push(
      finding(
        'widerruf_ungueltig',
        'flags.monthly_revoked',
        'REVOCATION_PERIOD',
        'may only come with a quarter ("41"–"44") or the third month of one ("03", "06", "09", "12")',
      ),
    );
  }
  return findings;
}

function businessFindings({ business }: ZmFigures): Finding[] {
  if (!business) return [];
  if (business.country === 'GB') {
    return [finding('brexit_erfolgt_verbiete_staat_gb', 'business.country', 'COUNTRY_GB', 'GB is no longer taken since Brexit: Northern Ireland is XI')];
  }
  if (business.country !== 'DE') return [];
  if (business.postal_code === undefined || business.postal_code.length !== 5) {
    return [finding('PLZ_Pflicht', 'business.postal_code', 'POSTAL_CODE_REQUIRED', 'must be the five-digit German postal code of an address in Germany')];
  }
  if (!germanPostalCode.test(business.postal_code)) {
    return [finding('PLZ_Bereich', 'business.postal_code', 'POSTAL_CODE_RANGE', 'must be a German postal code from 01001 to 99999')];
  }
  return [];
}

function lineFindings({ year, lines, flags }: ZmFigures): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const [index, line] of lines.entries()) {
    const at = (field: string) => `lines.${index}.${field}`;
    findings.push(...customerFindings(line.customer_vat_id, line.kind, year, at('customer_vat_id')));
    const umsatzart = lineKinds[line.kind];
    const key = `${line.customer_vat_id}\n${umsatzart}`;
    if (seen.has(key)) {
      const message = 'repeats the customer and kind of an earlier line: add the amounts into one line';
      findings.push(finding(repeated[umsatzart]!, at('customer_vat_id'), 'LINE_REPEATED', message));
    }
    seen.add(key);
  }
  if (!flags.corrected && lines.length === 1 && Number(lines[0]!.amount) === 0) {
    const message = 'is the one line of a first report, and 0: a report of nothing is not filed';
    findings.push(finding('Meldezeile_Nullmeldung_bei_Erstmeldung', 'lines.0.amount', 'NOTHING_TO_REPORT', message));
  }
  return findings;
}

/**
 * A customer's VAT ID: of another member state or Northern Ireland, in that state's form; for a
 * period before 2021 the United Kingdom's GB, and not yet XI.
 */
function customerFindings(vatId: string, kind: keyof typeof lineKinds, year: number, path: string): Finding[] {
  const prefix = vatId.slice(0, 2);
  const beforeBrexit = year < 2021;
  if (prefix === 'DE')
    return [finding('knre1_Laenderkennzeichen_DE', path, 'VAT_ID_DOMESTIC', 'is a German VAT ID: the ZM reports customers in other member states')];
  if (prefix === 'XI' && beforeBrexit) {
    return [finding('erlaube_nordirische_ustids_2021', path, 'VAT_ID_XI_BEFORE_2021', 'is a Northern Irish VAT ID, which exists from 2021: before, it was GB')];
  }
  if (prefix === 'GB' && !beforeBrexit) {
    return [
      finding('knre_UstIdNr_GB_nur_bis_brexit', path, 'VAT_ID_GB', 'is a British VAT ID, which is no longer reported since Brexit; Northern Ireland is XI'),
    ];
  }
  if (prefix === 'XI' && kind === 'services') {
    return [
      finding(
        'nordirische_ustid_nicht_fuer_sonstige_leistung',
        path,
        'VAT_ID_XI_SERVICES',
        'is a Northern Irish VAT ID, which is reported for goods only, not services',
      ),
    ];
  }
  const problem = customerVatIdProblem(vatId, beforeBrexit);
  if (!problem) return [];
  if (problem.code === 'VAT_ID_COUNTRY') return [{ path, ...problem, rule: 'knre1_Laenderkennzeichen' }];
  // An ID out of its state's form is "unschlüssig" to ERiC, a rule of kind Hinweis: it does not refuse the report.
  const rule: ZmRule = prefix === 'XI' ? 'nordirische_UStIdNr_Erwerber_Unschluessig' : 'UStIdNr_Erwerber_Unschluessig';
  return [{ path, ...problem, rule, severity: 'hint' }];
}
