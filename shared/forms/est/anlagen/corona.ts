// Anlage Corona-Hilfen, per person: whether Corona emergency aid, bridging aid or similar grants
// for a business or self-employment were received or paid back in the year, each line with its
// amount, and those already in the previous year's balance sheet. Such grants are taxable
// business income (§ 4 Abs. 1, § 15, § 18 EStG); the form asks for them apart so the tax office
// can compare them with what the paying authorities report (E10-2022.xsd to E10-2024.xsd: Corona).
import type { Finding } from '#shared/domain/ticket.ts';
import { code, income, text, tick } from '#shared/forms/est/anlagen/formats.ts';
import { leaf, list, perPerson, total, type Anlage } from '#shared/forms/est/anlagen/map.ts';

/** Yes or no as 2022's form takes them (JaNein12); "yes" is the answer every year's form takes (coronaFindings). */
const noOrYes = code({ no: '2', yes: '1' });

export const coronaAnlage: Anlage = {
  key: 'corona_aid',
  element: 'Corona',
  label: 'Anlage Corona-Hilfen',
  fields: {
    persons: perPerson('ESt', {
      received: leaf('E0840401', noOrYes, 'Corona-Hilfen bezogen oder zurückgezahlt'),
      aids: list('Hilfen/Einz', 99, {
        business: leaf('E0840501', text(), 'Betrieb / Betriebssteuernummer'),
        amount: leaf('E0840503', income, 'Corona-Hilfen'),
      }),
      aids_total: total('Hilfen/Sum/E0841101', ['aids', 'amount'], 'down'),
      paid_out_from_last_balance: leaf('Bilanz/E0841201', tick('1'), 'Ausgezahlt, im Vorjahr bilanziert'),
      paid_back_from_last_balance: leaf('Bilanz/E0841301', tick('1'), 'Zurückgezahlt, im Vorjahr bilanziert'),
    }),
  },
};

/** Only 2022's form takes "no" for `received` (JaNein12); from 2023 it has a box for "yes" alone (Ja1), so "no" is left out. */
export function coronaFindings(body: { year: number; corona_aid?: { persons?: { received?: string }[] } }): Finding[] {
  if (body.year <= 2022) return [];
  return (body.corona_aid?.persons ?? []).flatMap((person, index) =>
    person.received === 'no'
      ? [
          {
            path: `corona_aid.persons.${index}.received`,
            code: 'NOT_IN_YEAR',
            message: `is "no", which ELSTER's form of ${body.year} cannot say: leave it out`,
          },
        ]
      : [],
  );
}
