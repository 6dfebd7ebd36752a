// Reading an E10 element back: a caller's own Nutzdaten are checked before they are sent as they
// are, and the key figures of the PDF protocol are read from the same tree that is transmitted.
import type { Finding } from '#shared/domain/ticket.ts';
import type { NamedIdnr } from '#shared/forms/accepted.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { estNamespace } from '#shared/forms/est/xml-writer.ts';
import { distinctFindings, readCallerNutzdaten } from '#shared/xml/caller-nutzdaten.ts';
import { estSchemaStructure } from '#shared/forms/est/structure.ts';
import type { XmlElement, XmlNode, XmlTree } from '#shared/xml/xml.ts';
import { textOf } from '#shared/xml/xml.ts';
import { germanEuros } from '#shared/tax/money.ts';
import { idnrProblem } from '#shared/tax/idnr.ts';

export interface KeyFigure {
  /** German, as on the form. */
  label: string;
  value: string;
}

/** What identifies a caller's E10 return, for the check to hold against the request. */
export interface EstIdentifiers {
  /** Vorsatz/StNr and Vorsatz/Ordnungsbegriff, where present. */
  taxNumber?: string;
  ordnungsbegriff?: string;
  /** Every IdNr it names, each with its element's path. */
  idnrs: NamedIdnr[];
}

// The elements of E10 that hold an IdNr, all of type IDNrBaseCType in shared/elster/schemas/
// E10-2022.xsd to E10-2024.xsd: Vorsatz/ID and Vorsatz/IDEhefrau, and by field identifier (each
// stands in one place of E10, inside forms whose structure is ERiC's to check) Person A and B of
// ESt1A/Allg, each child (Kind/Ang_Kind/Allg), and the other people a return names: recipients of
// pensions, maintenance and compensation payments (SA), persons in care (AgB), persons maintained
// (ESt1A_U), co-insured persons (VOR).
const idnrFields = new Set([
  'E0100081',
  'E0100082',
  'E0500406',
  'E0181701',
  'E0182101',
  'E0104305',
  'E0103905',
  'E0182301',
  'E0161506',
  'E0120211',
  'E2003804',
]);

const pathOf = (names: readonly string[]) => ['xml', ...names].join('.');

/**
 * Checks a caller's E10 element: root, namespace, version vs `year`, the whole structure of that year's
 * schema, and each IdNr as a request's IdNr is checked; returns what identifies the return and
 * the protocol's key figures, or findings with path `xml…`.
 */
export async function readEstNutzdaten(
  xml: string,
  year: number,
): Promise<({ ok: true; figures: KeyFigure[]; taxpayer?: string } & EstIdentifiers) | { ok: false; findings: Finding[] }> {
  const read = readCallerNutzdaten(xml, {
    year,
    structure: await estSchemaStructure(year),
    rootLabel: 'an <E10> element (the income tax return)',
    namespace: estNamespace(year),
    pathOf,
    // Vorsatz/StNr and Vorsatz/Zeitraum are compared with the request below, and each IdNr is checked as a request's IdNr is.
    ownValue: (names) => (names.length === 2 && names[0] === 'Vorsatz' && ['StNr', 'Zeitraum'].includes(names[1]!)) || holdsIdnr(names),
  });
  if (!read.ok) return read;
  const root = read.element;
  const findings = read.findings;
  const vorsatz = element(root.Vorsatz);
  const period = textOf(vorsatz?.Zeitraum);
  if (period !== undefined && period !== String(year)) {
    findings.push({ path: 'xml', code: 'XML_PERIOD', message: `has Vorsatz/Zeitraum ${period}, but the request is for ${year}`, expected: String(year) });
  }
  const taxNumber = textOf(vorsatz?.StNr);
  if (taxNumber !== undefined && !/^\d{13}$/.test(taxNumber)) {
    findings.push({ path: 'xml', code: 'XML_TAX_NUMBER', message: 'has a Vorsatz/StNr that is not a 13-digit ELSTER tax number' });
  }
  const idnrs = idnrsIn(read.tree);
  for (const { path, idnr } of idnrs) {
    const problem = idnrProblem(idnr);
    if (problem) findings.push({ path, ...problem });
  }
  if (findings.length > 0) return { ok: false, findings: distinctFindings(findings) };
  const ordnungsbegriff = textOf(vorsatz?.Ordnungsbegriff);
  const taxpayer = taxpayerOf(root);
  return {
    ok: true,
    ...(taxpayer !== undefined && { taxpayer }),
    ...(taxNumber !== undefined && { taxNumber }),
    ...(ordnungsbegriff !== undefined && { ordnungsbegriff }),
    idnrs,
    figures: figuresOf(root),
  };
}

/** Every IdNr below `tree` (the E10 root), in document order. */
function idnrsIn(tree: XmlTree, names: readonly string[] = []): NamedIdnr[] {
  return tree.children.flatMap((child) => {
    const path = [...names, child.name];
    if (child.children.length > 0) return idnrsIn(child, path);
    return holdsIdnr(path) ? [{ path: pathOf(path), idnr: child.text }] : [];
  });
}

/** Whether the element at `names` (below the E10 root) holds an IdNr. */
const holdsIdnr = (names: readonly string[]) =>
  idnrFields.has(names.at(-1)!) || (names.length === 2 && names[0] === 'Vorsatz' && (names[1] === 'ID' || names[1] === 'IDEhefrau'));

/** The amounts of one line of wage tax statements: classes 1 to 5, or class 6. */
function wageLines(group: keyof typeof e10.wageStatements, labelSuffix: string) {
  const ids = e10.wageStatements[group];
  const path = ['ArbL', group] as const;
  return [
    { form: 'N', path, id: ids.grossWage, label: `Bruttoarbeitslohn${labelSuffix}` },
    { form: 'N', path, id: ids.incomeTax, label: `Einbehaltene Lohnsteuer${labelSuffix}` },
    { form: 'N', path, id: ids.solidaritySurcharge, label: `Einbehaltener Solidaritätszuschlag${labelSuffix}` },
    { form: 'N', path, id: ids.churchTax, label: `Einbehaltene Kirchensteuer${labelSuffix}` },
  ];
}

// What the protocol shows, form by form in E10's order; amounts of repeated lines are added up.
const amountLines: readonly { form: string; path: readonly string[]; id: string; label: string }[] = [
  { form: 'SA', path: ['KiSt', 'Gezahlt', 'Sum'], id: e10.churchTaxPaid, label: 'Gezahlte Kirchensteuer' },
  // Sum until 2022, Sum_Best from 2023 (fields.ts).
  { form: 'SA', path: ['Zuw', 'Sp_MB', 'Foerd_st_beg_Zw_Inl', 'Sum'], id: e10.donations, label: 'Spenden und Mitgliedsbeiträge' },
  { form: 'SA', path: ['Zuw', 'Sp_MB', 'Foerd_st_beg_Zw_Inl', 'Sum_Best'], id: e10.donations, label: 'Spenden und Mitgliedsbeiträge' },
  { form: 'AgB', path: ['And_Aufw', 'Krankh', 'Sum'], id: e10.medicalCosts, label: 'Krankheitskosten' },
  { form: 'HA_35a', path: ['St_Erm', 'Hhn_BV_DL', 'Sum'], id: e10.householdServicesTotal, label: 'Haushaltsnahe Dienstleistungen' },
  { form: 'HA_35a', path: ['St_Erm', 'Handw_L', 'Sum'], id: e10.craftsmanServicesTotal, label: 'Handwerkerleistungen (Arbeitskosten)' },
  ...wageLines('LStB_1_5_Sum', ''),
  ...wageLines('LStB_6_Sum', ', Steuerklasse 6'),
  { form: 'N', path: ['Wk', 'Arbeitsmittel', 'Sum'], id: e10.workEquipmentTotal, label: 'Arbeitsmittel' },
  { form: 'N', path: ['Wk', 'Weitere_Wk', 'Sum'], id: e10.otherExpensesTotal, label: 'Weitere Werbungskosten' },
  { form: 'R', path: ['Leibr_gesetzl', 'Einz'], id: e10.pensionAmount, label: 'Rentenbetrag (gesetzliche Rente)' },
  { form: 'VOR', path: ['Beitr_g_KV_PV_Inl', 'AN'], id: e10.healthInsurance, label: 'Beiträge zur gesetzlichen Kranken- und Pflegeversicherung' },
];

const formOrder = ['SA', 'AgB', 'HA_35a', 'N', 'R', 'VOR'];

/** Person A's first and last name (ESt1A/Allg/A), as the protocol names whom the return is for. */
function taxpayerOf(root: XmlElement): string | undefined {
  const personA = element(element(element(root.ESt1A)?.Allg)?.A);
  const { firstName, lastName } = e10.person.taxpayer;
  const name = [textOf(personA?.[firstName]), textOf(personA?.[lastName])].filter(Boolean).join(' ');
  return name || undefined;
}

function figuresOf(root: XmlElement): KeyFigure[] {
  const figures: KeyFigure[] = [];
  const assessment = element(element(element(root.ESt1A)?.Allg)?.Vlg_Art);
  if (assessment?.[e10.jointAssessment] !== undefined) figures.push({ label: 'Veranlagungsart', value: 'Zusammenveranlagung' });
  if (assessment?.[e10.separateAssessment] !== undefined) figures.push({ label: 'Veranlagungsart', value: 'Einzelveranlagung von Ehegatten' });

  // Person-specific lines name their person once the return has two.
  const hasTwoPersons = element(element(root.ESt1A)?.Allg)?.B !== undefined;
  for (const form of formOrder) {
    for (const instance of list(root[form]).map(element)) {
      if (!instance) continue;
      const person = textOf(instance.Person);
      const suffix = hasTwoPersons && person ? ` (${person === 'PersonB' ? 'Person B' : 'Person A'})` : '';
      if (form === 'N') {
        // Classes 1 to 5 only: class 6 has its own lines, labelled so.
        const taxClass = textOf(element(element(instance.ArbL)?.LStB_1_5_Sum)?.[e10.wageStatements.LStB_1_5_Sum.taxClass]);
        if (taxClass && /^[1-5]$/.test(taxClass)) figures.push({ label: `Steuerklasse${suffix}`, value: taxClass });
      }
      for (const line of amountLines.filter((line) => line.form === form)) {
        const texts = valuesAt(instance, [...line.path, line.id]).map((node) => textOf(node) ?? '');
        const amounts = texts.map(amountCents).filter((cents) => cents !== undefined);
        if (amounts.length === 0) continue;
        const total = amounts.reduce((sum, cents) => sum + cents, 0);
        figures.push({
          label: `${line.label}${suffix}`,
          value: germanEuros(
            total,
            texts.some((text) => text.includes(',')),
          ),
        });
      }
      if (form === 'N') {
        for (const commute of valuesAt(instance, ['Wk', 'EP', 'Erste_Taetig']).map(element)) {
          const days = textOf(commute?.[e10.officeDays]);
          const km = textOf(commute?.[e10.commuteKm]);
          if (days && km && /^\d{1,4}$/.test(days) && /^\d{1,4}$/.test(km)) {
            figures.push({ label: `Wege zur ersten Tätigkeitsstätte${suffix}`, value: `${days} Tage, ${km} km` });
          }
        }
      }
    }
  }
  return figures;
}

const list = (node: XmlNode | undefined): XmlNode[] => (node === undefined ? [] : Array.isArray(node) ? node : [node]);
const element = (node: XmlNode | undefined): XmlElement | undefined =>
  node !== undefined && typeof node === 'object' && !Array.isArray(node) ? node : undefined;

/** Every node at `path` below `from`, through repeated elements. */
function valuesAt(from: XmlElement, path: readonly string[]): XmlNode[] {
  let nodes: XmlNode[] = [from];
  for (const name of path) {
    nodes = nodes.flatMap((node) => list(element(node)?.[name]));
  }
  return nodes;
}

// ELSTER writes whole euros ("45000") or euros and cents with a decimal comma ("6200,00") [E][JL].
// Anything else in a caller's XML is not shown rather than guessed at.
function amountCents(text: string): number | undefined {
  const match = /^(\d{1,13})(?:,(\d{2}))?$/.exec(text);
  return match ? Number(match[1]) * 100 + Number(match[2] ?? 0) : undefined;
}
