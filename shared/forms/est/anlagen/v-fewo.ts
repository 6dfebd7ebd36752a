// Anlage V-FeWo (from 2023), one per Anlage V it belongs to (by the Anlage V's running number):
// each holiday flat or short-term letting with its property tax reference, living space, the days
// it was used by its owner, let and empty, and the questions on the days of letting usual in the
// place (the intention to make a profit, § 21 EStG).
import { count, tally, text, yesNo } from '#shared/forms/est/anlagen/formats.ts';
import { from2023, leaf, list, type Anlage } from '#shared/forms/est/anlagen/map.ts';

export const vFewoAnlage: Anlage = {
  key: 'holiday_lettings',
  element: 'V_FeWo',
  many: 999,
  label: 'Anlage V-FeWo',
  fields: {
    rental_number: leaf(from2023('Laufende_Nummer_V'), count(999), 'Laufende Nummer der Anlage V'),
    flats: list(from2023('Obj'), 99, {
      property_tax_reference: leaf(from2023('Allg/E0730501'), text(17), 'Aktenzeichen laut Grundsteuermessbescheid'),
      description: leaf({ 2022: null, 2024: 'Allg/E0730602' }, text(), 'Bezeichnung der Ferienwohnung'),
      living_space: leaf(from2023('Allg/E0730601'), count(99999), 'Wohnfläche in m²'),
      used_by_owner_or_reserved: leaf(from2023('Nutz/E0730701'), yesNo, 'Selbst genutzt oder zur Selbstnutzung vorbehalten'),
      days_used_by_owner: leaf(from2023('Nutz/E0730801'), tally(366), 'Tage der Selbstnutzung'),
      days_let: leaf(from2023('Nutz/E0730802'), tally(366), 'Vermietungstage'),
      days_empty: leaf(from2023('Nutz/E0730803'), tally(366), 'Leerstandstage'),
      usual_days_let: leaf(from2023('Nutz/Ortsuebl/E0730901'), count(366), 'Ortsübliche Vermietungstage'),
      let_through_agent: leaf(from2023('Nutz/Ortsuebl/E0730702'), yesNo, 'Vermietung über einen nicht nahestehenden Vermittler'),
      in_own_house: leaf(from2023('Nutz/Ortsuebl/E0731101'), yesNo, 'Im sonst selbst genutzten Haus oder in dessen Nähe'),
      other_flats_in_place: leaf(from2023('Nutz/Ortsuebl/E0731201'), yesNo, 'Weitere eigene Ferienwohnungen am Ort'),
    }),
  },
};
