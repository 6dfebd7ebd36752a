// Reads UStVA Nutzdaten (an `Anmeldungssteuern` element, a caller's or our own) back into the
// figures of a request, so the same rules check both. It checks the structure only: whether the
// figures are right is `ustvaFindings`' part. The formats are those `ustvaNutzdaten` writes.
//
// The document's structure is checked against that year's schema first (shared/xml/caller-nutzdaten.ts); within
// Umsatzsteuervoranmeldung every element must then be one this reader understands, since each one
// carries a figure.

import type { Finding } from '#shared/domain/ticket.ts';
import { ustvaFacts } from '#shared/forms/ustva/facts.ts';
import { flagKennzahlen, type UstvaNutzdatenInput, ustvaNamespace } from '#shared/forms/ustva/xml-writer.ts';
import { readSupplier } from '#shared/forms/anmeldungssteuern.ts';
import { distinctFindings, readCallerNutzdaten } from '#shared/xml/caller-nutzdaten.ts';
import { ustvaSchemaStructure } from '#shared/forms/ustva/structure.ts';
import { textOf, type XmlTree } from '#shared/xml/xml.ts';
import { isoDateOf } from '#shared/tax/dates.ts';
import { isAmount } from '#shared/tax/money.ts';
import { ustvaForm } from '#shared/forms/ustva/kennzahlen.ts';
import type { SpecialFigures, UstvaFigures, UstvaFlags } from '#shared/forms/ustva/model.ts';
import type { EricRuleName } from '#shared/forms/ustva/eric-rules.ts';
import { type advisorClientElements, partiesOf } from '#shared/forms/parties.ts';
import { commonElementOf, isElement, problemInto, readFilingHead } from '#shared/forms/anmeldungssteuern-xml.ts';
import type { UstvaType } from '#shared/forms/ustva/facts.ts';

/** What a caller's Nutzdaten say: the filing they hold, and who files it. */
export type ReadFigures = ((UstvaFigures & { type: 'voranmeldung' }) | SpecialFigures) & {
  taxNumber: string;
  herstellerId?: string;
  supplier?: UstvaNutzdatenInput['supplier'];
  widnr?: string;
  /** Erstellungsdatum, JJJJMMTT. */
  created?: string;
  advisor_client?: Partial<Record<keyof typeof advisorClientElements, string>>;
};

// The filing elements of Steuerfall and the request type each stands for.
const filingElements: readonly (readonly [string, UstvaType])[] = [
  ['Umsatzsteuervoranmeldung', 'voranmeldung'],
  ['Dauerfristverlaengerung', 'dauerfristverlaengerung'],
  ['Umsatzsteuersondervorauszahlung', 'sondervorauszahlung'],
];

type Flag = keyof typeof flagKennzahlen;
const flagOf = new Map(Object.entries(flagKennzahlen).map(([flag, kz]): [string, Flag] => [kz, flag as Flag]));

const kennzahlElement = /^Kz(\d{2})$/;
// ELSTER writes amounts with a dot ([G] toFixed(2)); a comma is a different format, not a typo to guess at.
const plainNumber = /^-?\d+(\.\d+)?$/;
// The schema's number types (UStVA-2025.xsd GanzzahlOhneFuehrNull_MaxVK13…, DezimalzahlOhneFuehrNull_
// MaxL15_MaxVK11_MinNK2_MaxNK2…): bases whole euros of up to 13 digits, tax amounts with exactly two
// decimals; no leading zeros, no plus sign, no negative zero.
const numberFormats = {
  base: { pattern: /^(?:0|-?[1-9][0-9]{0,12})$/, message: 'must be whole euros like 1234 or -1234, without decimals or leading zeros' },
  tax: { pattern: /^(?!-0\.00$)-?(?:0|[1-9][0-9]{0,10})\.[0-9]{2}$/, message: 'must be euros and cents with a dot and exactly two decimals, like 1234.50' },
};

// ERiC's rules of a filing's own elements, named with each filing's prefix (eric-rules.ts).
const filingRules: Record<UstvaType, { year: EricRuleName; sameYear: EricRuleName; taxNumber: EricRuleName; period?: EricRuleName }> = {
  voranmeldung: {
    year: 'UStVA_Jahr_Pflichtfeld',
    sameYear: 'UStVA_Jahr_gleich_VZ',
    taxNumber: 'UStVA_Steuernummer_Pflichtfeld',
    period: 'UStVA_Zeitraum_Pflichtfeld',
  },
  dauerfristverlaengerung: { year: 'Df_Jahr_Pflichtfeld', sameYear: 'Df_Jahr_gleich_VZ', taxNumber: 'Steuernummer_Pflichtfeld' },
  sondervorauszahlung: { year: 'Svz_Jahr_Pflichtfeld', sameYear: 'Svz_Jahr_gleich_VZ', taxNumber: 'Steuernummer_Pflichtfeld' },
};

/**
 * The element of the Nutzdaten that holds a request field, so a finding about the request names
 * the same figure in XML: `kennzahlen.kz83` is `Kz83`, `flags.corrected` is `Kz10`, `period` is `Zeitraum`.
 */
export function ustvaElementOf(requestPath: string): string {
  const kennzahl = /^kennzahlen\.kz(\d{2})$/.exec(requestPath);
  if (kennzahl) return `Kz${kennzahl[1]}`;
  return commonElementOf(requestPath, flagKennzahlen);
}

/**
 * Reads an `Anmeldungssteuern` element: root, namespace and version must match `year`; returns
 * its tree and the figures in request form (kennzahlen keys `kzNN`, amounts as decimal strings with a dot,
 * dates as YYYY-MM-DD) or findings (path `xml` or `xml.<Element>`).
 */
export async function readUstvaNutzdaten(
  xml: string,
  year: number,
): Promise<{ ok: true; tree: XmlTree; figures: ReadFigures } | { ok: false; findings: Finding[] }> {
  const form = ustvaForm(year);
  if (!form) return refused('year', 'YEAR_NOT_SUPPORTED', `must be one of the supported years ${ustvaFacts.years.join(', ')}`);
  const read = readCallerNutzdaten(xml, {
    year,
    structure: await ustvaSchemaStructure(year),
    rootLabel: 'the UStVA Nutzdaten, an <Anmeldungssteuern> element',
    namespace: ustvaNamespace(year),
    pathOf: ustvaPathOf,
    ownValue: readsValue,
    // A Kennzahl the form does not have is named better by the tax rules (KZ_UNKNOWN).
    ownElement: (names) => names.length === 3 && names[1] === 'Umsatzsteuervoranmeldung' && kennzahlElement.test(names[2]!),
  });
  if (!read.ok) return read;

  const findings = read.findings;
  const problem = problemInto<EricRuleName>(findings);
  const root = read.element;
  const steuerfall = root.Steuerfall;
  const present = isElement(steuerfall) ? filingElements.filter(([element]) => steuerfall[element] !== undefined) : [];
  const [first] = present;
  if (!isElement(steuerfall) || !first) {
    problem(
      isElement(steuerfall) ? 'Umsatzsteuervoranmeldung' : 'Steuerfall',
      'XML_STRUCTURE',
      'must be there once: <Steuerfall><Umsatzsteuervoranmeldung>…',
      'UStVA_Df_oder_Svz',
    );
    return { ok: false, findings: distinctFindings(findings) };
  }
  // One filing per submission: a second beside it could name another tax number.
  for (const [other] of present.slice(1)) problem(other, 'XML_STRUCTURE', `must not stand beside ${first[0]}: one filing per submission`, 'UStVA_Df_oder_Svz');
  const [filingElement, type] = first;
  const filing = steuerfall[filingElement];
  if (!isElement(filing)) {
    problem(filingElement, 'XML_STRUCTURE', 'must be there once, with its elements');
    return { ok: false, findings: distinctFindings(findings) };
  }

  const { period, taxNumber } = readFilingHead(filing, year, filingRules[type], problem);

  const kennzahlen: Record<string, string> = {};
  const flags: UstvaFlags = {};
  let herstellerId: string | undefined;
  for (const [element, node] of Object.entries(filing)) {
    if (element.startsWith('@_') || ['Jahr', 'Zeitraum', 'Steuernummer', 'WIdNr'].includes(element)) continue;
    const kz = kennzahlElement.exec(element)?.[1];
    const flag = kz === undefined ? undefined : flagOf.get(kz);
    const value = textOf(node);
    if (element === 'Kz23_Begruendung') {
      if (value) flags.supplementary_text = value;
    } else if (kz === undefined) {
      problem(
        element === '#text' ? filingElement : element,
        'XML_STRUCTURE',
        'is not an element of the UStVA: only Jahr, Zeitraum, Steuernummer, WIdNr and KzNN belong there',
      );
    } else if (value === undefined || value === '') {
      problem(element, 'XML_STRUCTURE', 'must be there once, with a value');
    } else if (kz === '09') {
      herstellerId = value;
    } else if (flag) {
      if (value === '1') flags[flag] = true;
      else problem(element, 'XML_STRUCTURE', 'must be "1" when set; leave the element out otherwise');
    } else if (form.get(kz)?.kind === 'date') {
      const date = isoDateOf(value);
      if (date) kennzahlen[`kz${kz}`] = date;
      else problem(element, 'XML_DATE', 'must be a date written TT.MM.JJJJ');
    } else {
      const kind = kz === '38' ? 'base' : form.get(kz)?.kind;
      const format = kind === 'base' || kind === 'tax' ? numberFormats[kind] : undefined;
      if (format ? format.pattern.test(value) : plainNumber.test(value) && isAmount(value)) kennzahlen[`kz${kz}`] = value;
      // Cents on a base are the mistake the tax rules name too; the same code says so here.
      else if (kind === 'base' && /^-?\d{1,13}\.\d+$/.test(value))
        problem(element, 'KZ_WHOLE_EUROS', 'must be whole euros: the form has no cents for an assessment base');
      else problem(element, 'XML_NUMBER', format?.message ?? 'must be a number with a dot for decimals, like 1234 or 1234.56');
    }
  }

  const supplier = readSupplier(root.DatenLieferant, problem);
  if (findings.length > 0) return { ok: false, findings: distinctFindings(findings) };
  const widnr = textOf(filing.WIdNr);
  const created = textOf(root.Erstellungsdatum);
  const about = {
    taxNumber,
    ...(created ? { created } : {}),
    ...partiesOf(steuerfall),
    ...(Object.keys(flags).length > 0 ? { flags } : {}),
    ...(herstellerId === undefined ? {} : { herstellerId }),
    ...(supplier ? { supplier } : {}),
    ...(widnr ? { widnr } : {}),
  };
  if (type !== 'voranmeldung') {
    const { kz38 } = kennzahlen;
    return { ok: true, tree: read.tree, figures: { type, year, ...about, ...(kz38 !== undefined && { kz38 }) } };
  }
  return { ok: true, tree: read.tree, figures: { type, year, period, kennzahlen, ...about } };
}

// The values of a filing this reader checks itself, with the codes the request's findings use:
// every Kennzahl but the Hersteller-ID, and the filing's year, period and tax number.
function readsValue(names: readonly string[]): boolean {
  const [steuerfall, filing, element = ''] = names;
  if (names.length !== 3 || steuerfall !== 'Steuerfall' || !filings.has(filing!)) return false;
  return ['Jahr', 'Zeitraum', 'Steuernummer'].includes(element) || (kennzahlElement.test(element) && element !== 'Kz09');
}

const refused = (path: string, code: string, message: string) => ({ ok: false as const, findings: [{ path, code, message }] });

// Findings name an element as the request's findings do: Kennzahlen and the fields of a filing by
// their own name (`xml.Kz83`), everything else by its path below the root (`xml.DatenLieferant.Name`).
const filings = new Set(['Steuerfall', 'Umsatzsteuervoranmeldung', 'Dauerfristverlaengerung', 'Umsatzsteuersondervorauszahlung']);
export function ustvaPathOf(names: readonly string[]): string {
  const below = names[0] === 'Steuerfall' && names.length > 1 ? names.slice(filings.has(names[1]!) ? 2 : 1) : names;
  return ['xml', ...(below.length > 0 ? below : names.slice(-1))].join('.');
}
