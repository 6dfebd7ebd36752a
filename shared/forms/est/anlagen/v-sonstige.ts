// Anlage V-Sonstige (from 2023; 2022's form had these lines in Anlage V): shares in the income of
// communities and partnerships, closed-end property funds and building and purchase communities as
// their tax offices determined them, the business identification numbers of the lessors (from
// 2024), subletting, the renting out of undeveloped land, other immovable property, aggregates of
// assets and rights, process and delay interest (from 2024), extraordinary income (§ 24 EStG) and
// models of § 15b EStG. Where the form has a column per person, `taxpayer` is Person A (or the
// community) and `spouse` Person B; the totals are computed.
import { businessId, income, nonNegativeIncome, text } from '#shared/forms/est/anlagen/formats.ts';
import { from2023, from2024, leaf, list, perPerson, total, type Anlage, type Fields } from '#shared/forms/est/anlagen/map.ts';
import { namedWithOffice } from '#shared/forms/est/anlagen/blocks.ts';

/** A share determined by a partnership's tax office: its name, office, tax number and amount. */
const share = (ids: readonly [string, string, string, string], label: string): Fields => ({
  ...namedWithOffice([from2023(ids[0]), from2023(ids[1]), from2023(ids[2])], 'Gemeinschaft, Gesellschaft oder Fonds'),
  amount: leaf(from2023(ids[3]), income, label),
});

/** A line with a column per person: its description and the amount of Person A and of Person B. */
const columns = (ids: readonly [string, string, string], label: string, amount = income): Fields => ({
  description: leaf(from2023(ids[0]), text(), 'Bezeichnung'),
  taxpayer: leaf(from2023(ids[1]), amount, `${label} (Person A)`),
  spouse: leaf(from2023(ids[2]), amount, `${label} (Person B)`),
});

export const vSonstigeAnlage: Anlage = {
  key: 'rentals_other',
  element: 'V_Sonstige',
  label: 'Anlage V-Sonstige',
  fields: {
    shares: perPerson(from2023('Anteil_Ek'), {
      communities: list(from2023('GG'), 2, share(['E0702301', 'E0720501', 'E0720502', 'E0702302'], 'Anteil an Einkünften einer Gemeinschaft')),
      further_communities: list(from2023('Weit_GG/Einz'), 99, share(['E0702511', 'E0720801', 'E0720802', 'E0702514'], 'Anteil an weiteren Gemeinschaften')),
      further_communities_total: total(from2023('Weit_GG/Sum/E0702512'), ['further_communities', 'amount'], 'down'),
      property_funds: list(
        from2023('Gesch_Immo_Fo/Einz'),
        99,
        share(['E0702201', 'E0721001', 'E0721002', 'E0702204'], 'Anteil an geschlossenen Immobilienfonds'),
      ),
      property_funds_total: total(from2023('Gesch_Immo_Fo/Sum/E0702202'), ['property_funds', 'amount'], 'down'),
      building_communities: list(
        from2023('Bauh_Erw_Gem/Einz'),
        99,
        share(['E0702101', 'E0721204', 'E0721205', 'E0702104'], 'Anteil an Bauherren- und Erwerbergemeinschaften'),
      ),
      building_communities_total: total(from2023('Bauh_Erw_Gem/Sum/E0702102'), ['building_communities', 'amount'], 'down'),
    }),
    business_ids: list(from2024('W_IdNr'), 99, {
      taxpayer: leaf(from2024('E0723001'), businessId, 'Wirtschafts-Identifikationsnummer (Person A oder Gemeinschaft)'),
      spouse: leaf(from2024('E0723002'), businessId, 'Wirtschafts-Identifikationsnummer (Person B)'),
    }),
    subletting: list(from2023('Unterverm/Einz'), 99, columns(['E0702603', 'E0702604', 'E0702605'], 'Einkünfte aus Untervermietung')),
    subletting_total_taxpayer: total(from2023('Unterverm/Sum/E0702601'), ['subletting', 'taxpayer'], 'down'),
    subletting_total_spouse: total(from2023('Unterverm/Sum/E0702602'), ['subletting', 'spouse'], 'down'),
    undeveloped_land: list(from2023('And_Vermiet/Unbeb_Grdst'), 99, columns(['E0702703', 'E0702704', 'E0702705'], 'Vermietung unbebauter Grundstücke')),
    other_immovables: list(
      from2023('And_Vermiet/And_Unbewegl'),
      99,
      columns(['E0721101', 'E0721102', 'E0721103'], 'Vermietung anderen unbeweglichen Vermögens'),
    ),
    aggregates: list(from2023('And_Vermiet/Sachinbegr'), 99, columns(['E0721201', 'E0721202', 'E0721203'], 'Vermietung von Sachinbegriffen')),
    rights: list(from2023('And_Vermiet/Rechte'), 99, columns(['E0721301', 'E0721302', 'E0721303'], 'Überlassung von Rechten')),
    other_rentals_total_taxpayer: leaf(from2023('And_Vermiet/Sum/E0702701'), income, 'Summe anderer Vermietung (Person A)'),
    other_rentals_total_spouse: leaf(from2023('And_Vermiet/Sum/E0702702'), income, 'Summe anderer Vermietung (Person B)'),
    process_interest_description: leaf(from2024('Proz_Verz_Zins/E0723701'), text(), 'Prozess- und Verzugszinsen (Bezeichnung)'),
    process_interest_taxpayer: leaf(from2024('Proz_Verz_Zins/E0723702'), nonNegativeIncome, 'Prozess- und Verzugszinsen (Person A)'),
    process_interest_spouse: leaf(from2024('Proz_Verz_Zins/E0723703'), nonNegativeIncome, 'Prozess- und Verzugszinsen (Person B)'),
    extraordinary: list(from2023('Ao_Ek/Einz'), 99, columns(['E0702903', 'E0702904', 'E0702905'], 'Außerordentliche Einkünfte (§ 24 EStG)', nonNegativeIncome)),
    extraordinary_total_taxpayer: total(from2023('Ao_Ek/Sum/E0702901'), ['extraordinary', 'taxpayer'], 'down'),
    extraordinary_total_spouse: total(from2023('Ao_Ek/Sum/E0702902'), ['extraordinary', 'spouse'], 'down'),
    tax_shelter_models: list(from2023('Ges_Gem_P15b'), 99, columns(['E0702801', 'E0702802', 'E0702803'], 'Einkünfte aus Modellen nach § 15b EStG')),
  },
};
