// Anlage Mobilitätsprämie (§§ 101 to 109 EStG): the application, and per person whether it
// concerns employment or other income, each source with its first place of work (days and
// distance) or its double household (trips home and distance).
import { code, count, text, tick, yesNo } from '#shared/forms/est/anlagen/formats.ts';
import { leaf, list, perPerson, type Anlage } from '#shared/forms/est/anlagen/map.ts';

export const mobAnlage: Anlage = {
  key: 'mobility_premium',
  element: 'Mob',
  label: 'Anlage Mobilitätsprämie',
  fields: {
    applied: leaf('Antr/E0420401', tick('1'), 'Mobilitätsprämie beantragt'),
    persons: perPerson('Ang', {
      employment: leaf('E0420501', yesNo, 'Für Einkünfte aus nichtselbständiger Arbeit'),
      other_income: leaf('E0420601', yesNo, 'Für andere Einkünfte'),
      sources: list('Einz', 9, {
        description: leaf('E0420701', text(), 'Betrieb, Tätigkeit oder Vermietungsobjekt'),
        income_kind: leaf('E0420801', code({ agriculture: '1', trade: '2', self_employment: '3', rentals: '4', other: '5' }), 'Einkunftsart'),
        workplace: leaf('EP/E0420901', text(), 'Erste Betriebs- oder Tätigkeitsstätte'),
        workplace_days: leaf('EP/E0421001', count(999), 'Aufgesucht an Tagen'),
        workplace_km: leaf('EP/E0421002', count(9999), 'Einfache Entfernung in km'),
        double_household_place: leaf('DHHF/E0421101', text(), 'Beschäftigungsort der doppelten Haushaltsführung'),
        home_trips: leaf('DHHF/E0421201', count(53), 'Anzahl der Familienheimfahrten'),
        home_trip_km: leaf('DHHF/E0421202', count(9999), 'Einfache Entfernung der Familienheimfahrten in km'),
      }),
    }),
  },
};
