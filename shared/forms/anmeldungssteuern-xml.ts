// Writing and reading what every Anmeldungssteuern filing (UStVA, LStA) holds alike: the frame
// around its filing element (Erstellungsdatum, DatenLieferant, the parties), and within the filing
// its year, tax number, Hersteller-ID (Kz09), flag Kennzahlen and Kz 23's text. What each form's
// filing holds beyond them, and how it checks it, is the form's own (its xml-writer and xml-reader).
import type { Finding } from '#shared/domain/ticket.ts';
import { berlinDate } from '#shared/domain/berlin-date.ts';
import { type Supplier, supplierXml } from '#shared/forms/anmeldungssteuern.ts';
import { partyElementOf } from '#shared/forms/parties.ts';
import { buildXml } from '#shared/xml/build.ts';
import type { ElementFacts } from '#shared/xml/structure.ts';
import { textOf, type XmlElement, type XmlNode } from '#shared/xml/xml.ts';

/** A form's flag Kennzahlen: request flag → its Kennzahl's number (`corrected: '10'`). */
type FlagKennzahlen = Readonly<Record<string, string>>;

/** The elements of the filing every form writes alike, the tax number checked first: Jahr, Steuernummer, Kz09, the flags set and Kz23_Begruendung. */
export function commonFilingValues(
  input: { year: number; taxNumber: string; herstellerId: string; flags?: { supplementary_text?: string } | undefined },
  flagKennzahlen: FlagKennzahlen,
): [string, string][] {
  if (!/^\d{13}$/.test(input.taxNumber)) throw new RangeError('the tax number must have 13 digits (ELSTER format)');
  return [
    ['Jahr', String(input.year)],
    ['Steuernummer', input.taxNumber],
    ['Kz09', input.herstellerId],
    ...Object.entries(flagKennzahlen)
      .filter(([flag]) => (input.flags as Readonly<Record<string, unknown>> | undefined)?.[flag] === true)
      .map(([, kz]): [string, string] => [`Kz${kz}`, '1']),
    ...(input.flags?.supplementary_text === undefined ? [] : [['Kz23_Begruendung', input.flags.supplementary_text] as [string, string]]),
  ];
}

/**
 * The `Anmeldungssteuern` element, without an XML declaration, with `values` as the elements of the
 * filing `filing.name` in the order of its `children` (that year's schema); an element the filing
 * does not have throws rather than be dropped.
 */
export function anmeldungssteuernXml(
  frame: {
    namespace: string;
    year: number;
    createdAt: Date;
    supplier?: Supplier | undefined;
    parties?: Readonly<Record<string, Record<string, string>>> | undefined;
  },
  filing: ElementFacts,
  values: readonly [string, string][],
): string {
  const names = (filing.children ?? []).map((facts) => facts.name);
  for (const [name] of values) if (!names.includes(name)) throw new RangeError(`${name} is not an element of ${filing.name} in ${frame.year}`);
  const elements = Object.fromEntries([...new Map(values)].sort(([a], [b]) => names.indexOf(a) - names.indexOf(b)));
  return buildXml({
    Anmeldungssteuern: {
      '@_xmlns': frame.namespace,
      '@_version': String(frame.year),
      Erstellungsdatum: berlinDate(frame.createdAt).replaceAll('-', ''),
      ...(frame.supplier ? { DatenLieferant: supplierXml(frame.supplier) } : {}),
      // Berater, Mandant and Unternehmer come before the filing (the schema's order).
      Steuerfall: { ...frame.parties, [filing.name]: elements },
    },
  });
}

export const isElement = (node: XmlNode | undefined): node is XmlElement => typeof node === 'object' && !Array.isArray(node);

/** Request fields every filing holds in an element of its own, by request path. */
const requestElements: Record<string, string> = {
  period: 'Zeitraum',
  year: 'Jahr',
  tax_number: 'Steuernummer',
  'flags.supplementary_text': 'Kz23_Begruendung',
};

/** The element of a request field every filing has alike: a flag's Kennzahl (`flags.corrected` is `Kz10`), a party's element, `period` is `Zeitraum`. */
export function commonElementOf(requestPath: string, flagKennzahlen: FlagKennzahlen): string {
  const flag = /^flags\.(\w+)$/.exec(requestPath)?.[1];
  if (flag && flag in flagKennzahlen) return `Kz${flagKennzahlen[flag]}`;
  return partyElementOf(requestPath) ?? requestElements[requestPath] ?? requestPath;
}

/** How a reader hears what is wrong with an element: a finding at `xml.<element>` (`xml` for none), with ERiC's rule where one names it. */
export type Problem<Rule extends string> = (element: string, code: string, message: string, rule?: Rule) => void;

/** A `Problem` that adds its findings to `findings`. */
export const problemInto =
  <Rule extends string>(findings: Finding[]): Problem<Rule> =>
  (element, code, message, rule) =>
    findings.push({ path: element ? `xml.${element}` : 'xml', code, message, ...(rule && { rule }) });

/**
 * The year, period and tax number of a filing element, each required with a value under ERiC's rule
 * of it (`period` only where the filing has one): the year must be `year`, the form's, and the tax
 * number have ELSTER's 13 digits. An element missing reads as ''.
 */
export function readFilingHead<Rule extends string>(
  filing: XmlElement,
  year: number,
  rules: { year: Rule; sameYear: Rule; taxNumber: Rule; period?: Rule | undefined },
  problem: Problem<Rule>,
): { period: string; taxNumber: string } {
  const text = (element: string, rule: Rule) => {
    const value = textOf(filing[element]);
    if (value === undefined || value === '') problem(element, 'XML_STRUCTURE', 'must be there once, with a value', rule);
    return value ?? '';
  };
  const jahr = text('Jahr', rules.year);
  if (jahr !== '' && jahr !== String(year)) problem('Jahr', 'XML_VERSION', `must be ${year}, the year of the form`, rules.sameYear);
  const period = rules.period ? text('Zeitraum', rules.period) : '';
  const taxNumber = text('Steuernummer', rules.taxNumber);
  if (taxNumber !== '' && !/^\d{13}$/.test(taxNumber)) problem('Steuernummer', 'TAX_NUMBER_FORMAT', 'must be the 13-digit ELSTER tax number');
  return { period, taxNumber };
}
