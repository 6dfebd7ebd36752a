// Reads ZM Nutzdaten (a `zm` element, a caller's or our own) back into the fields of a request, so
// the same rules check both and `include=body` can hand them back. The structure is checked against
// the schema first (shared/xml/caller-nutzdaten.ts); here what the structure cannot say: one report
// per submission, the values ERiC's workbook fixes, and what the request's fields cannot carry.
import type { Finding } from '#shared/domain/ticket.ts';
import { kindOfUmsatzart, periodOfQuart, type ZmFigures, type ZmFlags, type ZmLine } from '#shared/forms/zm/model.ts';
import { ericAdmission, euro, zmSchemaStructure, zmVersion } from '#shared/forms/zm/structure.ts';
import { addressElements, type ZmBusiness } from '#shared/forms/zm/xml-writer.ts';
import { distinctFindings, readCallerNutzdaten } from '#shared/xml/caller-nutzdaten.ts';
import type { XmlTree } from '#shared/xml/xml.ts';

/** A report as the request's fields hold it, and what they cannot carry (element paths). */
export interface ReadZm {
  body: { year: number; vat_id: string; period: string; business: ZmBusiness; lines: ZmLine[]; flags: Required<ZmFlags> };
  figures: ZmFigures;
  unmapped: string[];
}

const report = ['unternehmer', 'zm-zeilen'];
const requestElements: Record<string, string> = {
  vat_id: 'unternehmer.knri',
  period: 'unternehmer.zm-zeilen.mzr.quart',
  year: 'unternehmer.zm-zeilen.mzr.jahr',
  'flags.corrected': 'unternehmer.zm-zeilen',
  'flags.monthly_notice': 'unternehmer.zm-zeilen.anzeige',
  'flags.monthly_revoked': 'unternehmer.zm-zeilen.widerruf',
  ...Object.fromEntries(Object.entries(addressElements).map(([element, field]) => [`business.${field}`, `unternehmer.anschrift.${element}`])),
};
const lineElements: Record<string, string> = { customer_vat_id: 'knre', amount: 'betrag', kind: 'zeile' };

/** The element that holds a request field, so a finding about the request names the same value in XML. */
export function zmElementOf(requestPath: string): string {
  const line = /^lines\.(\d+)\.(\w+)$/.exec(requestPath);
  if (line) return `unternehmer.zm-zeilen.zeile.${line[1]}${line[2] === 'kind' ? '' : `.${lineElements[line[2]!] ?? line[2]}`}`;
  return requestElements[requestPath] ?? requestPath;
}

export const xmlPathOf = (names: readonly string[]) => ['xml', ...names].join('.');
const child = (node: XmlTree | undefined, name: string) => node?.children.find((candidate) => candidate.name === name);
const childrenNamed = (node: XmlTree | undefined, name: string) => node?.children.filter((candidate) => candidate.name === name) ?? [];

/**
 * Reads a `zm` element: no namespace, the schema's version, one business with one report; returns
 * its tree, its fields in request form, or the findings (paths `xml.…`) that refuse it.
 */
export async function readZmNutzdaten(
  xml: string,
): Promise<{ ok: true; tree: XmlTree; read: ReadZm; findings: Finding[] } | { ok: false; findings: Finding[] }> {
  const read = readCallerNutzdaten(xml, {
    year: 0,
    structure: await zmSchemaStructure(),
    rootLabel: 'the ZM Nutzdaten, a <zm> element',
    namespace: '',
    version: zmVersion,
    pathOf: xmlPathOf,
    // The report's currency and kind and each line's kind of supply are checked below, with ERiC's rule names.
    ownValue: (names) => ['@waehrung', '@meldeart', '@umsatzart'].includes(names.at(-1)!),
  });
  if (!read.ok) return read;
  const findings = read.findings;
  const problem = (path: string, code: string, message: string, rule?: string) => findings.push({ path: `xml.${path}`, code, message, ...(rule && { rule }) });

  // One business and one period per submission: the ticket names one USt-IdNr and one period.
  const businesses = childrenNamed(read.tree, 'unternehmer');
  const reports = childrenNamed(businesses[0], 'zm-zeilen');
  if (businesses.length > 1) problem('unternehmer', 'XML_ONE_REPORT', 'must be there once: one business per submission');
  if (reports.length > 1) problem(report.join('.'), 'XML_ONE_REPORT', 'must be there once: one period per submission');
  const business = businesses[0];
  const lines = reports[0];
  const period = child(lines, 'mzr');
  if (!business || !lines || !period || findings.length > 0) return { ok: false, findings: distinctFindings(findings) };

  const unmapped: string[] = [];
  const admission = child(business, 'zulassNr');
  if (child(admission, 'zulnr1')?.text !== ericAdmission.zulnr1) {
    problem(
      'unternehmer.zulassNr.zulnr1',
      'XML_VALUE',
      `must be "${ericAdmission.zulnr1}", the letter of a report sent through ERiC`,
      'zulnr1_Teilnehmernummer_Inhalt',
    );
  }
  // An attribute left out is the workbook's Pflicht rule of its field.
  const waehrung = lines.attributes.waehrung;
  if (waehrung !== euro)
    problem(report.join('.'), 'XML_VALUE', `must carry waehrung="${euro}": reports are in euros`, waehrung === undefined ? 'waehrung_Pflicht' : undefined);
  const meldeart = lines.attributes.meldeart;
  if (meldeart !== '10' && meldeart !== '11') {
    const rule = meldeart === undefined ? 'meldeart_Pflicht' : undefined;
    problem(report.join('.'), 'XML_VALUE', 'must carry meldeart="10" (a first report) or "11" (a corrected one)', rule);
  }

  const address = child(business, 'anschrift');
  const businessFields = Object.fromEntries(
    Object.entries(addressElements).flatMap(([element, field]) => {
      const value = child(address, element)?.text;
      return value === undefined ? [] : [[field, value]];
    }),
  ) as unknown as ZmBusiness;

  const flag = (name: string) => {
    const text = child(lines, name)?.text;
    // xs:boolean's other literals mean the same, but the service writes true and false.
    if (text === '1' || text === '0') unmapped.push(`zm/unternehmer/zm-zeilen/${name}`);
    return text === 'true' || text === '1';
  };
  const flags = { corrected: meldeart === '11', monthly_notice: flag('anzeige'), monthly_revoked: flag('widerruf') };

  const zeilen: ZmLine[] = [];
  for (const [index, zeile] of childrenNamed(lines, 'zeile').entries()) {
    const kind = kindOfUmsatzart.get(zeile.attributes.umsatzart ?? '');
    const rule = zeile.attributes.umsatzart === undefined ? 'umsatzart_Pflicht' : undefined;
    if (!kind) problem(`unternehmer.zm-zeilen.zeile.${index}`, 'XML_VALUE', 'must carry umsatzart="L" (goods), "D" (triangular trade) or "S" (services)', rule);
    zeilen.push({ customer_vat_id: child(zeile, 'knre')?.text ?? '', amount: Number(child(zeile, 'betrag')?.text), kind: kind ?? 'goods' });
  }
  const periodName = periodOfQuart.get(String(Number(child(period, 'quart')?.text)));
  if (!periodName) problem('unternehmer.zm-zeilen.mzr.quart', 'XML_VALUE', 'must be a period of the ZM: 1–5, 11–14 or 21–32');
  if (findings.some((finding) => finding.severity !== 'hint')) return { ok: false, findings: distinctFindings(findings) };

  const year = Number(child(period, 'jahr')?.text);
  const body = { year, vat_id: child(business, 'knri')?.text ?? '', period: periodName!, business: businessFields, lines: zeilen, flags };
  const figures: ZmFigures = { year, period: body.period, lines: zeilen, flags, business: businessFields };
  return { ok: true, tree: read.tree, read: { body, figures, unmapped }, findings };
}
