// The limits of E10's elements that the map's formats hold a request to, each found by the XSD
// oracle (test/oracle/est-anlagen.ts) as a value the request took and ELSTER's schema refused:
// they are refused by the check with the limit named, and what fits is written as the schema wants.
import { describe, expect, it } from 'vitest';
import { checkEst } from '#shared/forms/est/check.ts';
import { estNutzdaten } from '#shared/forms/est/xml-writer.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { checkContext } from '#shared/wiring/check-context.ts';

const taxpayer = { idnr: '04452397687', first_name: 'Erika', last_name: 'Mustermann', birth_date: '1960-05-17' };
const body = (fields: Record<string, unknown>, year = 2024) => ({ test: true, year, tax_number: '9198011310010', taxpayer, ...fields });

async function refused(fields: Record<string, unknown>, year?: number) {
  const checked = await checkEst(body(fields, year), checkContext());
  return checked.findings.filter((finding) => finding.severity !== 'hint').map(({ path, code, expected }) => `${path} ${code} ${expected ?? ''}`.trim());
}

async function written(fields: Record<string, unknown>, year?: number) {
  const checked = await checkEst(body(fields, year), checkContext());
  if (checked.filing?.kind !== 'est') throw new Error(JSON.stringify(checked.findings));
  return estNutzdaten(checked.filing.body as EstReturn, { herstellerId: '74931', createdAt: new Date('2026-11-24T09:00:00Z') });
}

describe("the map's formats keep to E10's limits", () => {
  it("refuses an amount beyond its element's digits, also where rounding up carries it there", async () => {
    expect(await refused({ children: [{ first_name: 'Tobias', child_benefit: 10000 }] })).toEqual([
      'children.0.child_benefit OUT_OF_RANGE at most 4 digits in whole euros',
    ]);
    expect(await refused({ section_35a: { minijobs: [{ description: 'Putzhilfe', amount: '999999999999.01' }] } })).toEqual([
      'section_35a.minijobs.0.amount OUT_OF_RANGE at most 12 digits in whole euros, rounded up',
    ]);
    expect(await written({ children: [{ first_name: 'Tobias', child_benefit: '9999.99' }] })).toContain('<E0500702>9999</E0500702>');
  });

  it('refuses lines whose total is beyond the digits of its element', async () => {
    const paid = [
      { kind: 'ev', amount: '600000000000.00' },
      { kind: 'rk', amount: '400000000000.00' },
    ];
    expect(await refused({ special_expenses: { church_tax: { paid } } })).toEqual([
      'special_expenses.church_tax.paid OUT_OF_RANGE at most 12 digits in whole euros, rounded up',
    ]);
    expect(await written({ special_expenses: { church_tax: { paid: [paid[0], { ...paid[1], amount: '399999999999.00' }] } } })).toContain(
      '<E0107601>999999999999</E0107601>',
    );
  });

  it("takes a partnership's tax number as ELSTER's 13 digits or the Land's notation, and a business ID as the schema's pattern", async () => {
    const partnership = { name: 'Muster GbR', share: 1000 };
    expect(
      await refused({
        self_employment: [
          {
            person: 'taxpayer',
            partnerships: [{ ...partnership, tax_number: 'Finanzamt München' }],
            professions: [{ activity: 'Architektin', business_id: 'DE123456788-00000', profit: 1 }],
          },
        ],
      }),
    ).toEqual(['self_employment.0.professions.0.business_id INVALID_FORMAT', 'self_employment.0.partnerships.0.tax_number TAX_NUMBER_FORMAT']);
    const xml = await written({
      self_employment: [
        {
          person: 'taxpayer',
          partnerships: [{ ...partnership, tax_number: { state: 'BY', number: '181/815/08155' } }],
          professions: [{ activity: 'Architektin', business_id: 'DE123456788-00001', profit: 1 }],
        },
      ],
    });
    expect(xml).toContain('<E0820701>9181081508155</E0820701>');
    expect(xml).toContain('<E0820501>DE123456788-00001</E0820501>');
  });

  it("keeps KAP-BET's tax office and tax number out of 2022, whose form lacks them", async () => {
    expect(
      await refused({ capital_income_partnerships: [{ person: 'taxpayer', partnerships: [{ name: 'Muster KG', tax_office: 'München' }] }] }, 2022),
    ).toEqual(['capital_income_partnerships.0.partnerships.0.tax_office NOT_IN_YEAR']);
  });

  it('counts the other carers in one digit', async () => {
    expect(await refused({ extraordinary_burdens: { care_allowance: [{ carer: 'taxpayer', other_carers: 10 }] } })).toEqual([
      'extraordinary_burdens.care_allowance.0.other_carers OUT_OF_RANGE',
    ]);
  });
});
