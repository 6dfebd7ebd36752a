// The amounts a corporate income tax return computes, checked where given and computed where a body
// leaves them out. ERiC's plausibility workbook of the KSt is not in the public copy of its
// documentation (shared/elster/README.md), so these rules are the service's own, derived from the
// lines of the form as E30-{year}.xsd documents each element ("Dazu", "Davon ab", "Zwischensumme",
// "Summe der Einkünfte"…; docs/forms/kst.md): Anlage ZVE's chain from the sum of the income to the
// taxable income and the tax at 15 %, Anlage GK's profit carried into Anlage ZVE, and the totals of
// the lists of Anlage GK and ZVE. They read a body-shaped document (shared/forms/element-body.ts), the
// body itself or a caller's E30 read into one, so both are held to the same rules.
import type { Finding } from '#shared/domain/ticket.ts';
import { bodyName } from '#shared/forms/element-body.ts';

/** A line of a chain: an element below Anlage ZVE, added (+1) or taken off (−1), or a subtotal the running total must equal. */
type Step = readonly [sign: 1 | -1 | 'subtotal', names: string];

/** A computed line: where it stands below Anlage ZVE, what it is, the code of its mismatch, and how it is reached. */
interface Chain {
  target: string;
  what: string;
  code: string;
  /** The line the chain starts from (the previous chain's target), or none. */
  from?: string;
  steps: readonly Step[];
  /** Lines of special cases whose computation these steps do not cover: when one is given, the chain is left to the tax office. */
  unless?: readonly string[];
}

const add = (names: string): Step => [1, names];
const less = (names: string): Step => [-1, names];
const subtotal = (names: string): Step => ['subtotal', names];

/** Anlage ZVE from the income of each kind to the tax at the regular rate; each chain starts where the one before ends. */
export const chains: readonly Chain[] = [
  {
    target: 'SdE/SdE/E8005401',
    what: 'the sum of the income (Summe der Einkünfte)',
    code: 'SUM_OF_INCOME_MISMATCH',
    steps: [
      add('SdE/LuF/E8022102'),
      add('SdE/LuF/PG/Gesamt/E8022103'),
      add('SdE/Gewerbe/Laufend/E8004904'),
      add('SdE/Gewerbe/Laufend/E8005002'),
      add('SdE/Gewerbe/Laufend/E8022403'),
      add('SdE/Gewerbe/VG/E8020503'),
      less('SdE/Gewerbe/VG/E8020603'),
      less('SdE/Gewerbe/VG/E8020702'),
      add('SdE/Gewerbe/VG/E8020703'),
      add('SdE/Selbstandig/Gesamt_Betrieb/E8023202'),
      add('SdE/Selbstandig/Beteiligung_PG/Gesamt_PG/E8023303'),
      add('SdE/KapV/E8023701'),
      add('SdE/KapV/E8023702'),
      add('SdE/VuV/E8024101'),
      add('SdE/Invest_Steuerabzug/E8021202'),
      add('SdE/SPIF/E8021201'),
      add('SdE/Sonstige/Bezuge/E8024201'),
      less('SdE/Sonstige/Bezuge/E8024301'),
      add('SdE/Sonstige/Verausserung/E8024401'),
      less('SdE/Sonstige/Verausserung/E8024404'),
      less('SdE/Sonstige/Verausserung/E8024405'),
      add('SdE/Sonstige/Verausserung/E8024406'),
      add('SdE/Sonstige/Leistung/E8024601'),
      less('SdE/Sonstige/Leistung/E8024604'),
      less('SdE/Sonstige/Leistung/E8024605'),
      add('SdE/Sonstige/Leistung/E8024606'),
      add('SdE/P50a/P50aNR1/Gesamt/E8043701'),
      add('SdE/P50a/P50aNR2/Gesamt/E8043702'),
      less('SdE/Abzug/E8004201'),
      less('SdE/Abzug/E8004202'),
      add('SdE/Negativ/E8004301'),
      less('SdE/Negativ/E8004401'),
      less('SdE/KapESt/E8005301'),
      less('SdE/Invest_Steuerbefreiung/E8022801'),
      less('SdE/San_Ertrag/E8022901'),
      add('SdE/San_Ertrag/E8023001'),
      add('SdE/San_Ertrag/E8023101'),
      add('SdE/AStG_ZwiG/E8023105'),
      less('SdE/AStG_ZwiG/E8023107'),
    ],
  },
  {
    target: 'GdE/GdE/E8006901',
    what: 'the total amount of the income (Gesamtbetrag der Einkünfte)',
    code: 'TOTAL_INCOME_MISMATCH',
    from: 'SdE/SdE/E8005401',
    steps: [
      less('GdE/LuF/E8025101'),
      less('GdE/Zuwendung/E8005601'),
      add('GdE/Hinzurechnung/E8005701'),
      subtotal('GdE/P2Abs5UmwStG/E8005703'),
      add('GdE/P2Abs5UmwStG/E8005702'),
      subtotal('GdE/P8cKStG_Lfd/E8006304'),
      add('GdE/P8cKStG_Lfd/E8006301'),
      add('GdE/Einkommen_OT/E8006401'),
      subtotal('GdE/Abspaltung/E8023203'),
      add('GdE/Abspaltung/E8006402'),
      add('GdE/San_Lfd/E8003302'),
      add('GdE/San_Lfd/E8003303'),
      subtotal('GdE/Einkommen_OG/E8023401'),
      less('GdE/Einkommen_OG/E8006601'),
      add('GdE/Einkommen_OG/E8006501'),
      subtotal('GdE/P2Abs4/E8006602'),
      add('GdE/P2Abs4/Hauptspalte/E8006608'),
      add('GdE/P2Abs4_OHK/E8006609'),
    ],
  },
  {
    target: 'ZVE/Einkommen/E8007301',
    what: 'the income (Einkommen)',
    code: 'INCOME_MISMATCH',
    from: 'GdE/GdE/E8006901',
    steps: [
      less('ZVE/Verlustabzug/E8007001'),
      less('ZVE/Verlustabzug/E8007002'),
      less('ZVE/Verlustabzug/E8007101'),
      less('ZVE/Verlustabzug/E8007103'),
      less('ZVE/Verlustabzug/E8007102'),
      less('ZVE/Verlustabzug/E8007104'),
      less('ZVE/P10g/E8026301'),
      subtotal('ZVE/Kassen/E8025301'),
      add('ZVE/Rundfunk/E8025903'),
    ],
    // § 8 Abs. 7 and 9 KStG take another total, a relief fund (§ 6 Abs. 5a KStG) its overfunding.
    unless: ['GdE/GdE/E8006801', 'GdE/GdE/E8006902', 'ZVE/Kassen/E8025402', 'ZVE/Kassen/UKasse'],
  },
  {
    target: 'ZVE/ZVE/E8007501',
    what: 'the taxable income (zu versteuerndes Einkommen)',
    code: 'TAXABLE_INCOME_MISMATCH',
    from: 'ZVE/Einkommen/E8007301',
    steps: [less('ZVE/Einkommen/E8006803'), less('ZVE/Einkommen/E8007401')],
    unless: ['ZVE/Einkommen/E8006802'],
  },
];

/** A list's items and the total line they add up to (the form's "Summe der Beträge" lines), below Anlage GK or ZVE. */
export const itemTotals: readonly { part: 'GK' | 'ZVE'; items: string; field: string; total: string; what: string }[] = [
  { part: 'GK', items: 'ABil/VGA/Einzel', field: 'E8002705', total: 'ABil/VGA/Gesamt/E8002701', what: 'the hidden profit distributions' },
  {
    part: 'GK',
    items: 'ABil/Genuss/Einzel',
    field: 'E8002708',
    total: 'ABil/Genuss/Gesamt/E8002709',
    what: 'the distributions on profit participation rights',
  },
  { part: 'ZVE', items: 'SdE/LuF/PG/Einzel', field: 'E8022107', total: 'SdE/LuF/PG/Gesamt/E8022103', what: 'the agricultural income from partnerships' },
  {
    part: 'ZVE',
    items: 'SdE/Selbstandig/Einzel_Betrieb',
    field: 'E8020902',
    total: 'SdE/Selbstandig/Gesamt_Betrieb/E8023202',
    what: 'the income from own independent work',
  },
  {
    part: 'ZVE',
    items: 'SdE/Selbstandig/Beteiligung_PG/Einzel_PG',
    field: 'E8023302',
    total: 'SdE/Selbstandig/Beteiligung_PG/Gesamt_PG/E8023303',
    what: 'the income from independent work through partnerships',
  },
  {
    part: 'ZVE',
    items: 'SdE/P50a/P50aNR1/Einzel',
    field: 'E8043711',
    total: 'SdE/P50a/P50aNR1/Gesamt/E8043701',
    what: 'the income taxed at source (§ 50a Abs. 1 Nr. 1 EStG)',
  },
  {
    part: 'ZVE',
    items: 'SdE/P50a/P50aNR2/Einzel',
    field: 'E8043721',
    total: 'SdE/P50a/P50aNR2/Gesamt/E8043702',
    what: 'the income taxed at source (§ 50a Abs. 1 Nr. 2 EStG)',
  },
];

/** A tax line at a rate of a base line, both below Anlage ZVE (§ 23 Abs. 1 KStG, § 7 Abs. 1 InvStG, § 5 Abs. 1 Nr. 7 Satz 4 KStG). */
export const taxLines: readonly { base: string; tax: string; percent: number; what: string }[] = [
  { base: 'Steuerberechnung/Regel/E8007504', tax: 'Steuerberechnung/Regel/E8007502', percent: 15, what: 'the tax at the regular rate of 15 %' },
  { base: 'Invest/E8007605', tax: 'Invest/E8007701', percent: 15, what: 'the tax on the domestic investment income of 15 %' },
  { base: 'Ber/E8007704', tax: 'Ber/E8007705', percent: 50, what: 'the tax of 50 % on the means spent on political parties' },
];

/** The line of Anlage GK that carries its profit into Anlage ZVE. */
export const gkProfit = 'Einkunfte/E8109901';

type Document = Record<string, unknown>;

const isObject = (value: unknown): value is Document => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at element names below `node`, in the body's names. */
function valueAt(node: unknown, names: readonly string[]): unknown {
  let value = node;
  for (const name of names) value = isObject(value) ? value[bodyName(name)] : undefined;
  return value;
}

/** An amount's number: a body's number or decimal string, or ELSTER's text with a decimal comma; anything else is none. */
export function amountOf(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.replace(',', '.') : undefined;
  return text !== undefined && /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : undefined;
}

function setAt(node: Document, names: readonly string[], value: number) {
  let parent = node;
  for (const name of names.slice(0, -1)) {
    const key = bodyName(name);
    if (!isObject(parent[key])) parent[key] = {};
    parent = parent[key] as Document;
  }
  parent[bodyName(names.at(-1)!)] = value;
}

const split = (path: string) => path.split('/');
const words = (amount: number) => String(amount);

export interface RuledAmounts {
  findings: Finding[];
  /** The lines computed where the document left them out, each by its element names below the root; written into it. */
  computed: string[][];
}

/**
 * Checks the computed amounts of `document` (a body's parts: `zve`, `gk`…), and, with `compute`,
 * writes each computed line the document leaves out into it (a body's; a caller's XML is sent as it
 * is). `pathOf` names an element (its names below E30, a repeated part's index after its name) for a finding.
 */
export function amountRules(document: Document, compute: boolean, pathOf: (names: readonly string[]) => string): RuledAmounts {
  const findings: Finding[] = [];
  const computed: string[][] = [];
  const gks = (Array.isArray(document.gk) ? document.gk : []).filter(isObject);
  const settle = (
    part: Document | undefined,
    partNames: readonly string[],
    names: readonly string[],
    expected: number,
    code: string,
    message: string,
    within = 0,
    fill = compute,
  ) => {
    if (!part) return;
    const given = amountOf(valueAt(part, names));
    if (given === undefined) {
      if (valueAt(part, names) !== undefined || !fill) return;
      setAt(part, names, expected);
      computed.push([...partNames, ...names]);
    } else if (Math.abs(given - expected) > within) {
      findings.push({ path: pathOf([...partNames, ...names]), code, message: `${message}: ${words(expected)}`, expected: words(expected) });
    }
  };

  // Anlage GK's profit, carried into Anlage ZVE: with a short Wirtschaftsjahr besides, the second one's, and the first one's below it.
  let zve = isObject(document.zve) ? document.zve : undefined;
  const profits = gks.map((gk) => ({ wj: valueAt(gk, ['WJ']), profit: amountOf(valueAt(gk, split(gkProfit))) }));
  if (profits.length > 0 && profits.every(({ profit }) => profit !== undefined) && valueAt(zve, split('SdE/Gewerbe/Laufend/E8022403')) === undefined) {
    if (!zve && compute) zve = document.zve = {};
    const second = profits.length === 2 ? profits.find(({ wj }) => wj === 'WJ2') : profits[0];
    const first = profits.length === 2 ? profits.find(({ wj }) => wj === 'WJ1') : undefined;
    const transfer = 'carries the profit of Anlage GK (Einkünfte aus Gewerbebetrieb, E8109901)';
    if (second) settle(zve, ['ZVE'], split('SdE/Gewerbe/Laufend/E8004904'), second.profit!, 'GK_TRANSFER_MISMATCH', transfer);
    if (first) settle(zve, ['ZVE'], split('SdE/Gewerbe/Laufend/E8005002'), first.profit!, 'GK_TRANSFER_MISMATCH', `${transfer} of the first Wirtschaftsjahr`);
  }

  for (const { part, items, field, total, what } of itemTotals) {
    const nodes = part === 'GK' ? gks.map((gk, index) => [gk, ['GK', String(index)]] as const) : zve ? [[zve, ['ZVE']] as const] : [];
    for (const [node, partNames] of nodes) {
      const list = valueAt(node, split(items));
      if (!Array.isArray(list) || list.length === 0) continue;
      const amounts = list.map((item) => amountOf(valueAt(item, [field])));
      if (amounts.some((amount) => amount === undefined)) continue;
      const sum = amounts.reduce<number>((all, amount) => all + amount!, 0);
      settle(node, partNames, split(total), Math.round(sum), 'ITEMS_TOTAL_MISMATCH', `must be the sum of ${what} listed above`, 0.99);
    }
  }

  if (zve) {
    // Each chain starts from what the one before arrives at, so one wrong line is named once, not again in each line below it.
    let carried: number | undefined;
    for (const chain of chains) {
      const start = chain.from === undefined ? 0 : (carried ?? amountOf(valueAt(zve, split(chain.from))));
      carried = undefined;
      if (chain.unless?.some((names) => valueAt(zve, split(names)) !== undefined)) continue;
      if (start === undefined) continue;
      const given = chain.steps.filter(([sign, names]) => sign !== 'subtotal' && valueAt(zve, split(names)) !== undefined);
      if (chain.from === undefined && given.length === 0) continue;
      if (given.some(([, names]) => amountOf(valueAt(zve, split(names))) === undefined)) continue;
      let running = start;
      for (const [sign, names] of chain.steps) {
        // A subtotal stands in sections a return fills only where they apply: checked where given, never added.
        if (sign === 'subtotal')
          settle(zve, ['ZVE'], split(names), running, 'SUBTOTAL_MISMATCH', 'must be the running total of the lines above (Zwischensumme)', 0, false);
        else running += sign * (amountOf(valueAt(zve, split(names))) ?? 0);
      }
      settle(zve, ['ZVE'], split(chain.target), running, chain.code, `must be ${chain.what} as the lines above give it`);
      carried = running;
    }
    // Left out, the base at the regular rate is the whole taxable income where no other rate applies.
    const taxable = amountOf(valueAt(zve, split('ZVE/ZVE/E8007501')));
    if (
      taxable !== undefined &&
      valueAt(zve, ['Steuerberechnung', 'Besonders']) === undefined &&
      valueAt(zve, split(taxLines[0]!.base)) === undefined &&
      compute
    ) {
      setAt(zve, split(taxLines[0]!.base), Math.max(0, taxable));
      computed.push(['ZVE', ...split(taxLines[0]!.base)]);
    }
    for (const { base, tax, percent, what } of taxLines) {
      const amount = amountOf(valueAt(zve, split(base)));
      if (amount === undefined) continue;
      // Whole euros: the form's tax lines take no cents, so either whole euro next to the exact tax is right.
      const exact = (Math.max(0, amount) * percent) / 100;
      settle(
        zve,
        ['ZVE'],
        split(tax),
        Math.floor(exact),
        'TAX_MISMATCH',
        `must be ${what} of the line it is computed from`,
        exact - Math.floor(exact) > 0 ? 1 : 0,
      );
    }
  }
  return { findings, computed };
}
