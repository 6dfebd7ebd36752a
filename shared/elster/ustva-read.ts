// Reads UStVA Nutzdaten (an `Anmeldungssteuern` element, a caller's or our own) back into the
// figures of a request, so the same rules check both. It checks the structure only: whether the
// figures are right is `ustvaFindings`' part. The formats are those `ustvaNutzdaten` writes.
//
// Within Umsatzsteuervoranmeldung every element must be one it understands, since each one
// carries a figure; elsewhere it reads what it needs and leaves other elements to ERiC's schema
// check.

import type { Finding } from '#shared/domain/ticket.ts';
import { supportedYears } from '#shared/domain/years.ts';
import { flagKennzahlen, supplierElements, type UstvaNutzdatenInput, ustvaNamespace } from '#shared/elster/ustva-xml.ts';
import { parseXml, textOf, type XmlElement, type XmlNode } from '#shared/elster/xml.ts';
import { isAmount } from '#shared/tax/money.ts';
import { ustvaForm } from '#shared/tax/ustva-form.ts';
import type { UstvaFigures } from '#shared/tax/ustva-rules.ts';

export type ReadFigures = UstvaFigures & { taxNumber: string; herstellerId?: string; supplier?: UstvaNutzdatenInput['supplier'] };

type Flag = keyof typeof flagKennzahlen;
const flagOf = new Map(Object.entries(flagKennzahlen).map(([flag, kz]): [string, Flag] => [kz, flag as Flag]));

const kennzahlElement = /^Kz(\d{2})$/;
// ELSTER writes amounts with a dot ([G] toFixed(2)); a comma is a different format, not a typo to guess at.
const plainNumber = /^-?\d+(\.\d+)?$/;
const elsterDate = /^(\d{2})\.(\d{2})\.(\d{4})$/;

const isElement = (node: XmlNode | undefined): node is XmlElement => typeof node === 'object' && !Array.isArray(node);

const requestElements: Record<string, string> = { period: 'Zeitraum', year: 'Jahr', tax_number: 'Steuernummer' };

/**
 * The element of the Nutzdaten that holds a request field, so a finding about the request names
 * the same figure in XML: `kennzahlen.kz83` is `Kz83`, `flags.corrected` is `Kz10`, `period` is `Zeitraum`.
 */
export function ustvaElementOf(requestPath: string): string {
  const kennzahl = /^kennzahlen\.kz(\d{2})$/.exec(requestPath);
  if (kennzahl) return `Kz${kennzahl[1]}`;
  const flag = /^flags\.(\w+)$/.exec(requestPath)?.[1];
  if (flag && flag in flagKennzahlen) return `Kz${flagKennzahlen[flag as Flag]}`;
  return requestElements[requestPath] ?? requestPath;
}

/**
 * Reads an `Anmeldungssteuern` element: root, namespace and version must match `year`; returns
 * the figures in request form (kennzahlen keys `kzNN`, amounts as decimal strings with a dot,
 * dates as YYYY-MM-DD) or findings (path `xml` or `xml.<Element>`).
 */
export function readUstvaNutzdaten(xml: string, year: number): { ok: true; figures: ReadFigures } | { ok: false; findings: Finding[] } {
  const form = ustvaForm(year);
  if (!form) return refused('year', 'YEAR_NOT_SUPPORTED', `must be one of the supported years ${supportedYears.join(', ')}`);
  const parsed = parseXml(xml);
  if (!parsed.ok) return refused('xml', parsed.problem.code, parsed.problem.message);
  if (parsed.root !== 'Anmeldungssteuern') {
    return refused('xml', 'XML_ROOT', `must be the UStVA Nutzdaten, an <Anmeldungssteuern> element, not <${parsed.root}>`);
  }

  const findings: Finding[] = [];
  const problem = (element: string, code: string, message: string) => findings.push({ path: element ? `xml.${element}` : 'xml', code, message });
  const root = parsed.element;
  if (root['@_xmlns'] !== ustvaNamespace(year)) problem('', 'XML_NAMESPACE', `must have the namespace ${ustvaNamespace(year)} of the ${year} form`);
  if (root['@_version'] !== String(year)) problem('', 'XML_VERSION', `must have version="${year}", the ${year} form`);

  const steuerfall = root.Steuerfall;
  const voranmeldung = isElement(steuerfall) ? steuerfall.Umsatzsteuervoranmeldung : undefined;
  if (!isElement(voranmeldung)) {
    problem(isElement(steuerfall) ? 'Umsatzsteuervoranmeldung' : 'Steuerfall', 'XML_STRUCTURE', 'must be there once: <Steuerfall><Umsatzsteuervoranmeldung>…');
    return { ok: false, findings };
  }

  const text = (element: string) => {
    const value = textOf(voranmeldung[element]);
    if (value === undefined || value === '') problem(element, 'XML_STRUCTURE', 'must be there once, with a value');
    return value ?? '';
  };
  const jahr = text('Jahr');
  if (jahr !== '' && jahr !== String(year)) problem('Jahr', 'XML_VERSION', `must be ${year}, the year of the form`);
  const period = text('Zeitraum');
  const taxNumber = text('Steuernummer');
  if (taxNumber !== '' && !/^\d{13}$/.test(taxNumber)) problem('Steuernummer', 'TAX_NUMBER_FORMAT', 'must be the 13-digit ELSTER tax number');

  const kennzahlen: Record<string, string> = {};
  const flags: NonNullable<UstvaFigures['flags']> = {};
  let herstellerId: string | undefined;
  for (const [element, node] of Object.entries(voranmeldung)) {
    if (element.startsWith('@_') || ['Jahr', 'Zeitraum', 'Steuernummer'].includes(element)) continue;
    const kz = kennzahlElement.exec(element)?.[1];
    const flag = kz === undefined ? undefined : flagOf.get(kz);
    const value = textOf(node);
    if (kz === undefined) {
      problem(element === '#text' ? 'Umsatzsteuervoranmeldung' : element, 'XML_STRUCTURE', 'is not an element of the UStVA: only Jahr, Zeitraum, Steuernummer and KzNN belong there');
    } else if (value === undefined || value === '') {
      problem(element, 'XML_STRUCTURE', 'must be there once, with a value');
    } else if (kz === '09') {
      herstellerId = value;
    } else if (flag) {
      if (value === '1') flags[flag] = true;
      else problem(element, 'XML_STRUCTURE', 'must be "1" when set; leave the element out otherwise');
    } else if (form.get(kz)?.kind === 'date') {
      const date = elsterDate.exec(value);
      if (date) kennzahlen[`kz${kz}`] = `${date[3]}-${date[2]}-${date[1]}`;
      else problem(element, 'XML_DATE', 'must be a date written TT.MM.JJJJ');
    } else if (plainNumber.test(value) && isAmount(value)) {
      kennzahlen[`kz${kz}`] = value;
    } else {
      problem(element, 'XML_NUMBER', 'must be a number with a dot for decimals, like 1234 or 1234.56');
    }
  }

  const supplier = readSupplier(root.DatenLieferant, problem);
  if (findings.length > 0) return { ok: false, findings };
  return {
    ok: true,
    figures: {
      year,
      period,
      taxNumber,
      kennzahlen,
      ...(Object.keys(flags).length > 0 ? { flags } : {}),
      ...(herstellerId === undefined ? {} : { herstellerId }),
      ...(supplier ? { supplier } : {}),
    },
  };
}

function readSupplier(node: XmlNode | undefined, problem: (element: string, code: string, message: string) => void): UstvaNutzdatenInput['supplier'] {
  if (node === undefined) return undefined;
  if (!isElement(node)) {
    problem('DatenLieferant', 'XML_STRUCTURE', 'must be there at most once, with Name and the address as elements');
    return undefined;
  }
  const fields = Object.entries(supplierElements).flatMap(([element, field]) => {
    const value = textOf(node[element]);
    if (node[element] !== undefined && value === undefined) problem(`DatenLieferant.${element}`, 'XML_STRUCTURE', 'must be there at most once, as text');
    return value ? [[field, value]] : [];
  });
  const supplier = Object.fromEntries(fields) as Partial<NonNullable<UstvaNutzdatenInput['supplier']>>;
  if (supplier.name === undefined) {
    problem('DatenLieferant.Name', 'XML_STRUCTURE', 'must be there: the name of whoever supplies the data');
    return undefined;
  }
  return { ...supplier, name: supplier.name };
}

const refused = (path: string, code: string, message: string) => ({ ok: false as const, findings: [{ path, code, message }] });
