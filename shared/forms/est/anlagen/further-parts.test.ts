// The further special expenses (SA/Weit_Aufw), the children's own health and care insurance
// (Kind/KV_PV, KV_PV_ausl) and the further other provision (VOR/Weit_Sons_VorAW/A_B_LP): the
// fixtures of each year are accepted, written valid against their year's XSD, read back with
// nothing unmapped and written again the same; the rules and the schema's bounds hold.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { checkEst } from '#shared/forms/est/check.ts';
import { estNutzdaten } from '#shared/forms/est/xml-writer.ts';
import { readBackEst } from '#shared/forms/est/read-back.ts';
import { protocolRows } from '#test/support/est-protocol.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { validateNutzdaten } from '#test/oracle/xsd.ts';
import { elsterMissing } from '#test/support/elster.ts';
import { checkContext } from '#shared/wiring/check-context.ts';

const schemasMissing = elsterMissing('schemas');
const options = { herstellerId: '74931', createdAt: new Date('2026-11-24T09:00:00Z') };
const fixture = (year: number) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', `valid-${year}-further-expenses-child-insurance.json`), 'utf8')).body as Record<
    string,
    unknown
  > & { year: number };

async function written(body: Record<string, unknown>): Promise<{ body: EstReturn; xml: string }> {
  const checked = await checkEst(body, checkContext());
  if (checked.filing?.kind !== 'est' || checked.filing.body.xml !== undefined) throw new Error(JSON.stringify(checked.findings));
  const filed = checked.filing.body as EstReturn;
  return { body: filed, xml: estNutzdaten(filed, options) };
}

const codes = async (body: Record<string, unknown>) =>
  (await checkEst(body, checkContext())).findings.map(({ path, code, expected }) => `${path} ${code}${expected ? ` = ${expected}` : ''}`);

describe.each([2022, 2023, 2024, 2025])('the fixture of %i', (year) => {
  it('is written with every part, valid against its XSD, and read back whole', async () => {
    const { body, xml } = await written(fixture(year));
    expect(xml).toContain('<Weit_Aufw><Gez_VersL_Rent_Vertrag><Einz><E0107301>Hofübergabevertrag vom 01.07.2015</E0107301><E0107303>18</E0107303>');
    expect(xml).toContain('<KV_PV><AW_Stpfl><E0503110>480</E0503110><E0503310>95</E0503310><E0503409>20</E0503409><E0503609>160</E0503609></AW_Stpfl></KV_PV>');
    expect(xml).toMatch(
      /<Weit_Sons_VorAW>(<Pers>.*<\/Pers>)?<A_B_LP><ErwU_BU_Vers><Einz><E2001501>Berufsunfähigkeitsversicherung Muster AG<\/E2001501><E2001502>840<\/E2001502><\/Einz><Sum><E2001503>840<\/E2001503><\/Sum><\/ErwU_BU_Vers>/,
    );
    // Amounts with cents are summed before the total is rounded up: 85.40 + 120 = 206.
    expect(xml).toContain('<Sum><E2001803>206</E2001803></Sum>');
    if (year >= 2024) expect(xml).toContain('<Ausgl_L_Verm_VAusgl><Einz><E0184201>');
    else expect(xml).toContain('<Ausgl_L_Verm_VAusgl><E0184201>');
    if (!schemasMissing) expect(validateNutzdaten('est', year, xml).errors).toEqual([]);

    const read = await readBackEst(/<E10[\s>][\s\S]*<\/E10>/.exec(xml)![0]);
    expect(read.unmapped).toEqual([]);
    // Read back in whole euros as written: 85.40 comes back as 86.
    expect(read.body).toMatchObject({
      special_expenses: body.special_expenses as object,
      children: [{ health_insurance: { parents_policy: { health: '480' } } }, {}],
    });
    expect(read.body.other_provision).toMatchObject({ accident_liability_term_life: { contracts: [{ amount: '86' }, { amount: '120' }] } });
    expect(estNutzdaten({ ...body, ...read.body } as EstReturn, options)).toBe(xml);
  });
});

describe('the rules and bounds of the new parts', () => {
  it("holds the recipient's IdNr to the law and the 2023 form to one recipient of payments to avoid an equalisation", async () => {
    const body = fixture(2023);
    const further = (body.special_expenses as { further_expenses: Record<string, unknown> }).further_expenses;
    const maintenance = further.maintenance as Record<string, unknown>[];
    expect(
      await codes({
        ...body,
        special_expenses: {
          further_expenses: {
            ...further,
            maintenance: [
              { ...maintenance[0], recipient_idnr: '04452397687' },
              { recipient: 'Ohne IdNr', amount: '100' },
            ],
            equalisation_avoidance: [...(further.equalisation_avoidance as unknown[]), { recipient: 'Zweiter', amount: '1', recipient_idnr: '65929970489' }],
          },
        },
      }),
    ).toEqual([
      'special_expenses.further_expenses.maintenance.0.recipient_idnr RECIPIENT_IDNR_OWN',
      'special_expenses.further_expenses.maintenance.1.recipient_idnr RECIPIENT_IDNR_MISSING',
      'special_expenses.further_expenses.equalisation_avoidance.1 OUT_OF_RANGE = at most 1 line',
    ]);
  });

  it('refuses what the XSD would: a zero where it takes only positive amounts, a negative contribution, the 2024 question before 2024', async () => {
    const body = fixture(2023);
    expect(
      await codes({
        ...body,
        children: [{ first_name: 'Tobias', health_insurance: { parents_policy: { care: -1 } } }],
        other_provision: { unemployment: { contracts: [{ description: 'x', amount: '-5' }] } },
      }),
    ).toEqual([
      'children.0.health_insurance.parents_policy.care OUT_OF_RANGE = not negative',
      'other_provision.unemployment.contracts.0.amount OUT_OF_RANGE = not negative',
    ]);
    expect(await codes({ ...body, special_expenses: { further_expenses: { support_burdens: [{ amount: 0, recipient_idnr: '02476291358' }] } } })).toEqual([
      'special_expenses.further_expenses.support_burdens.0.amount OUT_OF_RANGE = at least 1 euro',
    ]);
    // 0.40 € rounds up to 1 €, which the form takes; the resident question is 2024's.
    expect(
      await codes({
        ...body,
        special_expenses: { further_expenses: { support_burdens: [{ amount: '0.4', recipient_idnr: '02476291358', recipient_resident: 'yes' }] } },
      }),
    ).toEqual(['special_expenses.further_expenses.support_burdens.0.recipient_resident NOT_IN_YEAR']);
  });

  it("refuses a recipient's test IdNr on a live return, as the parents' and the children's", async () => {
    vi.stubEnv('ALLOW_LIVE_SUBMISSIONS', 'true');
    try {
      const live = (await checkEst({ ...fixture(2024), test: false }, checkContext())).findings.filter(({ code }) => code === 'TEST_IDNR_NOT_LIVE');
      expect(live.map(({ path }) => path)).toEqual(
        expect.arrayContaining([
          'special_expenses.further_expenses.support_annuities.0.recipient_idnr',
          'special_expenses.further_expenses.support_burdens.0.recipient_idnr',
          'children.1.idnr',
        ]),
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('shows them in the protocol under their Anlage, amounts with cents', async () => {
    const { xml } = await written(fixture(2024));
    const rows = await protocolRows(xml, 2024);
    expect(rows).toEqual(
      expect.arrayContaining([
        'Anlage Kind: ',
        '  Krankenversicherung des Kindes, Eltern versichert: 480,00 €',
        'Sonderausgaben: weitere Aufwendungen: ',
        '  Unterhalt (Realsplitting): 9.000,00 €',
        'Weitere sonstige Vorsorgeaufwendungen: ',
        '  Unfall-, Haftpflicht-, Risikoversicherung: 206,00 €',
      ]),
    );
  });
});
