// Anlage V, one per property (at most 999): income from letting (§ 21 Abs. 1 Nr. 1 EStG), the
// property, its rents line by line, its interest and other expenses (§ 9 EStG) and the surplus
// with each spouse's share. From 2023 each property is an Anlage V of its own; 2022's form holds
// the properties inside one V (E10-2022.xsd: V/Ek_b_Gst), which the map does not describe.
import { date, expense, income, leaf, list, text, total, type Anlage } from '#shared/forms/est/anlagen/map.ts';

export const vAnlage: Anlage = {
  key: 'rentals',
  element: 'V',
  many: 999,
  from: 2023,
  label: 'Anlage V',
  fields: {
    street: leaf('Allg/Lage/E0700407', text(), 'Straße, Hausnummer'),
    postal_code: leaf('Allg/Lage/E0700503', text(12), 'Postleitzahl'),
    city: leaf('Allg/Lage/E0700504', text(), 'Ort'),
    acquired_on: leaf('Allg/Lage/E0700102', date, 'Angeschafft am'),
    flats: list('Einn/Mieteinn/Whg/Einz', 99, { unit: leaf('E0701202', text(), 'Wohneinheit'), rent: leaf('E0700201', income, 'Mieteinnahmen') }),
    flats_total: total('Einn/Mieteinn/Whg/Sum/E0700206', ['flats', 'rent'], 'down'),
    interest: list('Wk/Schuldzins/Direkt', 99, { lender: leaf('E0704507', text(), 'Kreditinstitut'), amount: leaf('E0704508', expense, 'Schuldzinsen') }),
    interest_total: total('Wk/Schuldzins/Sum/E0703406', ['interest', 'amount']),
    other_costs: list('Wk/Sonst/Direkt', 99, {
      description: leaf('E0707901', text(), 'Art der Werbungskosten'),
      amount: leaf('E0707902', expense, 'Sonstige Werbungskosten'),
    }),
    other_costs_total: total('Wk/Sonst/Sum/E0705607', ['other_costs', 'amount']),
    expenses_total: leaf('Wk/Se_WK/E0705701', expense, 'Summe der Werbungskosten'),
    surplus: leaf('Erm_Zuord_Ek/E0701601', income, 'Überschuss'),
    share_taxpayer: leaf('Erm_Zuord_Ek/E0701801', income, 'Anteil Person A'),
    share_spouse: leaf('Erm_Zuord_Ek/E0701802', income, 'Anteil Person B'),
  },
};
