// Anlage Vorsorgeaufwand, the blocks beside the per-person ones of vorsorge.ts, which this part
// joins (the same in E10-2022.xsd to E10-2024.xsd): statutory or private health and care insurance
// abroad per person (§ 10 Abs. 1 Nr. 3 EStG), the contributions borne for co-insured persons such
// as a partner or a child who is no longer counted (§ 10 Abs. 1 Nr. 3 Satz 2 EStG) with their
// IdNr, and the further statements per person: no right to tax-free health subsidies, no
// statutory pension insurance for the work of the year, and a pension from an inactive employment.
// Health insurance is health data (GDPR Art. 9): never in the protocol.
import { expenseUpTo, idnr, nonNegativeExpenseUpTo, text, tick, yesNo } from '#shared/forms/est/anlagen/formats.ts';
import { leaf, list, perPerson, type Anlage } from '#shared/forms/est/anlagen/map.ts';

const health = { health: true } as const;

export const vorFurtherAnlage: Anlage = {
  key: 'provision_further',
  element: 'VOR',
  part: true,
  order: ['AVor', 'Beitr_g_KV_PV_Inl', 'Beitr_p_KV_PV_Inl', 'Beitr_g_p_KV_PV_Ausl', 'Stfr_AG_Zusch', 'Uebern_KV_PV_Beitr', 'Weit_Sons_VorAW', 'Erg_Ang'],
  label: 'Vorsorgeaufwand: Ausland, Mitversicherte, ergänzende Angaben',
  fields: {
    health_abroad: perPerson('Beitr_g_p_KV_PV_Ausl', {
      health: leaf('E2002502', expenseUpTo(5), 'Krankenversicherung im Ausland (Basisabsicherung)', health),
      with_sick_pay: leaf('E2002602', expenseUpTo(5), 'Darin mit Anspruch auf Krankengeld (Ausland)', health),
      care: leaf('E2002703', expenseUpTo(4), 'Pflegeversicherung im Ausland', health),
      refunded: leaf('E2002801', nonNegativeExpenseUpTo(5), 'Erstattete Beiträge (Ausland)', health),
      refunded_with_sick_pay: leaf('E2002901', nonNegativeExpenseUpTo(5), 'Darin mit Anspruch auf Krankengeld erstattet (Ausland)', health),
      beyond_basic: leaf('E2003603', expenseUpTo(5), 'Krankenversicherung über die Basisabsicherung hinaus (Ausland)', health),
    }),
    co_insured: list('Uebern_KV_PV_Beitr', 10, {
      idnr: leaf('E2003804', idnr, 'Identifikationsnummer der mitversicherten Person'),
      name: leaf('E2003904', text(), 'Mitversicherte Person: Name, Vorname, Geburtsdatum'),
      health: leaf('E2004003', expenseUpTo(5), 'Private Krankenversicherung der mitversicherten Person', health),
      care: leaf('E2004103', expenseUpTo(4), 'Pflege-Pflichtversicherung der mitversicherten Person', health),
      refunded: leaf('E2004203', expenseUpTo(5), 'Erstattete Beiträge der mitversicherten Person', health),
      beyond_basic: leaf('E2004303', expenseUpTo(4), 'Zusatzversicherung der mitversicherten Person', health),
    }),
    statements: perPerson('Erg_Ang', {
      no_health_subsidies: leaf('E2001001', tick('2'), 'Kein Anspruch auf steuerfreie Zuschüsse zur Krankenversicherung', health),
      civil_servant: leaf('Keine_RV_Pfl/E2002201', tick('1'), 'Ohne Rentenversicherungspflicht als Beamter'),
      board_member: leaf('Keine_RV_Pfl/E2002202', tick('1'), 'Ohne Rentenversicherungspflicht als Vorstand oder Gesellschafter-Geschäftsführer'),
      other_activity: leaf('Keine_RV_Pfl/E2005303', tick('1'), 'Ohne Rentenversicherungspflicht in anderer Tätigkeit'),
      activity: leaf('Keine_RV_Pfl/E2002301', text(), 'Tätigkeit ohne Rentenversicherungspflicht'),
      pension_entitlement: leaf('Keine_RV_Pfl/E2002401', yesNo, 'Anwartschaft auf Altersversorgung aus der Tätigkeit'),
      inactive_employment_pension: leaf('BetrR_WerksP_n_stbeg_VersoB/E2005801', tick('1'), 'Arbeitslohn aus nicht aktivem Dienstverhältnis'),
    }),
  },
};
