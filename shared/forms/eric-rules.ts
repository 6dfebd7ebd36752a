// ERiC's plausibility rules as a form's rule workbooks list them (shared/elster/rules/
// Jahresdokumentation_{form}_{year}.xml): each rule's context, its name (what ERiC reports as
// `FehlerRegelpruefung/RegelName` and findings carry as `rule`), its kind (Fehler refuses, Hinweis
// informs), and the first and last workbook it is in. Each form lists its own (ustva/eric-rules.ts,
// lsta/eric-rules.ts), checked against the workbooks by eric-rules.test.ts.
import type { Finding } from '#shared/domain/ticket.ts';

export type EricRuleEntry = readonly [context: string, name: string, kind: 'Fehler' | 'Hinweis', since?: number, until?: number];

/** A form's rules by name; `first` is its first workbook, `newest` the one a later year takes until its own is published. */
export function ericRuleBook<Name extends string>(rules: readonly (EricRuleEntry & readonly [string, Name, ...unknown[]])[], first: number, newest: number) {
  const entries = new Map<string, EricRuleEntry>(rules.map((entry) => [entry[1], entry]));

  /** Whether `name` is a rule of `year`'s workbook. */
  function isEricRuleOf(name: Name, year: number): boolean {
    const entry = entries.get(name);
    // Names built from Kennzahlen are checked here, since the compiler cannot see them.
    if (!entry) throw new RangeError(`no ERiC rule ${name}`);
    const workbook = Math.min(year, newest);
    return workbook >= (entry[3] ?? first) && workbook <= (entry[4] ?? newest);
  }

  /**
   * `finding` as rule `name` of `year` reports it: with the rule's name, a hint when the rule is a
   * Hinweis; none when the rule is not in that year's workbook.
   */
  function ericFinding(name: Name, year: number, finding: Omit<Finding, 'rule' | 'severity'>): Finding[] {
    if (!isEricRuleOf(name, year)) return [];
    return [{ ...finding, rule: name, ...(entries.get(name)?.[2] === 'Hinweis' && { severity: 'hint' as const }) }];
  }

  return { isEricRuleOf, ericFinding };
}

/** The rules on the frame and its supplier, the first rows of the UStVA's and the LStA's workbooks alike. */
export const frameRules = [
  ['Anmeldungssteuern', 'Erstellungsdatum_Pflichtfeld', 'Fehler'],
  ['DatenLieferant', 'Name_Pflichtfeld', 'Fehler'],
  ['DatenLieferant', 'Strasse_Pflichtfeld', 'Fehler'],
  ['DatenLieferant', 'PLZ_Pflichtfeld', 'Fehler'],
  ['DatenLieferant', 'Ort_Pflichtfeld', 'Fehler'],
] as const satisfies readonly EricRuleEntry[];

/**
 * The rules on the advisor's and the business's blocks, the same rows in the UStVA's and the LStA's
 * workbooks (shared/elster/rules/Jahresdokumentation_{UStVA,LStA}_{2021..2025}.xml), in their order;
 * each form's list holds them in its place, and its test checks the whole list against its workbooks.
 */
export const partyRules = [
  ['Berater', 'Berater_Name', 'Fehler'],
  ['Berater', 'Berater_Adresse', 'Fehler'],
  ['Berater', 'Berater_Anschrift', 'Fehler'],
  ['Berater', 'Berater_Ort', 'Fehler'],
  ['Berater', 'Berater_PostfachOrt', 'Fehler'],
  ['Berater', 'Berater_PLZ', 'Fehler'],
  ['Berater', 'Berater_Land', 'Fehler'],
  ['Berater', 'Berater_Land_Ausland', 'Fehler'],
  ['Berater', 'Berater_Postfachanschrift', 'Fehler'],
  ['Berater', 'Berater_Hausnummerzusatz', 'Fehler'],
  ['Berater', 'Berater_Str_Hausnummer', 'Hinweis'],
  ['Unternehmer', 'Unternehmer_Name', 'Fehler'],
  ['Unternehmer', 'Unternehmer_Adresse', 'Fehler'],
  ['Unternehmer', 'Unternehmer_Anschrift', 'Fehler'],
  ['Unternehmer', 'Unternehmer_Ort', 'Fehler'],
  ['Unternehmer', 'Unternehmer_PostfachOrt', 'Fehler'],
  ['Unternehmer', 'Unternehmer_PLZ', 'Fehler'],
  ['Unternehmer', 'Unternehmer_Land', 'Fehler'],
  ['Unternehmer', 'Unternehmer_Land_Ausland', 'Fehler'],
  ['Unternehmer', 'Unternehmer_Postfachanschrift', 'Fehler'],
  ['Unternehmer', 'Unternehmer_Hausnummerzusatz', 'Fehler'],
  ['Unternehmer', 'Unternehmer_Str_Hausnummer', 'Hinweis'],
] as const satisfies readonly EricRuleEntry[];
