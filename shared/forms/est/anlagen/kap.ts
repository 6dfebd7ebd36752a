// Anlage KAP, per person: capital income (§ 20 EStG) with and without German withholding tax, the
// saver's allowance used (§ 20 Abs. 9 EStG), the applications for the more favourable assessment
// (§ 32d Abs. 6 EStG) and for a review of the withholding (§ 32d Abs. 4 EStG), church tax liability
// (§ 51a Abs. 2d EStG) and the taxes withheld (§ 36 Abs. 2 Nr. 2 EStG). Foreign capital income
// comes with the foreign taxes credited, creditable and not yet credited, and fictitious (notional
// withholding a tax treaty grants) (§ 32d Abs. 5 EStG, § 34c EStG).
import { cents, group, income, incomeUpTo, leaf, personLeaf, tick, type Anlage } from '#shared/forms/est/anlagen/map.ts';

export const kapAnlage: Anlage = {
  key: 'capital_income',
  element: 'KAP',
  many: 2,
  label: 'Anlage KAP',
  fields: {
    person: personLeaf,
    more_favourable_assessment: leaf('Ant/E1900401', tick('1'), 'Günstigerprüfung beantragt'),
    withholding_review: leaf('Ant/E1900501', tick('1'), 'Überprüfung des Steuereinbehalts beantragt'),
    church_tax_liable: leaf('KiSt_Pfl/E1900601', tick('1'), 'Kirchensteuerpflichtig ohne Kirchensteuerabzug'),
    withheld_german: group('KapErt_inl_StAbz/Betr_lt_StBesch', {
      income: leaf('E1900701', income, 'Kapitalerträge mit Steuerabzug'),
      sale_gains: leaf('E1900901', income, 'Darin Gewinne aus Veräußerungen'),
      replacement_income: leaf('E1901101', income, 'Darin Ersatzbemessungsgrundlage'),
      losses: leaf('E1901201', income, 'Nicht ausgeglichene Verluste ohne Aktienveräußerungen'),
      share_sale_losses: leaf('E1901301', income, 'Nicht ausgeglichene Verluste aus Aktienveräußerungen'),
    }),
    savers_allowance: group('Sp_PB', {
      on_reported: leaf('E1901401', incomeUpTo(4), 'Sparer-Pauschbetrag auf erklärte Erträge'),
      on_unreported: leaf('E1901402', incomeUpTo(4), 'Sparer-Pauschbetrag auf nicht erklärte Erträge'),
    }),
    without_withholding: group('KapErt_kein_inl_StAbz', {
      german: leaf('E1901501', income, 'Inländische Kapitalerträge ohne Steuerabzug'),
      foreign: leaf('E1901702', income, 'Ausländische Kapitalerträge'),
      tax_refund_interest: leaf('E1902001', income, 'Erstattungszinsen des Finanzamts'),
    }),
    taxes_withheld: group('St_Abz_Betr_Inl_u_Inv_Ert', {
      capital_gains_tax: leaf('E1904701', cents, 'Kapitalertragsteuer'),
      solidarity_surcharge: leaf('E1904901', cents, 'Solidaritätszuschlag'),
      church_tax: leaf('E1904801', cents, 'Kirchensteuer zur Kapitalertragsteuer'),
      foreign_tax_credited: leaf('E1905001', cents, 'Angerechnete ausländische Steuern'),
      foreign_tax_creditable: leaf('E1905101', cents, 'Anrechenbare ausländische Steuern'),
      foreign_tax_fictitious: leaf('E1905201', cents, 'Fiktive ausländische Quellensteuer'),
    }),
  },
};
