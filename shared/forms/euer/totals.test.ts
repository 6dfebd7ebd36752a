// The Anlage EÜR's totals, one row per rule: a body of the OpenAPI example with one total given wrong
// is refused at that total, by the rule's name, with what the lines compute to; left out, it is
// written as computed.
import { describe, expect, it } from 'vitest';
import { checkEuer } from '#shared/forms/euer/check.ts';
import { euerExample } from '#shared/forms/euer/openapi.ts';
import { euerXml } from '#shared/forms/euer/xml-writer.ts';

const context = { today: '2026-11-24', liveSubmissionsAllowed: false };

type Body = Record<string, Record<string, Record<string, unknown>>>;
const example = () => structuredClone(euerExample) as unknown as Body;

// The example's lines: income 84,000.00 + 15,960.00, expenses 6,000.00 (two entries) + 960.00 + 1,500.00 + 14,460.00.
const rows: readonly { rule: string; change: (body: Body) => void; path: string; expected: string }[] = [
  {
    rule: 'EUER_LINE_SUM',
    change: (body) => Object.assign(body.euer!.baus!.fremdleistung as object, { sum: { e6001701: '4000.00' } }),
    path: 'euer.baus.fremdleistung.sum.e6001701',
    expected: '6000.00',
  },
  {
    rule: 'EUER_INCOME_TOTAL',
    change: (body) => Object.assign(body.euer!.bein!, { gesamt_sum: { e6001201: '84000.00' } }),
    path: 'euer.bein.gesamt_sum.e6001201',
    expected: '99960.00',
  },
  {
    rule: 'EUER_EXPENSES_TOTAL',
    // The commute is taken out of the expenses, its flat rate put in: 22,920.00 − 500.00 + 300.00.
    change: (body) =>
      Object.assign(body.euer!.baus!, {
        kfz_u_fahrtkosten: { fahrtkosten_arbeitsweg: { sum: { e6002701: '500.00' } }, entfernungspausch_familienheimfahrt: { sum: { e6003702: '300.00' } } },
        summe_baus: { e6005301: '23720.00' },
      }),
    path: 'euer.baus.summe_baus.e6005301',
    expected: '22720.00',
  },
  {
    rule: 'EUER_INCOME_CARRIED',
    change: (body) => Object.assign(body.euer!, { ermittlung_gewinn: { uebertrag: { e6005501: '1.00' } } }),
    path: 'euer.ermittlung_gewinn.uebertrag.e6005501',
    expected: '99960.00',
  },
  {
    rule: 'EUER_EXPENSES_CARRIED',
    change: (body) => Object.assign(body.euer!, { ermittlung_gewinn: { uebertrag: { e6005601: '1.00' } } }),
    path: 'euer.ermittlung_gewinn.uebertrag.e6005601',
    expected: '22920.00',
  },
  {
    rule: 'EUER_PROFIT_CORRECTED',
    // Tax-free income is taken out: 77,040.00 − 1,040.00.
    change: (body) => Object.assign(body.euer!, { ermittlung_gewinn: { p3a: { e6007205: '1040.00' }, korrektur_gu_v: { e6006801: '77040.00' } } }),
    path: 'euer.ermittlung_gewinn.korrektur_gu_v.e6006801',
    expected: '76000.00',
  },
  {
    rule: 'EUER_PROFIT_TAXABLE_BEFORE_4A',
    change: (body) => Object.assign(body.euer!, { ermittlung_gewinn: { stpfl_gu_v: { e6007002: '1.00' } } }),
    path: 'euer.ermittlung_gewinn.stpfl_gu_v.e6007002',
    expected: '77040.00',
  },
  {
    rule: 'EUER_PROFIT',
    // Interest added back under § 4 Abs. 4a EStG: 77,040.00 + 2,000.00.
    change: (body) => Object.assign(body.euer!, { ermittlung_gewinn: { stpfl_gu_v: { e6007102: '2000.00', e6007202: '77040.00' } } }),
    path: 'euer.ermittlung_gewinn.stpfl_gu_v.e6007202',
    expected: '79040.00',
  },
];

describe('the totals of the Anlage EÜR', () => {
  it.each(rows)('$rule: a wrong total is named at its place, with what its lines compute to', async ({ rule, change, path, expected }) => {
    const body = example();
    change(body);
    const { findings } = await checkEuer(body, context);
    expect(findings).toEqual([expect.objectContaining({ path, code: 'TOTAL_MISMATCH', rule, expected })]);
  });

  it.each(rows)('$rule: left out, the total is written as computed', async ({ change, path, expected }) => {
    const body = example();
    change(body);
    // The field itself left out, the rest of the change kept.
    const names = path.split('.');
    const parent = names.slice(0, -1).reduce<Record<string, unknown>>((node, name) => node[name] as Record<string, unknown>, body);
    delete parent[names.at(-1)!];
    expect((await checkEuer(body, context)).findings).toEqual([]);
    const { xml } = euerXml({ ...body, year: 2025, test: true } as never, new Date());
    const element = names.at(-1)!.toUpperCase();
    expect(xml).toContain(`<${element}>${expected.replace('.', ',')}</${element}>`);
  });
});
