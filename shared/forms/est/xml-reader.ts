// Reading an E10 element back: a caller's own Nutzdaten are checked before they are sent as they
// are, and the key figures of the PDF protocol are read from the same tree that is transmitted.
import type { Finding } from '#shared/domain/ticket.ts';
import type { NamedIdnr } from '#shared/forms/accepted.ts';
import { estNamespace } from '#shared/forms/est/xml-writer.ts';
import { distinctFindings, readCallerNutzdaten } from '#shared/xml/caller-nutzdaten.ts';
import { estSchemaStructure } from '#shared/forms/est/structure.ts';
import type { XmlElement, XmlTree } from '#shared/xml/xml.ts';
import { amountCents, element, list, valuesAt, type AmountLine, type KeyFigure } from '#shared/forms/est/read-parts.ts';
import { mainFormFigures } from '#shared/forms/est/anlagen/main-form.ts';
import { saAnlage, specialExpenseLines } from '#shared/forms/est/anlagen/sa.ts';
import { agbAnlage, extraordinaryBurdenLines } from '#shared/forms/est/anlagen/agb.ts';
import { ha35aAnlage, householdServiceLines } from '#shared/forms/est/anlagen/ha-35a.ts';
import { commuteFigures, employmentLines, statementFigures, taxClassFigures } from '#shared/forms/est/anlagen/n.ts';
import { pensionLines, rAnlage } from '#shared/forms/est/anlagen/r.ts';
import { provisionLines } from '#shared/forms/est/anlagen/vorsorge.ts';
import { textOf } from '#shared/xml/xml.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { germanEuros } from '#shared/tax/money.ts';
import { idnrProblem } from '#shared/tax/idnr.ts';
import { mappedRows } from '#shared/forms/est/anlagen/mapped.ts';

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

/** Where a caller's element is, for a finding. */
export const xmlPathOf = (names: readonly string[]) => ['xml', ...names].join('.');

/** Every IdNr a caller's E10 names, each with its element's path. */
type Idnrs = { idnrs: NamedIdnr[] };

/**
 * Checks a caller's E10 element: root, namespace, version vs `year`, the whole structure of that year's
 * schema, and each IdNr as a request's IdNr is checked; returns its tree, for the check to hold its
 * identifiers against the request, its element and its IdNrs, or findings with path `xml…`. The check
 * needs no more, so the functions that check carry none of the protocol's figures.
 */
export async function checkEstNutzdaten(
  xml: string,
  year: number,
): Promise<({ ok: true; root: XmlElement; tree: XmlTree } & Idnrs) | { ok: false; findings: Finding[] }> {
  const read = readCallerNutzdaten(xml, {
    year,
    structure: await estSchemaStructure(year),
    rootLabel: 'an <E10> element (the income tax return)',
    namespace: estNamespace(year),
    pathOf: xmlPathOf,
    // Vorsatz/Zeitraum is compared with the request below, Vorsatz/StNr's form too, and each IdNr is checked as a request's IdNr is.
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
  return { ok: true, root, tree: read.tree, idnrs };
}

/** What checkEstNutzdaten finds, and the protocol's key figures and whom the return is for: the sandbox's re-check. */
export async function readEstNutzdaten(
  xml: string,
  year: number,
): Promise<({ ok: true; figures: KeyFigure[]; taxpayer?: string } & Idnrs) | { ok: false; findings: Finding[] }> {
  const read = await checkEstNutzdaten(xml, year);
  if (!read.ok) return read;
  const { root, idnrs } = read;
  const taxpayer = taxpayerOf(root);
  return { ok: true, idnrs, ...(taxpayer !== undefined && { taxpayer }), figures: [...figuresOf(root), ...mappedRows(root, year)] };
}

/** Every IdNr below `tree` (the E10 root), in document order. */
function idnrsIn(tree: XmlTree, names: readonly string[] = []): NamedIdnr[] {
  return tree.children.flatMap((child) => {
    const path = [...names, child.name];
    if (child.children.length > 0) return idnrsIn(child, path);
    return holdsIdnr(path) ? [{ path: xmlPathOf(path), idnr: child.text }] : [];
  });
}

/** Whether the element at `names` (below the E10 root) holds an IdNr. */
const holdsIdnr = (names: readonly string[]) =>
  idnrFields.has(names.at(-1)!) || (names.length === 2 && names[0] === 'Vorsatz' && (names[1] === 'ID' || names[1] === 'IDEhefrau'));

// What the protocol shows, form by form in E10's order; amounts of repeated lines are added up.
const amountLines: readonly AmountLine[] = [
  ...specialExpenseLines,
  ...extraordinaryBurdenLines,
  ...householdServiceLines,
  ...employmentLines,
  ...pensionLines,
  ...provisionLines,
];

/** Each form's heading in the protocol (a mapped Anlage's own label), in E10's order; a per-person form's names its person once the return has two. */
const formHeadings: Readonly<Record<string, string>> = {
  SA: saAnlage.label,
  AgB: agbAnlage.label,
  HA_35a: ha35aAnlage.label,
  N: 'Anlage N',
  R: rAnlage.label,
  VOR: 'Anlage Vorsorgeaufwand',
};

/** Person A's first and last name (ESt1A/Allg/A), as the protocol names whom the return is for. */
function taxpayerOf(root: XmlElement): string | undefined {
  const personA = element(element(element(root.ESt1A)?.Allg)?.A);
  const { firstName, lastName } = e10.person.taxpayer;
  const name = [textOf(personA?.[firstName]), textOf(personA?.[lastName])].filter(Boolean).join(' ');
  return name || undefined;
}

/**
 * The rows of the forms the reader shows, each form under its heading with its rows indented: the
 * main form's, then each form's amounts added up over repeated lines, every amount with cents.
 */
function figuresOf(root: XmlElement): KeyFigure[] {
  // Person-specific forms name their person once the return has two.
  const hasTwoPersons = element(element(root.ESt1A)?.Allg)?.B !== undefined;
  const figures: KeyFigure[] = mainFormFigures(root, hasTwoPersons);
  for (const [form, heading] of Object.entries(formHeadings)) {
    for (const instance of list(root[form]).map(element)) {
      if (!instance) continue;
      const person = textOf(instance.Person);
      const suffix = hasTwoPersons && person ? ` (${person === 'PersonB' ? 'Person B' : 'Person A'})` : '';
      const rows: KeyFigure[] = form === 'N' ? [...taxClassFigures(instance), ...statementFigures(instance)] : [];
      for (const line of amountLines.filter((line) => line.form === form)) {
        const amounts = valuesAt(instance, [...line.path, line.id])
          .map((node) => amountCents(textOf(node) ?? ''))
          .filter((cents) => cents !== undefined);
        if (amounts.length === 0) continue;
        rows.push({
          label: line.label,
          value: germanEuros(
            amounts.reduce((sum, cents) => sum + cents, 0),
            true,
          ),
        });
      }
      if (form === 'N') rows.push(...commuteFigures(instance));
      if (rows.length > 0) figures.push({ label: `${heading}${suffix}`, value: '' }, ...rows.map((row) => ({ ...row, label: `  ${row.label}` })));
    }
  }
  return figures;
}
