// An Anlage or block of the income tax return given twice for one person, which E10's xs:unique
// constraints refuse (ELSTER's schema: one KAP, R, G, … per Person), is refused over HTTP: a
// structured body with DUPLICATE_PERSON at the second one's `person`, a caller's XML with
// XML_DUPLICATE naming the element and the person. Without that check both were accepted and
// delivered.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serviceOfFile } from '#test/support/local-service.ts';
import { fixturesOf } from '#test/support/corpus.ts';

const service = serviceOfFile({ env: { RATE_LIMIT_PER_MINUTE: '0' } });

type Body = Record<string, unknown>;
const fixture = async (name: string): Promise<Body> => JSON.parse(await readFile(join(fixturesOf('est'), `${name}.json`), 'utf8')).body;
// A joint return of 2024 that gives KAP, R, R-AV/bAV, G, S, AgB, AV, SO and more once per person.
const households = await fixture('valid-2024-anlagen-households');
// Corona-Hilfen are on the form up to 2022.
const income2022 = await fixture('valid-2022-income-anlagen');

/**
 * Each Anlage or block that E10 holds once per person, by its field in the body (a block as
 * `anlage.block`), and the return it is given twice in: the first item of the return's own list,
 * or a person alone where the return gives none.
 */
const cases: readonly { list: string; base?: Body }[] = [
  { list: 'capital_income' },
  { list: 'capital_income_partnerships' },
  { list: 'pension_income' },
  { list: 'pension_plan_income' },
  { list: 'trade' },
  { list: 'self_employment' },
  { list: 'extraordinary_burdens.disability' },
  { list: 'extraordinary_burdens.survivors' },
  { list: 'extraordinary_burdens.travel_lump_sum' },
  { list: 'riester.entitlement' },
  { list: 'riester.no_further_deduction' },
  { list: 'riester.further_deduction' },
  { list: 'other_income.recurring' },
  { list: 'other_income.maintenance_received' },
  { list: 'other_income.recurring_expenses' },
  { list: 'other_income.land_sales' },
  { list: 'other_income.other_sales' },
  { list: 'special_expenses.donations.foundation' },
  { list: 'section_35a.household_changed' },
  { list: 'corona_aid.persons', base: income2022 },
  { list: 'foreign_income' },
  { list: 'foreign_pensions' },
  { list: 'interest_barrier' },
  { list: 'investment_funds' },
  { list: 'mobility_premium.persons' },
  { list: 'rentals_other.shares' },
  { list: 'miscellaneous.loss_carry_forward' },
  { list: 'miscellaneous.section_2b_losses' },
];

/** `base` with the list at `path` holding the same person's item twice. */
function twice(base: Body, path: string): Body {
  const body = structuredClone(base);
  const keys = path.split('.');
  let at = body;
  for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Body;
  const last = keys.at(-1)!;
  const given = at[last] as Body[] | undefined;
  const item = given?.[0] ?? { person: 'taxpayer' };
  at[last] = [item, structuredClone(item)];
  return body;
}

describe('a structured income tax return', () => {
  it('is valid with each of these given once per person', async () => {
    for (const base of [households, income2022]) {
      const reply = await service.post('/v2/est/validate', base);
      expect(reply.json.data.valid, JSON.stringify(reply.json.data.findings)).toBe(true);
    }
  });

  it.each(cases)('is refused with DUPLICATE_PERSON when $list is given twice for one person', async ({ list, base = households }) => {
    const body = twice(base, list);
    const reply = await service.post('/v2/est/validate', body);
    expect(reply.status).toBe(200);
    expect(reply.json.data.valid).toBe(false);
    expect(reply.json.data.findings).toContainEqual(
      expect.objectContaining({ path: `${list}.1.person`, code: 'DUPLICATE_PERSON', message: expect.stringMatching(/a second time/) }),
    );
  });

  it('is refused with 422 when submitted with KAP twice for one person', async () => {
    const reply = await service.post('/v2/est', twice(households, 'capital_income'));
    expect(reply.status).toBe(422);
    expect(reply.json.error.details).toContainEqual(expect.objectContaining({ path: 'capital_income.1.person', code: 'DUPLICATE_PERSON' }));
  });
});

describe("a caller's E10", () => {
  it('is refused with XML_DUPLICATE when it gives KAP twice for Person A', async () => {
    const { nutzdaten } = (await service.post('/v2/est/validate?include=nutzdaten', households)).json.data as { nutzdaten: string };
    const kap = /<KAP>.*?<\/KAP>/s.exec(nutzdaten)![0];
    expect(kap).toContain('<Person>PersonA</Person>');
    const xml = nutzdaten.replace(kap, `${kap}${kap}`);
    const { test, year, tax_number } = households;
    const request = { test, year, tax_number, idnr: '04452397687', spouse_idnr: '86095742719', xml };
    const once = await service.post('/v2/est/validate', { ...request, xml: nutzdaten });
    expect(once.json.data.findings).toEqual([]);
    const reply = await service.post('/v2/est', request);
    expect(reply.status).toBe(422);
    expect(reply.json.error.details).toContainEqual(
      expect.objectContaining({ path: 'xml.KAP.Person', code: 'XML_DUPLICATE', message: expect.stringMatching(/^gives PersonA a second time.*KAP/) }),
    );
  });
});
