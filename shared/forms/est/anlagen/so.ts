// Anlage SO: other income (§ 22 EStG): recurring payments (Nr. 1), maintenance received that the
// payer deducts (Nr. 1a), services (Nr. 3), and private sales of land and other assets within the
// holding periods (Nr. 2, § 23 EStG), each per person. A sale's gain (§ 23 Abs. 3 EStG: the price
// less the cost, to which the depreciation is added back, less the selling costs) is computed where
// a body leaves it out and held to those lines where it gives it.
import { date, expense, income, leaf, list, personLeaf, sumOf, text, type Anlage } from '#shared/forms/est/anlagen/map.ts';

export const soAnlage: Anlage = {
  key: 'other_income',
  element: 'SO',
  label: 'Anlage SO',
  fields: {
    recurring: list('Wied_Bez', 2, {
      person: personLeaf,
      description: leaf('E0304501', text(), 'Art der wiederkehrenden Bezüge'),
      amount: leaf('E0304502', income, 'Einnahmen aus wiederkehrenden Bezügen'),
    }),
    maintenance_received: list('Unt_Leist', 2, { person: personLeaf, amount: leaf('E0304601', income, 'Unterhaltsleistungen (Realsplitting)') }),
    recurring_expenses: list('Wk', 2, { person: personLeaf, amount: leaf('E0304701', expense, 'Werbungskosten zu wiederkehrenden Bezügen') }),
    land_sales: list('Priv_VA_G/Grdst', 2, {
      person: personLeaf,
      sales: list('Einz', 99, {
        property: leaf('E0306111', text(), 'Grundstück oder Recht'),
        acquired_on: leaf('E0306201', date, 'Angeschafft am'),
        sold_on: leaf('E0306202', date, 'Veräußert am'),
        price: leaf('E0306401', income, 'Veräußerungspreis (Grundstücke)'),
        cost: leaf('E0306501', expense, 'Anschaffungs- oder Herstellungskosten'),
        depreciation: leaf('E0306601', income, 'Absetzungen für Abnutzung'),
        selling_costs: leaf('E0306701', expense, 'Werbungskosten der Grundstücksveräußerung'),
        gain: leaf('E0306801', income, 'Gewinn / Verlust aus privaten Grundstücksveräußerungen', {
          computed: sumOf('price', '-cost', 'depreciation', '-selling_costs'),
        }),
      }),
    }),
    other_sales: list('Priv_VA_G/And_WG', 2, {
      person: personLeaf,
      sales: list('Einz', 99, {
        asset: leaf('E0307101', text(), 'Art des Wirtschaftsguts'),
        acquired_on: leaf('E0307201', date, 'Angeschafft am'),
        sold_on: leaf('E0307202', date, 'Veräußert am'),
        price: leaf('E0307401', income, 'Veräußerungspreis (andere Wirtschaftsgüter)'),
        cost: leaf('E0307501', expense, 'Anschaffungskosten'),
        selling_costs: leaf('E0307601', expense, 'Werbungskosten der Veräußerung anderer Wirtschaftsgüter'),
        gain: leaf('E0307701', income, 'Gewinn / Verlust aus anderen privaten Veräußerungen', { computed: sumOf('price', '-cost', '-selling_costs') }),
      }),
    }),
  },
};
