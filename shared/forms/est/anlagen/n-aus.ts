// Anlage N-AUS, per person and state of work: foreign wages exempt from German tax under a tax
// treaty, the foreign activity decree (Auslandstätigkeitserlass) or another intergovernmental
// agreement (§ 32b Abs. 1 Satz 1 Nr. 3 EStG), with the home abroad, employers and the activity,
// the wage split into its German and foreign parts by working days, the expenses on the exempt
// wage and compensations for several years. 2022's form ticks the reason, the home abroad and
// the centre of life; from 2023 (E10-2023.xsd) they are a code and yes or no.
import { code, count, country, dateSpan, expense, income, tally, text, tick, yesNo } from '#shared/forms/est/anlagen/formats.ts';
import { from2023, group, leaf, list, perPersonAnlage, sumOf, until2022 } from '#shared/forms/est/anlagen/map.ts';

/** A name and an address abroad or at home, by the elements of name, street, postcode, town and state. */
const addressed = (ids: readonly [string, string, string, string, string]) => ({
  name: leaf(ids[0], text(), 'Name'),
  street: leaf(ids[1], text(), 'Straße und Hausnummer'),
  postcode: leaf(ids[2], text(), 'Postleitzahl'),
  town: leaf(ids[3], text(), 'Ort'),
  country: leaf(ids[4], country, 'Staat'),
});

/** The wage a state may tax, by working days (ArbL_DBA, ArbL_ATE): the days, the wage in proportion, the wage directly its own, their sum. */
const byWorkingDays = (ids: readonly [string, string, string, string, string], label: string) => ({
  working_days: leaf(ids[0], count(366), 'Tatsächliche Arbeitstage im In- und Ausland'),
  foreign_days: leaf(ids[1], tally(366), 'Davon Arbeitstage mit Besteuerungsrecht des Auslands'),
  apportioned: leaf(ids[2], income, `Anteiliger Arbeitslohn (${label})`),
  direct: leaf(ids[3], income, `Direkt zuzuordnender Arbeitslohn (${label})`),
  exempt: leaf(ids[4], income, `Steuerfrei zu stellender Arbeitslohn (${label})`, { computed: sumOf('apportioned', 'direct') }),
});

/** A part of the wage in the block `at` with what kind it is, as `key_description` and `key`; ids in that order. */
const wagePart = (key: string, at: string, ids: readonly [string, string], label: string) => ({
  [`${key}_description`]: leaf(`${at}/${ids[0]}`, text(), `${label}: Art`),
  [key]: leaf(`${at}/${ids[1]}`, income, label),
});

export const nAusAnlage = perPersonAnlage(
  { key: 'foreign_employment', element: 'N_AUS', label: 'Anlage N-AUS' },
  {
    states: list('Staat', 99, {
      country: leaf('Staat/E2600401', country, 'Tätigkeitsstaat'),
      tax_treaty_ticked: leaf(until2022('Art_Steuerentl/E2600501'), tick('X'), 'Steuerfrei nach DBA'),
      other_agreement_ticked: leaf(until2022('Art_Steuerentl/E2600502'), tick('X'), 'Steuerfrei nach zwischenstaatlichem Übereinkommen'),
      activity_decree_ticked: leaf(until2022('Art_Steuerentl/E2600601'), tick('X'), 'Steuerfrei nach Auslandstätigkeitserlass'),
      exemption: leaf(
        from2023('Allg/E2600503'),
        code({ tax_treaty: '1', activity_decree: '2', other_agreement: '3' }),
        'Grund der Steuerfreiheit des Arbeitslohns',
      ),
      no_foreign_home_ticked: leaf(until2022('Allg/Wohnsitz/E2600701'), tick('X'), 'Kein Wohnsitz im Ausland'),
      foreign_home_ticked: leaf(until2022('Allg/Wohnsitz/E2600702'), tick('X'), 'Wohnsitz im Ausland'),
      foreign_home: leaf(from2023('Allg/Wohnsitz/E2600703'), yesNo, 'Wohnsitz im Ausland neben dem Inland'),
      foreign_home_street: leaf('Allg/Wohnsitz/E2600801', text(), 'Auslandswohnsitz: Straße und Hausnummer'),
      foreign_home_postcode: leaf('Allg/Wohnsitz/E2600901', text(), 'Auslandswohnsitz: Postleitzahl'),
      foreign_home_town: leaf('Allg/Wohnsitz/E2600902', text(), 'Auslandswohnsitz: Ort'),
      foreign_home_country: leaf('Allg/Wohnsitz/E2601001', country, 'Auslandswohnsitz: Staat'),
      centre_of_life_elsewhere_ticked: leaf(until2022('Allg/Wohnsitz/E2601101'), tick('X'), 'Lebensmittelpunkt nicht in diesem Staat'),
      centre_of_life_ticked: leaf(until2022('Allg/Wohnsitz/E2601102'), tick('X'), 'Lebensmittelpunkt in diesem Staat'),
      centre_of_life: leaf(from2023('Allg/Wohnsitz/E2601104'), yesNo, 'Lebensmittelpunkt in diesem Staat'),
      centre_of_life_statement: leaf('Allg/Wohnsitz/E2601103', text(), 'Darlegung des Lebensmittelpunkts'),
      employers: list('Allg/ArbG', 10, {
        ...addressed(['E2601202', 'E2601201', 'E2601301', 'E2601302', 'E2601401']),
        sector: leaf('E2601501', text(), 'Wirtschaftszweig des Arbeitgebers (ATE)'),
        project: leaf('E2601601', text(), 'Begünstigtes Vorhaben des Arbeitgebers (ATE)'),
      }),
      activities: list('Allg/Taetigk/Art_Zeitr', 10, {
        kind: leaf('E2601701', text(), 'Art der Auslandstätigkeit'),
        span: leaf('E2601702', dateSpan, 'Zeitraum der Auslandstätigkeit'),
      }),
      days_abroad: leaf('Allg/Taetigk/Tage/E2602001', tally(366), 'Kalendertage im Tätigkeitsstaat'),
      days_not_needed: leaf('Allg/Taetigk/Tage/E2602002', tick('X'), 'Keine Angaben zu Aufenthaltstagen nötig'),
      interruptions: list('Allg/Taetigk/Unterbrech', 99, {
        reason: leaf('E2602101', text(), 'Grund der Unterbrechung'),
        span: leaf('E2602102', dateSpan, 'Zeitraum der Unterbrechung'),
      }),
      under_work_contract: leaf('Allg/Taetigk_Vertr/E2602301', tick('X'), 'Im Rahmen eines Werkvertrags'),
      under_labour_leasing: leaf('Allg/Taetigk_Vertr/E2602401', tick('X'), 'Im Rahmen gewerblicher Arbeitnehmerüberlassung'),
      for_affiliate: leaf('Allg/Taetigk_Vertr/E2602501', tick('X'), 'Bei einem verbundenen Unternehmen'),
      for_permanent_establishment: leaf('Allg/Taetigk_Vertr/E2602601', tick('X'), 'Für eine Betriebsstätte des Arbeitgebers (DBA)'),
      for_foreign_employer: leaf('Allg/Taetigk_Vertr/E2602701', tick('X'), 'Für einen ausländischen Arbeitgeber'),
      other_arrangement: leaf('Allg/Taetigk_Vertr/E2602801', text(), 'Andere Vertragsgestaltung'),
      companies: list('Allg/Unternehmen', 10, addressed(['E2603101', 'E2603201', 'E2603301', 'E2603302', 'E2603401'])),
      wage: group('Ang_ArbL', {
        gross_statement: leaf('BAL/E2603501', income, 'Bruttoarbeitslohn laut Lohnsteuerbescheinigung'),
        gross_not_withheld: leaf('BAL/E2603601', income, 'Bruttoarbeitslohn ohne inländischen Steuerabzug'),
        gross_tax_free: leaf('BAL/E2603701', income, 'Steuerfreier Bruttoarbeitslohn laut Lohnsteuerbescheinigung'),
        subtotal: leaf('BAL/E2603801', income, 'Zwischensumme Bruttoarbeitslohn', {
          computed: sumOf('gross_statement', 'gross_not_withheld', 'gross_tax_free'),
        }),
        ...wagePart('foreign_taxable', 'Abz_ausl_stpfl_AL', ['E2603901', 'E2603902'], 'Abzuziehender ausländischer steuerpflichtiger Arbeitslohn'),
        ...wagePart('foreign_tax_free', 'Zzgl_ausl_stfr_AL', ['E2604001', 'E2604002'], 'Hinzuzurechnender ausländischer steuerfreier Arbeitslohn'),
        total: leaf('Sum_inl_ausl_AL/E2604101', income, 'Summe in- und ausländischer Arbeitslohn'),
        ...wagePart('german_direct', 'Aufteilg/Abz_AL_Inl', ['E2604201', 'E2604202'], 'Direkt dem Inland zuzuordnender Arbeitslohn'),
        ...wagePart('foreign_direct', 'Aufteilg/Abz_AL_Ausl', ['E2604303', 'E2604304'], 'Direkt diesem Staat zuzuordnender Arbeitslohn'),
        ...wagePart('other_states', 'Aufteilg/Abz_AL_Ausl_uebr_NAUS', ['E2604305', 'E2604306'], 'Anderen Staaten zuzuordnender Arbeitslohn'),
        remaining: leaf('Verbl/E2604401', income, 'Verbleibender Arbeitslohn'),
      }),
      tax_treaty: group('ArbL_DBA', byWorkingDays(['E2604501', 'E2604601', 'E2604701', 'E2604801', 'E2604901'], 'DBA')),
      activity_decree: group('ArbL_ATE', byWorkingDays(['E2606202', 'E2606101', 'E2606201', 'E2606301', 'E2606401'], 'ATE')),
      other_agreement: group('ArbL_ZUE', {
        agreement: leaf('E2606701', text(), 'Zwischenstaatliches Übereinkommen'),
        organisation: leaf('E2606801', text(), 'Organisation der Tätigkeit'),
        activity: leaf('E2606901', text(), 'Art der Tätigkeit'),
        wage: leaf('E2607001', income, 'Arbeitslohn nach zwischenstaatlichem Übereinkommen'),
      }),
      expenses: group('Wk', {
        direct: leaf('E2607101', expense, 'Werbungskosten direkt zum steuerfreien Arbeitslohn'),
        apportioned: leaf('E2607201', expense, 'Werbungskosten anteilig zum steuerfreien Arbeitslohn'),
        total: leaf('E2607301', expense, 'Werbungskosten zum steuerfreien Arbeitslohn', { computed: sumOf('direct', 'apportioned') }),
      }),
      several_years: group('Bes_Lohnbest', {
        amount: leaf('E2607601', income, 'Steuerfreie Entschädigungen und Vergütungen für mehrere Jahre'),
        statement: leaf('E2607602', text(), 'Aufstellung der Entschädigungen und Vergütungen'),
        expenses: leaf('E2607701', expense, 'Werbungskosten zu Entschädigungen und Vergütungen'),
        remaining: leaf('E2607801', income, 'Verbleibende Entschädigungen und Vergütungen', { computed: sumOf('amount', '-expenses') }),
      }),
      treaty_special: group('ArbL_DBA_Sonder', {
        wage: leaf('E2608101', income, 'Arbeitslohn nach DBA-Sonderregelung'),
        expenses: leaf('E2608201', expense, 'Werbungskosten zum Arbeitslohn nach DBA-Sonderregelung'),
        nationalities: list('Staatsang', 5, { nationality: leaf('E2608301', text(), 'Staatsangehörigkeit') }),
      }),
    }),
  },
);
