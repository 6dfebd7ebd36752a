// Anlage Sonderausgaben (SA): how it is written and shown. Sources as in xml-writer.ts.
//
// Its structured fields (map.ts): church tax paid and refunded (§ 10 Abs. 1 Nr. 4 EStG), donations and
// membership fees to tax-privileged bodies at home and in the EU/EEA (§ 10b Abs. 1 EStG), to
// political parties and independent voters' associations (§ 34g, § 10b Abs. 2 EStG), donations
// into a foundation's capital (§ 10b Abs. 1a EStG), and a person's own first training (§ 10 Abs. 1
// Nr. 7 EStG). The totals of each block moved from Sum (2022) to Sum_Best and Sum_Betr_FA (from 2023).
import type { XmlElement } from '#shared/xml/xml.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { deductionCents, expenseEuros } from '#shared/forms/est/xml-parts.ts';
import type { AmountLine } from '#shared/forms/est/read-parts.ts';
import { cents, expense, text } from '#shared/forms/est/anlagen/formats.ts';
import { group, leaf, list, perPerson, total, type Anlage } from '#shared/forms/est/anlagen/map.ts';
import { itemised } from '#shared/forms/est/anlagen/blocks.ts';
import { furtherExpenses } from '#shared/forms/est/anlagen/sa-further.ts';

export function specialExpenses(body: EstReturn): XmlElement | undefined {
  const churchTax = deductionCents(body, 'church_tax_paid');
  const donations = deductionCents(body, 'donations');
  if (churchTax === 0 && donations === 0) return undefined;
  return {
    ...(churchTax > 0 && { KiSt: { Gezahlt: { Sum: { [e10.churchTaxPaid]: expenseEuros(churchTax) } } } }),
    // The sum of donations is Sum until 2022 (E10-2022.xsd) and Sum_Best from 2023 (E10-2023.xsd).
    ...(donations > 0 && {
      Zuw: { Sp_MB: { Foerd_st_beg_Zw_Inl: { [body.year >= 2023 ? 'Sum_Best' : 'Sum']: { [e10.donations]: expenseEuros(donations) } } } },
    }),
  };
}

/** What the protocol shows of Anlage Sonderausgaben. */
export const specialExpenseLines: readonly AmountLine[] = [
  { form: 'SA', path: ['KiSt', 'Gezahlt', 'Sum'], id: e10.churchTaxPaid, label: 'Gezahlte Kirchensteuer' },
  // Sum until 2022, Sum_Best from 2023 (fields.ts).
  { form: 'SA', path: ['Zuw', 'Sp_MB', 'Foerd_st_beg_Zw_Inl', 'Sum'], id: e10.donations, label: 'Spenden und Mitgliedsbeiträge' },
  { form: 'SA', path: ['Zuw', 'Sp_MB', 'Foerd_st_beg_Zw_Inl', 'Sum_Best'], id: e10.donations, label: 'Spenden und Mitgliedsbeiträge' },
];

/**
 * Donations of one kind below `Sp_MB/<at>`: lines with the amount as receipted and as a business's tax
 * office confirmed it, and their totals; ids are the recipient's, the two amounts' and the two totals'.
 */
const donations = (at: string, ids: readonly [string, string, string, string, string], label: string) =>
  group(`Sp_MB/${at}`, {
    lines: list('Einz', 99, {
      recipient: leaf(ids[0], text(), 'Empfänger'),
      amount: leaf(ids[1], expense, `${label} laut Bestätigungen`),
      amount_business: leaf(ids[2], expense, `${label} laut Betriebsfinanzamt`),
    }),
    receipted_total: total({ 2022: `Sum/${ids[3]}`, 2023: `Sum_Best/${ids[3]}` }, ['lines', 'amount']),
    business_total: total({ 2022: `Sum/${ids[4]}`, 2023: `Sum_Betr_FA/${ids[4]}` }, ['lines', 'amount_business']),
  });

export const saAnlage: Anlage = {
  key: 'special_expenses',
  element: 'SA',
  label: 'Sonderausgaben',
  fields: {
    church_tax: group('KiSt', {
      paid: list('Gezahlt/Einz', 99, {
        kind: leaf('E0108003', text(), 'Art der Kirchensteuer'),
        amount: leaf('E0108004', cents, 'Gezahlte Kirchensteuer'),
      }),
      paid_total: total('Gezahlt/Sum/E0107601', ['paid', 'amount']),
      refunded: leaf('Erstattet/E0107602', expense, 'Erstattete Kirchensteuer'),
    }),
    donations: group('Zuw', {
      domestic: donations('Foerd_st_beg_Zw_Inl', ['E0108102', 'E0108103', 'E0108104', 'E0108105', 'E0108106'], 'Spenden Inland'),
      eu: donations('Foerd_st_beg_Zw_EU_EWR', ['E0104704', 'E0104705', 'E0104708', 'E0104702', 'E0104703'], 'Spenden EU/EWR'),
      party: donations('Polit_P', ['E0108716', 'E0108717', 'E0108718', 'E0108701', 'E0108702'], 'Spenden an Parteien'),
      voters_association: donations('Unabh_Waehl_V', ['E0108804', 'E0108805', 'E0108806', 'E0108801', 'E0108802'], 'Spenden an Wählervereinigungen'),
      foundation: perPerson('Sp_erh_Verm_Stift', {
        domestic: leaf('E0108405', expense, 'Spenden in das Vermögen einer Stiftung, Inland'),
        eu: leaf('E0105502', expense, 'Spenden in das Vermögen einer Stiftung, EU/EWR'),
        not_to_deduct: leaf('E0108509', expense, 'Davon nicht abzuziehen'),
        from_earlier_years: leaf('E0108607', expense, 'Spenden in das Vermögen einer Stiftung aus Vorjahren'),
      }),
    }),
    own_training: perPerson(
      { 2022: 'AW_eig_BAusb/Pers', 2023: 'AW_eig_BAusb' },
      itemised('costs', '', 10, ['E0108201', 'E0108002', 'E0108202'], {
        description: 'Ausbildung, Art der Aufwendungen',
        amount: 'Aufwendungen für die eigene Berufsausbildung',
      }),
    ),
    further_expenses: group('Weit_Aufw', furtherExpenses),
  },
};
