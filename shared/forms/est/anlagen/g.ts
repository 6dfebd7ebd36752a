// Anlage G, per person: profits from trade (§ 15 EStG) as figures the business's own accounts
// found, each business on its line, and the shares in partnerships and communities that their tax
// offices determined (§ 180 Abs. 1 Nr. 2 Buchst. a AO). A loss is a negative amount.
import { income, leaf, list, personLeaf, text, total, type Anlage } from '#shared/forms/est/anlagen/map.ts';

export const gAnlage: Anlage = {
  key: 'trade',
  element: 'G',
  many: 2,
  label: 'Anlage G',
  fields: {
    person: personLeaf,
    businesses: list('Gew/Einz_U/Betr_1_2', 2, {
      kind: leaf('E0800301', text(), 'Art des Gewerbebetriebs'),
      profit: leaf('E0800302', income, 'Gewinn aus Gewerbebetrieb'),
    }),
    further_businesses: list('Gew/Einz_U/Weit_Betr/Einz', 99, { kind: leaf('E0800401', text(), 'Art des weiteren Gewerbebetriebs') }),
    further_profit: leaf('Gew/Einz_U/Weit_Betr/Sum/E0800402', income, 'Gewinn weiterer Gewerbebetriebe'),
    partnerships: list('Gew/Ges_Fest/Einz', 99, {
      name: leaf('E0800501', text(), 'Gesellschaft, Finanzamt und Steuernummer'),
      tax_office: leaf({ 2022: null, 2023: 'E0800704' }, text(), 'Finanzamt'),
      share: leaf('E0800504', income, 'Anteil an Gewinnen aus Beteiligungen'),
    }),
    partnerships_total: total('Gew/Ges_Fest/Sum/E0800502', ['partnerships', 'share'], 'down'),
  },
};
