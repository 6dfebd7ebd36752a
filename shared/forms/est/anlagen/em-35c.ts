// Anlage Energetische Maßnahmen (§ 35c EStG), per building: its address, start of construction,
// property tax reference, areas and an earlier reduction; the costs of each kind of measure line by
// line (walls, roof, ceilings, windows and doors, summer heat protection, ventilation, heating,
// digital systems, optimising an older heating, the certificates), their sum as the caller gives
// it (it adds up lines of several kinds), the energy adviser, the hybrid heating, what is claimed
// as extraordinary burden instead, the costs recognised in the two years before, and the owners.
// From 2023 the shares in such costs that partnerships' tax offices determined.
import type { Finding } from '#shared/domain/ticket.ts';
import { count, date, nonNegativeIncome, percent, positiveExpense, tally, text, yesNo } from '#shared/forms/est/anlagen/formats.ts';
import { from2023, leaf, list, perPerson, type Anlage, type Node } from '#shared/forms/est/anlagen/map.ts';
import { namedWithOffice } from '#shared/forms/est/anlagen/blocks.ts';

/** The costs of one kind of measure, each invoice on its line. */
const costs = (at: string, id: string, label: string): Node => list(`Aufw/Massn/${at}`, 10, { amount: leaf(id, positiveExpense, label) });

export const em35cAnlage: Anlage = {
  key: 'energy_renovation',
  element: 'EM_35c',
  label: 'Anlage Energetische Maßnahmen',
  fields: {
    buildings: list('Obj', 9, {
      street: leaf('Allg/E0240401', text(), 'Straße und Hausnummer des Gebäudes'),
      construction_started: leaf('Allg/E0240402', date, 'Herstellungsbeginn des Gebäudes'),
      place: leaf('Allg/E0240501', text(), 'Postleitzahl und Ort'),
      property_tax_reference: leaf('Allg/E0240601', text(17), 'Aktenzeichen laut Grundsteuermessbescheid'),
      total_area: leaf('Allg/E0240801', count(999999), 'Gesamtfläche in m²'),
      own_use_area: leaf('Allg/E0240802', count(999999), 'Davon zu eigenen Wohnzwecken genutzt in m²'),
      earlier_reduction: leaf('Allg/E0240803', yesNo, 'Früher bereits Steuerermäßigung für energetische Maßnahmen'),
      public_funding: leaf('Aufw/E0240902', yesNo, 'Öffentliche Förderung beantragt oder erhalten'),
      measures_started: leaf('Aufw/Massn/E0240901', date, 'Beginn der energetischen Maßnahme'),
      walls: costs('Waende', 'E0241001', 'Wärmedämmung von Wänden'),
      roof: costs('Dach', 'E0241101', 'Wärmedämmung von Dachflächen'),
      ceilings: costs('Geschossd', 'E0241201', 'Wärmedämmung von Geschossdecken'),
      windows_doors: costs('Fenst_Tuer', 'E0241301', 'Erneuerung von Fenstern und Außentüren'),
      summer_heat_protection: costs('Somm_Waerm', 'E0241302', 'Sommerlicher Wärmeschutz'),
      ventilation: costs('Lueftung', 'E0241401', 'Lüftungsanlage'),
      heating: costs('Heizung', 'E0241501', 'Erneuerung der Heizungsanlage'),
      digital_systems: costs('Digital', 'E0241601', 'Digitale Systeme zur Verbrauchsoptimierung'),
      heating_optimisation: costs('Heizung_alt', 'E0241701', 'Optimierung bestehender Heizungsanlagen'),
      certificates: costs('Bescheinig', 'E0241801', 'Erteilung der Bescheinigungen'),
      measures_total: leaf('Aufw/Massn/Sum/E0241901', positiveExpense, 'Summe der Aufwendungen für energetische Maßnahmen'),
      energy_adviser: leaf('Aufw/Massn/Energieberat/E0242001', positiveExpense, 'Energieberater'),
      hybrid_gas_heating: leaf('Aufw/Massn/Hybrid/E0242101', positiveExpense, 'Darin Gasbrennwerttechnik zur Hybridisierung'),
      hybrid_proof_submitted: leaf('Aufw/Massn/Hybrid/E0242201', yesNo, 'Nachweis der Hybridisierung eingereicht'),
      as_burden_measures: leaf('Aufw/Massn/AgB/E0242601', positiveExpense, 'Davon als außergewöhnliche Belastung beantragt'),
      as_burden_adviser: leaf('Aufw/Massn/AgB/E0242701', positiveExpense, 'Davon Energieberater als außergewöhnliche Belastung'),
      recognised_last_year: leaf('EM_Vorj/E0242501', positiveExpense, 'Anerkannte Aufwendungen des Vorjahres'),
      recognised_year_before: leaf('EM_Vorj/E0243401', positiveExpense, 'Anerkannte Aufwendungen des Vorvorjahres'),
      owners: perPerson('Eigent/StPfl', { share: leaf('E0242301', tally(99), 'Miteigentumsanteil in %') }),
      co_owners: list('Eigent/Miteigent', 10, { details: leaf('E0242401', text(), 'Weitere Miteigentümer') }),
    }),
    partnership_shares: perPerson(from2023('Ant_35c/Ant'), {
      shares: list(from2023('Einz'), 10, {
        ...namedWithOffice([from2023('E0243001'), from2023('E0243101'), from2023('E0243201')], 'Gemeinschaft oder Gesellschaft', 'partnership'),
        property_tax_reference: leaf(from2023('E0243202'), text(17), 'Aktenzeichen laut Grundsteuermessbescheid'),
        share: leaf(from2023('E0243301'), percent, 'Festgestellter Anteil an der Steuerermäßigung in %'),
        costs: leaf(from2023('E0243402'), nonNegativeIncome, 'Festgestellte Aufwendungen des Jahres'),
        adviser: leaf(from2023('E0243501'), nonNegativeIncome, 'Festgestellte Aufwendungen für den Energieberater'),
        costs_last_year: leaf(from2023('E0243601'), nonNegativeIncome, 'Festgestellte Aufwendungen des Vorjahres'),
        costs_year_before: leaf(from2023('E0243701'), nonNegativeIncome, 'Festgestellte Aufwendungen des Vorvorjahres'),
      }),
    }),
  },
};

/** 2022's form takes one building (E10-2022.xsd: one Obj), later ones nine. */
export function em35cFindings(body: { year: number; energy_renovation?: { buildings?: unknown[] } }): Finding[] {
  const buildings = body.energy_renovation?.buildings ?? [];
  return body.year <= 2022 && buildings.length > 1
    ? [{ path: 'energy_renovation.buildings', code: 'NOT_IN_YEAR', message: `holds ${buildings.length} buildings; ELSTER's form of ${body.year} takes one` }]
    : [];
}
