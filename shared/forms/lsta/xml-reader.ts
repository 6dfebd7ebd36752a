// Reads LStA Nutzdaten (an `Anmeldungssteuern` element, a caller's or our own) back into the
// figures of a request, so the same rules check both, and into the request body that writes the
// same elements and values again (contract §12). It checks the structure only: whether the figures
// are right is `lstaFindings`' part. The formats are those `lstaNutzdaten` writes.
import type { Finding } from '#shared/domain/ticket.ts';
import { anmeldungssteuernSetBySelf, readSupplier, type Supplier } from '#shared/forms/anmeldungssteuern.ts';
import { replacedElements } from '#shared/forms/replaced.ts';
import { partiesOf } from '#shared/forms/parties.ts';
import { commonElementOf, isElement, problemInto, readFilingHead } from '#shared/forms/anmeldungssteuern-xml.ts';
import { lstaFacts } from '#shared/forms/lsta/facts.ts';
import type { EricRuleName } from '#shared/forms/lsta/eric-rules.ts';
import { flagKennzahlen, keyOf, kennzahlOf, type LstaFlag, lstaKennzahlen } from '#shared/forms/lsta/kennzahlen.ts';
import type { LstaFigures, LstaFlags } from '#shared/forms/lsta/model.ts';
import { lstaSchemaStructure } from '#shared/forms/lsta/structure.ts';
import { lstaNamespace } from '#shared/forms/lsta/xml-writer.ts';
import { distinctFindings, readCallerNutzdaten } from '#shared/xml/caller-nutzdaten.ts';
import type { ReadBack } from '#shared/forms/form.ts';
import { readXml, textOf, type XmlTree } from '#shared/xml/xml.ts';

/** What a caller's Nutzdaten say: the return and who files it. */
export type LstaReadFigures = LstaFigures & {
  taxNumber: string;
  herstellerId?: string;
  supplier?: Supplier;
  /** Erstellungsdatum, JJJJMMTT. */
  created?: string;
  /** What the request's fields cannot carry: EOP, the Transferaufgabe of an ELSTER-internal transfer. */
  unmapped?: string[];
};

const flagOf = new Map(Object.entries(flagKennzahlen).map(([flag, kz]): [string, LstaFlag] => [`Kz${kz}`, flag as LstaFlag]));
// The schema's types (LStA-2025.xsd): amounts with exactly two decimals and no leading zeros, counts
// whole and not negative, Kz91 nine digits.
const formats = {
  amount: { pattern: /^(?!-0\.00$)-?(?:0|[1-9][0-9]{0,10})\.[0-9]{2}$/, message: 'must be euros and cents with a dot and exactly two decimals, like 1234.50' },
  count: { pattern: /^(?:0|[1-9][0-9]{0,6})$/, message: 'must be a whole number without leading zeros, like 12' },
  key: { pattern: /^[0-9]{9}$/, message: 'must be nine digits' },
};
/** The element of the Nutzdaten that holds a request field: `kennzahlen.kz42_lfdjahr` is `Kz42_lfdJahr`, `flags.corrected` is `Kz10`. */
export function lstaElementOf(requestPath: string, year: number): string {
  const key = /^kennzahlen\.(\w+)$/.exec(requestPath)?.[1];
  if (key) return kennzahlOf(year, key)?.element ?? `Kz${key.slice(2)}`;
  return commonElementOf(requestPath, flagKennzahlen);
}

/**
 * Reads an `Anmeldungssteuern` element of the LStA: root, namespace and version must match `year`;
 * returns its tree and the figures in request form (kennzahlen keys in lower case, amounts as
 * decimal strings with a dot) or findings (path `xml` or `xml.<Element>`).
 */
export async function readLstaNutzdaten(
  xml: string,
  year: number,
): Promise<{ ok: true; tree: XmlTree; figures: LstaReadFigures } | { ok: false; findings: Finding[] }> {
  if (!lstaKennzahlen(year))
    return { ok: false, findings: [{ path: 'year', code: 'YEAR_NOT_SUPPORTED', message: `must be one of the supported years ${lstaFacts.years.join(', ')}` }] };
  const read = readCallerNutzdaten(xml, {
    year,
    structure: await lstaSchemaStructure(year),
    rootLabel: 'the LStA Nutzdaten, an <Anmeldungssteuern> element',
    namespace: lstaNamespace(year),
    pathOf: lstaPathOf,
    ownValue: readsValue,
  });
  if (!read.ok) return read;
  const findings = read.findings;
  const problem = problemInto<EricRuleName>(findings);
  const root = read.element;
  const steuerfall = root.Steuerfall;
  const filing = isElement(steuerfall) ? steuerfall.Lohnsteueranmeldung : undefined;
  if (!isElement(steuerfall) || !isElement(filing)) {
    problem(isElement(steuerfall) ? 'Lohnsteueranmeldung' : 'Steuerfall', 'XML_STRUCTURE', 'must be there once: <Steuerfall><Lohnsteueranmeldung>…');
    return { ok: false, findings: distinctFindings(findings) };
  }
  const { period, taxNumber } = readFilingHead(
    filing,
    year,
    { year: 'LStA_Jahr_Pflichtfeld', sameYear: 'LStA_Jahr_gleich_VZ', period: 'LStA_Zeitraum_Pflichtfeld', taxNumber: 'LStA_Steuernummer_Pflichtfeld' },
    problem,
  );

  const kennzahlen: Record<string, string> = {};
  const flags: LstaFlags = {};
  let herstellerId: string | undefined;
  for (const [element, node] of Object.entries(filing)) {
    if (element.startsWith('@_') || ['Jahr', 'Zeitraum', 'Steuernummer'].includes(element)) continue;
    const value = textOf(node);
    const flag = flagOf.get(element);
    const spec = kennzahlOf(year, keyOf(element));
    if (value === undefined || value === '') problem(element, 'XML_STRUCTURE', 'must be there once, with a value');
    else if (element === 'Kz09') herstellerId = value;
    else if (element === 'Kz23_Begruendung') flags.supplementary_text = value;
    else if (flag) {
      if (value === '1') flags[flag] = true;
      else problem(element, 'XML_STRUCTURE', 'must be "1" when set; leave the element out otherwise');
    } else if (spec) {
      if (formats[spec.kind].pattern.test(value)) kennzahlen[keyOf(element)] = value;
      else problem(element, 'XML_NUMBER', formats[spec.kind].message);
    } else problem(element, 'XML_STRUCTURE', 'is not an element of the LStA of that year');
  }
  const supplier = readSupplier(root.DatenLieferant, problem);
  if (findings.length > 0) return { ok: false, findings: distinctFindings(findings) };
  const created = textOf(root.Erstellungsdatum);
  return {
    ok: true,
    tree: read.tree,
    figures: {
      year,
      period,
      taxNumber,
      kennzahlen,
      ...partiesOf(steuerfall),
      ...(Object.keys(flags).length > 0 && { flags }),
      ...(herstellerId !== undefined && { herstellerId }),
      ...(supplier && { supplier }),
      ...(created && { created }),
      ...(root.EOP !== undefined && { unmapped: ['EOP'] }),
    },
  };
}

/** `validate?include=body`: a caller's Nutzdaten, which passed the check, as request fields; their year is the form's version. */
export async function readLstaBack(xml: string): Promise<ReadBack> {
  const read = readXml(xml, { strict: true });
  const year = Number(read.ok ? read.tree.attributes.version : undefined);
  const figures = await readLstaNutzdaten(xml, year);
  if (!figures.ok) throw new RangeError('only Nutzdaten that passed the check are read back');
  return { body: lstaBodyOf(figures.figures), unmapped: figures.figures.unmapped ?? [], replaced: replacedElements(xml, anmeldungssteuernSetBySelf) };
}

/**
 * The request body that Nutzdaten read back map to: submitted again, it writes the same elements
 * and values, but for Erstellungsdatum and the Hersteller-ID, which the service sets itself. The
 * request fields the XML does not hold (test, client_reference, …) are the caller's to add.
 */
export function lstaBodyOf(figures: LstaReadFigures): Record<string, unknown> {
  return {
    year: figures.year,
    period: figures.period,
    tax_number: figures.taxNumber,
    ...(figures.supplier && { supplier: figures.supplier }),
    kennzahlen: figures.kennzahlen,
    ...(figures.flags && { flags: figures.flags }),
    ...(figures.business && { business: figures.business }),
    ...(figures.advisor && { advisor: figures.advisor }),
    ...(figures.advisor_client && { advisor_client: figures.advisor_client }),
  };
}

// The values of Lohnsteueranmeldung this reader checks itself, with the codes the request's findings use.
function readsValue(names: readonly string[]): boolean {
  const [steuerfall, filing, element = ''] = names;
  return names.length === 3 && steuerfall === 'Steuerfall' && filing === 'Lohnsteueranmeldung' && !['Kz09', 'Kz23_Begruendung', 'Zeitraum'].includes(element);
}

// Findings name an element as the request's findings do: the elements of Lohnsteueranmeldung by
// their own name (`xml.Kz83`), everything else by its path below the root (`xml.DatenLieferant.Name`).
export function lstaPathOf(names: readonly string[]): string {
  const below = names[0] === 'Steuerfall' && names.length > 1 ? names.slice(names[1] === 'Lohnsteueranmeldung' ? 2 : 1) : names;
  return ['xml', ...(below.length > 0 ? below : names.slice(-1))].join('.');
}
