// The amounts of a corporate income tax return (rules.ts), one row per rule: each given wrong is
// named with the value the form arrives at, and each left out is computed into the body.
import { describe, expect, it } from 'vitest';
import { bodyName } from '#shared/forms/element-body.ts';
import { amountRules } from '#shared/forms/kst/rules.ts';

const pathOf = (names: readonly string[]) => names.join('/');
const gk = (profit: number, extra: Record<string, unknown> = {}) => ({ wj: 'WJ1', einkunfte: { e8109901: profit }, ...extra });
const zve = (lines: Record<string, unknown>) => lines;

const rows: { rule: string; document: Record<string, unknown>; path: string; code: string; expected: string; computed?: false }[] = [
  {
    rule: "Anlage GK's profit is carried into Anlage ZVE",
    document: { gk: [gk(5000)], zve: zve({ sd_e: { gewerbe: { laufend: { e8004904: 4000 } } } }) },
    path: 'ZVE/SdE/Gewerbe/Laufend/E8004904',
    code: 'GK_TRANSFER_MISMATCH',
    expected: '5000',
  },
  {
    rule: "with a short Wirtschaftsjahr, the first one's profit below the second one's",
    document: {
      gk: [gk(700, { wj: 'WJ2' }), gk(300)],
      zve: zve({ sd_e: { gewerbe: { laufend: { e8004904: 700, e8005002: 700 } } } }),
    },
    path: 'ZVE/SdE/Gewerbe/Laufend/E8005002',
    code: 'GK_TRANSFER_MISMATCH',
    expected: '300',
  },
  {
    rule: 'the sum of the income adds and takes off each kind',
    document: {
      zve: zve({ sd_e: { gewerbe: { laufend: { e8004904: 1000 } }, vu_v: { e8024101: -200 }, kap_est: { e8005301: 50 }, sd_e: { e8005401: 1000 } } }),
    },
    path: 'ZVE/SdE/SdE/E8005401',
    code: 'SUM_OF_INCOME_MISMATCH',
    expected: '750',
  },
  {
    rule: 'the total amount of the income takes off the donations',
    document: { zve: zve({ sd_e: { sd_e: { e8005401: 1000 } }, gd_e: { zuwendung: { e8005601: 100 }, gd_e: { e8006901: 1000 } } }) },
    path: 'ZVE/GdE/GdE/E8006901',
    code: 'TOTAL_INCOME_MISMATCH',
    expected: '900',
  },
  {
    rule: 'a subtotal is the running total',
    document: { zve: zve({ sd_e: { sd_e: { e8005401: 1000 } }, gd_e: { hinzurechnung: { e8005701: 10 }, p2abs5umw_st_g: { e8005703: 1000 } } }) },
    path: 'ZVE/GdE/P2Abs5UmwStG/E8005703',
    code: 'SUBTOTAL_MISMATCH',
    expected: '1010',
    // A subtotal stands in a section a return fills only where it applies.
    computed: false,
  },
  {
    rule: 'the income takes off the loss carried forward',
    document: { zve: zve({ gd_e: { gd_e: { e8006901: 1000 } }, zve: { verlustabzug: { e8007001: 400 }, einkommen: { e8007301: 1000 } } }) },
    path: 'ZVE/ZVE/Einkommen/E8007301',
    code: 'INCOME_MISMATCH',
    expected: '600',
  },
  {
    rule: 'the taxable income takes off the allowances',
    document: { zve: zve({ zve: { einkommen: { e8007301: 10000, e8007401: 5000 }, zve: { e8007501: 10000 } } }) },
    path: 'ZVE/ZVE/ZVE/E8007501',
    code: 'TAXABLE_INCOME_MISMATCH',
    expected: '5000',
  },
  {
    rule: 'the tax is 15 % of its base, in whole euros',
    document: { zve: zve({ steuerberechnung: { regel: { e8007504: 1001, e8007502: 152 } } }) },
    path: 'ZVE/Steuerberechnung/Regel/E8007502',
    code: 'TAX_MISMATCH',
    expected: '150',
  },
  {
    rule: "a list's total is the sum of its items",
    document: { gk: [gk(0, { abil: { genuss: { einzel: [{ e8002708: '10.50' }, { e8002708: '20.00' }], gesamt: { e8002709: 20 } } } })] },
    path: 'GK/0/ABil/Genuss/Gesamt/E8002709',
    code: 'ITEMS_TOTAL_MISMATCH',
    expected: '31',
  },
];

describe('the amounts of a corporate income tax return', () => {
  it.each(rows)('$rule: a wrong one is $code', ({ document, path, code, expected }) => {
    const { findings } = amountRules(structuredClone(document), false, pathOf);
    expect(findings).toEqual([expect.objectContaining({ path, code, expected })]);
  });

  it.each(rows.filter(({ computed }) => computed !== false))('$rule: left out, it is computed', ({ document, path, expected }) => {
    const names = path.split('/');
    const left = structuredClone(document);
    // The line left out, by its body names below its part.
    const keys = names.map(bodyName);
    let node = left as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
    delete node[keys.at(-1)!];
    const { findings, computed } = amountRules(left, true, pathOf);
    expect(findings).toEqual([]);
    expect(computed).toContainEqual(names);
    expect(String(node[keys.at(-1)!])).toBe(expected);
  });

  it('leaves a chain to the tax office where a special case takes another total', () => {
    const document = { zve: { gd_e: { gd_e: { e8006901: 1000, e8006902: 800 } }, zve: { einkommen: { e8007301: 800 } } } };
    expect(amountRules(document, false, pathOf).findings).toEqual([]);
  });

  it('names one wrong line once, not again in each line below it', () => {
    const document = { zve: { sd_e: { vu_v: { e8024101: 1000 }, sd_e: { e8005401: 0 } }, gd_e: { gd_e: { e8006901: 1000 } } } };
    expect(amountRules(document, false, pathOf).findings.map(({ code }) => code)).toEqual(['SUM_OF_INCOME_MISMATCH']);
  });

  it('computes nothing in a document it only checks', () => {
    const document = { gk: [gk(5000)] };
    expect(amountRules(document, false, pathOf)).toEqual({ findings: [], computed: [] });
    expect(document).toEqual({ gk: [gk(5000)] });
  });
});
