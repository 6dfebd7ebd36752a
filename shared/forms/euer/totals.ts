// The Anlage EÜR's own arithmetic, checked on the E77 that is sent (a caller's, or the one written
// from a body) and computed where a body leaves a total out. No ERiC workbook of the EÜR is in the
// public copy of ERiC's documentation, so these rules are derived from the schemas (E77-2021.xsd to
// E77-2024.xsd: which element is a line's sum, which is carried over where) and from the form's lines
// and their signs ("abzüglich", "zuzüglich", "davon"); each is named by the service (docs/forms/euer.md).
// The E-numbers are the same in every year, only the groups around some of them differ.
import type { Finding } from '#shared/domain/ticket.ts';
import { formatEuros, toCents } from '#shared/tax/money.ts';
import { valueKind } from '#shared/forms/element-body.ts';
import { type CompactStructure, type ElementsType, typeOf } from '#shared/xml/structure.ts';
import type { XmlTree } from '#shared/xml/xml.ts';

/** A total of the form: its element and what it sums, each line by its element with its sign. */
interface Total {
  rule: string;
  element: string;
  label: string;
  terms: readonly (readonly [sign: 1 | -1, element: string])[];
  /** Written where a body leaves it out even when it is zero: every E77 of ELSTER's samples has it. */
  always: boolean;
}

const plus = (...elements: string[]) => elements.map((element) => [1, element] as const);
const minus = (...elements: string[]) => elements.map((element) => [-1, element] as const);

/**
 * The totals in the order they build on each other. Left out of the sums: the "davon" lines, which a
 * line above already holds (E6000201, E6004015), and the non-deductible column of the restricted
 * expenses (E6004001, E6004101, E6005102, E6004301), which only informs.
 */
export const totals: readonly Total[] = [
  {
    rule: 'EUER_INCOME_TOTAL',
    element: 'E6001201',
    label: 'Summe der Betriebseinnahmen',
    terms: plus('E6000101', 'E6000301', 'E6000401', 'E6000501', 'E6000601', 'E6000701', 'E6000801', 'E6000901', 'E6001001', 'E6001101'),
    always: true,
  },
  {
    rule: 'EUER_EXPENSES_TOTAL',
    element: 'E6005301',
    label: 'Summe der Betriebsausgaben',
    terms: [
      // Flat rates, goods, services, staff, depreciation.
      ...plus('E6002304', 'E6002402', 'E6002403', 'E6001601', 'E6001701', 'E6001801'),
      ...plus('E6001901', 'E6002001', 'E6002101', 'E6002201', 'E6003102', 'E6002301', 'E6003302', 'E6002401'),
      // Rooms, and the other fully deductible expenses.
      ...plus('E6003201', 'E6003703', 'E6003301'),
      ...plus('E6003901', 'E6004004', 'E6004003', 'E6004801', 'E6004304', 'E6004313', 'E6004402', 'E6004405', 'E6004408', 'E6004411'),
      ...plus('E6004414', 'E6004501', 'E6004202', 'E6004303', 'E6005001', 'E6005101', 'E6005201', 'E6004901'),
      // The deductible part of the restricted expenses.
      ...plus('E6004002', 'E6004102', 'E6005002', 'E6003101', 'E6006405', 'E6004302'),
      // Vehicles and travel: the commute is taken out of the costs above and its flat rate put in.
      ...plus('E6005801', 'E6005903', 'E6006003', 'E6006103', 'E6003702'),
      ...minus('E6002701', 'E6003601'),
    ],
    always: true,
  },
  { rule: 'EUER_INCOME_CARRIED', element: 'E6005501', label: 'Summe der Betriebseinnahmen (Übertrag)', terms: plus('E6001201'), always: true },
  { rule: 'EUER_EXPENSES_CARRIED', element: 'E6005601', label: 'Summe der Betriebsausgaben (Übertrag)', terms: plus('E6005301'), always: true },
  {
    rule: 'EUER_PROFIT_CORRECTED',
    element: 'E6006801',
    label: 'Korrigierter Gewinn/Verlust',
    terms: [
      ...plus('E6005501'),
      ...minus('E6005601', 'E6007203', 'E6007204', 'E6007205'),
      ...plus('E6007206', 'E6007207', 'E6007208'),
      // The investment deductions of earlier years added back (until 2023 for up to six years back), this year's deducted.
      ...plus('E6009612', 'E6009607', 'E6009606', 'E6007302', 'E6007402', 'E6007502', 'E6006401'),
      ...minus('E6004804'),
      ...plus('E6006702', 'E6006703'),
    ],
    always: false,
  },
  {
    rule: 'EUER_PROFIT_TAXABLE_BEFORE_4A',
    element: 'E6007002',
    label: 'Steuerpflichtiger Gewinn/Verlust vor § 4 Abs. 4a EStG',
    terms: plus('E6006801', 'E6008105', 'E6006903'),
    always: false,
  },
  { rule: 'EUER_PROFIT', element: 'E6007202', label: 'Steuerpflichtiger Gewinn/Verlust', terms: plus('E6007002', 'E6007102'), always: false },
];

/** The element that holds the profit, the form's key figure. */
export const profitElement = 'E6007202';

const amountText = /^-?\d+,\d{2}$/;
const centsOf = (text: string) => (amountText.test(text) ? toCents(text.replace(',', '.')) : undefined);
/** An amount as ELSTER writes it, "1234,56". */
export const elsterAmount = (cents: number) => formatEuros(cents).replace('.', ',');

const childrenNamed = (node: XmlTree, name: string) => node.children.filter((child) => child.name === name);

/** A line's sum as its entries give it: one per amount column of its `Sum`, where `Einz` has as many. */
interface LineSum {
  names: readonly string[];
  given?: number;
  expected: number;
}

/** The amount fields of a group of the schema, in its order. */
function amountFields(structure: CompactStructure, type: ElementsType): string[] {
  return type.particles
    .filter(({ type: index }) => {
      const field = typeOf(structure, index);
      return !('particles' in field) && valueKind(field) === 'cents';
    })
    .map(({ name }) => name);
}

/**
 * Every line of the document given entry by entry (`Einz`), its sum (`Sum`) column by column: where the
 * schema gives the entries as many amounts as the sum, each sums its column (an investment line's
 * three amounts sum into no one column).
 */
function lineSums(tree: XmlTree, structure: CompactStructure): LineSum[] {
  const sums: LineSum[] = [];
  const visit = (node: XmlTree, type: ElementsType, names: readonly string[]) => {
    const particle = (name: string) => type.particles.find((candidate) => candidate.name === name);
    const [einz, sumParticle] = [particle('Einz'), particle('Sum')];
    const sum = childrenNamed(node, 'Sum')[0];
    const entries = childrenNamed(node, 'Einz');
    if (einz && sumParticle && entries.length > 0) {
      const columns = amountFields(structure, typeOf(structure, einz.type) as ElementsType);
      const targets = amountFields(structure, typeOf(structure, sumParticle.type) as ElementsType);
      if (columns.length === targets.length)
        columns.forEach((column, index) => {
          const target = targets[index]!;
          const expected = entries.reduce((total, entry) => total + (centsOf(childrenNamed(entry, column)[0]?.text ?? '') ?? 0), 0);
          const given = sum && centsOf(childrenNamed(sum, target)[0]?.text ?? '');
          sums.push({ names: [...names, 'Sum', target], expected, ...(given !== undefined && { given }) });
        });
    }
    for (const child of node.children) {
      const childType = child.name === 'Einz' ? undefined : particle(child.name);
      const resolved = childType && typeOf(structure, childType.type);
      if (resolved && 'particles' in resolved) visit(child, resolved, [...names, child.name]);
    }
  };
  visit(tree, typeOf(structure, structure.type) as ElementsType, []);
  return sums;
}

export interface TotalsResult {
  findings: Finding[];
  /** The totals the document leaves out, as they compute, by element (line sums of the EÜR itself too). */
  computed: Map<string, number>;
  /** Every amount of the EÜR itself by element, the computed ones included. */
  amounts: Map<string, number>;
}

/**
 * Checks the totals of an E77 (`tree`, its root, of `structure`, its year's schema) and computes those it leaves out. `pathOf` names an
 * element for a finding, as the reader does.
 */
export function euerTotals(tree: XmlTree, structure: CompactStructure, pathOf: (names: readonly string[]) => string): TotalsResult {
  const findings: Finding[] = [];
  const computed = new Map<string, number>();
  const amounts = new Map<string, number>();
  const euer = childrenNamed(tree, 'EUER')[0];
  const places = new Map<string, readonly string[]>();
  const collect = (node: XmlTree, names: readonly string[]) => {
    for (const child of node.children) {
      const path = [...names, child.name];
      if (child.children.length > 0) {
        if (child.name !== 'Einz') collect(child, path);
        continue;
      }
      const cents = centsOf(child.text);
      if (cents !== undefined && !amounts.has(child.name)) {
        amounts.set(child.name, cents);
        places.set(child.name, path);
      }
    }
  };
  if (euer) collect(euer, ['EUER']);

  for (const { names, given, expected } of lineSums(tree, structure)) {
    // The totals take a line at what its entries add up to, so that one wrong line is one finding.
    if (names[0] === 'EUER') amounts.set(names.at(-1)!, expected);
    if (given === undefined) {
      if (names[0] === 'EUER') computed.set(names.at(-1)!, expected);
    } else if (given !== expected)
      findings.push({
        path: pathOf(names),
        code: 'TOTAL_MISMATCH',
        rule: 'EUER_LINE_SUM',
        message: `is ${elsterAmount(given)}, but the line's entries (Einz) add up to ${elsterAmount(expected)}`,
        expected: formatEuros(expected),
      });
  }

  for (const total of totals) {
    const expected = total.terms.reduce((sum, [sign, element]) => sum + sign * (amounts.get(element) ?? 0), 0);
    const given = amounts.get(total.element);
    if (given === undefined) {
      amounts.set(total.element, expected);
      if (total.always || expected !== 0) computed.set(total.element, expected);
    } else if (given !== expected) {
      // The totals built on it take what it computes to, so that one wrong line is one finding.
      amounts.set(total.element, expected);
      findings.push({
        path: pathOf(places.get(total.element) ?? ['EUER', total.element]),
        code: 'TOTAL_MISMATCH',
        rule: total.rule,
        message: `is ${elsterAmount(given)}, but the ${total.label} computes to ${elsterAmount(expected)} from the lines it is made of`,
        expected: formatEuros(expected),
      });
    }
  }
  return { findings, computed, amounts };
}
