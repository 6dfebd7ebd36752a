// Anlage Kind: one element per child, at most 14 (E10-2022.xsd to E10-2024.xsd, Kind maxOccurs).
// Identity and child benefit (§§ 31, 32 EStG, § 62 ff. EStG), the parents' relation to the child,
// the transfer of allowances (§ 32 Abs. 6 Satz 6 to 11 EStG), relief for single parents (§ 24b
// EStG), school fees (§ 10 Abs. 1 Nr. 9 EStG) and childcare costs (§ 10 Abs. 1 Nr. 5 EStG). The
// parents' relation moved from K_Verh_A/KV and K_Verh_B/KV (2022) into K_Verh (from 2023). An
// adult child (§ 32 Abs. 4 EStG) comes with its times of training, of seeking work and of a
// disability that began before 25 (health data), and its work after a first training; the
// allowance for a child away from home in training (§ 33a Abs. 2 EStG) with its addresses.
import type { Finding } from '#shared/domain/ticket.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import {
  code,
  count,
  date,
  dateSpan,
  expense,
  idnr,
  income,
  incomeUpTo,
  monthYear,
  period,
  tally,
  text,
  tick,
  yesNo,
} from '#shared/forms/est/anlagen/formats.ts';
import { group, leaf, list, total, until2022, from2023, type Anlage } from '#shared/forms/est/anlagen/map.ts';
import { childInsurance, childInsuranceAbroad } from '#shared/forms/est/anlagen/kind-insurance.ts';
import { degree } from '#shared/forms/est/anlagen/agb.ts';

const relation = code({ own: '1', foster: '2', grandchild_or_stepchild: '3' });
const periods = (id: string, label: string) => list('Ztr', 12, { span: leaf(id, period, label) });

export const kindAnlage: Anlage = {
  key: 'children',
  element: 'Kind',
  many: 14,
  label: 'Anlage Kind',
  fields: {
    idnr: leaf('Ang_Kind/Allg/E0500406', idnr, 'Identifikationsnummer des Kindes'),
    first_name: leaf('Ang_Kind/Allg/E0500107', text(), 'Vorname'),
    last_name: leaf('Ang_Kind/Allg/E0500108', text(), 'Abweichender Familienname'),
    birth_date: leaf('Ang_Kind/Allg/E0500701', date, 'Geburtsdatum'),
    child_benefit: leaf('Ang_Kind/Allg/E0500702', incomeUpTo(4), 'Anspruch auf Kindergeld'),
    family_office: leaf('Ang_Kind/Allg/E0500706', text(), 'Zuständige Familienkasse'),
    residence_germany: list('Ang_Kind/WS/Inl', 9, {
      span: leaf('E0500703', period, 'Wohnsitz im Inland'),
      address: leaf('E0500102', text(), 'Abweichende Adresse'),
    }),
    residence_abroad: list('Ang_Kind/WS/Ausl', 9, {
      span: leaf('E0500704', period, 'Wohnsitz im Ausland'),
      address: leaf('E0500103', text(), 'Abweichende Adresse'),
      country: leaf('E0500104', text(3), 'Staat (Länderschlüssel)'),
    }),
    relation_taxpayer: group(
      { 2022: 'K_Verh_A/KV', 2023: 'K_Verh/K_Verh_A' },
      {
        kind: leaf('E0500807', relation, 'Kindschaftsverhältnis zu Person A'),
        span: leaf('E0500601', period, 'Kindschaftsverhältnis zu Person A, Zeitraum'),
      },
    ),
    relation_spouse: group(
      { 2022: 'K_Verh_B/KV', 2023: 'K_Verh/K_Verh_B' },
      {
        kind: leaf('E0500808', relation, 'Kindschaftsverhältnis zu Person B'),
        span: leaf('E0500805', period, 'Kindschaftsverhältnis zu Person B, Zeitraum'),
      },
    ),
    other_parent: group(
      { 2022: 'K_Verh_and_P', 2023: 'K_Verh/K_Verh_and_P' },
      {
        name: leaf('Ang_Pers/E0501103', text(), 'Anderer Elternteil: Name, Vorname'),
        birth_date: leaf('Ang_Pers/E0501104', date, 'Anderer Elternteil: Geburtsdatum'),
        span: leaf('Ang_Pers/E0501903', period, 'Anderer Elternteil: Kindschaftsverhältnis, Zeitraum'),
        address: leaf('Ang_Pers/E0501105', text(), 'Anderer Elternteil: letzte bekannte Adresse'),
        kind: leaf('Ang_Pers/E0501106', code({ own: '1', foster: '2' }), 'Anderer Elternteil: Kindschaftsverhältnis'),
        abroad: leaf('Weit_Ang/E0503903', period, 'Anderer Elternteil im Ausland, Zeitraum'),
        died_on: leaf('Weit_Ang/E0501102', date, 'Anderer Elternteil verstorben am'),
        whereabouts_unknown: leaf('Weit_Ang/E0501513', tick('1'), 'Aufenthalt des anderen Elternteils nicht zu ermitteln'),
      },
    ),
    adult: group('Ang_vollj_Ki', {
      training: list('Ausb', 12, {
        span: leaf('E0501610', dateSpan, 'Volljähriges Kind in Ausbildung, Zeitraum'),
        notes: leaf('E0501408', text(), 'Erläuterungen zur Ausbildung'),
      }),
      seeking_work: list('Arb_los', 6, { span: leaf('E0501802', dateSpan, 'Volljähriges Kind arbeitsuchend gemeldet, Zeitraum') }),
      disabled: list('Behind', 2, {
        span: leaf('E0501905', dateSpan, 'Wegen Behinderung außerstande, sich selbst zu unterhalten, Zeitraum', { health: true }),
      }),
    }),
    adult_work: group('Ang_Erw_Taet_vj_K', {
      first_training_completed: leaf('E0502204', yesNo, 'Erstausbildung oder Erststudium abgeschlossen'),
      employed: leaf('E0502401', yesNo, 'Kind nach der Erstausbildung erwerbstätig'),
      minijob: leaf('Ki_erw_t/Minijob/E0502501', yesNo, 'Geringfügige Beschäftigung des Kindes'),
      minijobs: list('Ki_erw_t/Minijob/Einz', 12, {
        span: leaf('E0502502', period, 'Geringfügige Beschäftigung, Zeitraum'),
        weekly_hours: leaf('E0502618', count(99), 'Geringfügige Beschäftigung, Wochenstunden'),
      }),
      other_work: leaf('Ki_erw_t/And_ErwT/E0502616', yesNo, 'Andere Erwerbstätigkeit des Kindes'),
      other_jobs: list('Ki_erw_t/And_ErwT/Einz', 12, {
        span: leaf('E0502617', period, 'Andere Erwerbstätigkeit, Zeitraum'),
        weekly_hours: leaf('E0502713', count(99), 'Andere Erwerbstätigkeit, Wochenstunden'),
      }),
    }),
    // The child's own health and care insurance (KV_PV, KV_PV_ausl): before the transfer, as in the schema.
    health_insurance: group('KV_PV', childInsurance),
    health_insurance_abroad: group('KV_PV_ausl/AW', childInsuranceAbroad),
    // The transfer of the allowances (Übertragung des Kinderfreibetrags und des BEA-Freibetrags).
    transfer: group('Ueb_KFB_FB_BEA', {
      no_maintenance: group('Kein_U_a_EltT', {
        claimed: leaf('E0503907', tick('1'), 'Voller Kinderfreibetrag: keine Unterhaltsleistung des anderen Elternteils'),
        periods: periods('E0503911', 'Zeitraum ohne Unterhalt'),
      }),
      from_other_parent: group('And_Gruend/Ueb_v_and_EltT', {
        claimed: leaf('E0503906', tick('1'), 'Voller BEA-Freibetrag vom anderen Elternteil'),
        periods: periods('E0504106', 'Zeitraum der Übertragung'),
      }),
      to_step_or_grandparent: group('And_Gruend/Stie_Gro_Elt', {
        claimed: leaf('E0504301', tick('1'), 'Übertragung auf Stief- oder Großelternteil'),
        periods: periods('E0504302', 'Zeitraum der Haushaltszugehörigkeit'),
      }),
      to_step_or_grandparent_consent: leaf(
        'And_Gruend/Anlage_K/E0503905',
        code({ one_parent: '1', both_parents: '2' }),
        'Übertragung auf Stief- oder Großelternteil laut Anlage K, Zustimmung',
      ),
      parents_consent: leaf('And_Gruend/Anlage_K/E0503904', tick('1'), 'Zustimmung laut Anlage K'),
    }),
    // Relief for single parents (Entlastungsbetrag für Alleinerziehende, § 24b EStG).
    single_parent: list('EfA', 6, {
      registered_together: leaf('E0503801', period, 'Kind in gemeinsamer Wohnung gemeldet'),
      child_benefit_paid: leaf('E0503802', period, 'Kindergeld ausgezahlt'),
      other_adult_registered: leaf('E0503701', yesNo, 'Weitere volljährige Person gemeldet'),
      other_adult_registered_span: leaf('E0503803', period, 'Weitere volljährige Person gemeldet, Zeitraum'),
      household_with_adult: leaf('E0503821', yesNo, 'Haushaltsgemeinschaft mit volljähriger Person'),
      household_with_adult_span: leaf('E0503804', period, 'Haushaltsgemeinschaft, Zeitraum'),
      household_members: list('Hh_Gem', 5, {
        name: leaf('E0503805', text(), 'Person der Haushaltsgemeinschaft: Name, Vorname'),
        relationship: leaf('E0503806', text(), 'Person der Haushaltsgemeinschaft: Verwandtschaftsverhältnis'),
        occupation: leaf('E0503807', text(), 'Person der Haushaltsgemeinschaft: Beschäftigung'),
      }),
      claimed_for: leaf({ 2022: null, 2023: 'ZV_Pers/E0505002' }, code({ taxpayer: '1', spouse: '2' }), 'Entlastungsbetrag beantragt für'),
    }),
    // The allowance for a child of age in training and away from home (§ 33a Abs. 2 EStG): 2022's form asks of abroad first.
    away_in_training: group('FB_Abgelt_Sbed_BA_vj_Ki', {
      abroad_2022: leaf(until2022('E0505113'), tick('1'), 'Auswärtige Unterbringung zeitweise im Ausland'),
      placements: list('Einz', 12, {
        span: leaf('E0504806', period, 'Auswärtige Unterbringung, Zeitraum'),
        address: leaf('E0504805', text(), 'Anschrift des auswärts untergebrachten Kindes'),
        country: leaf('E0505203', text(), 'Staat der auswärtigen Unterbringung'),
      }),
      abroad: leaf(from2023('Ausl/E0505113'), tick('1'), 'Auswärtige Unterbringung zeitweise im Ausland'),
      agreed_share: leaf('Elt_k_ZV/E0506202', tally(100), 'Anteil am Ausbildungsfreibetrag laut gemeinsamem Antrag in %'),
    }),
    school_fees: group('Schulgeld', {
      schools: list('Einz', 5, { school: leaf('E0505606', text(), 'Schule oder Träger'), amount: leaf('E0504405', expense, 'Schulgeld') }),
      schools_total: total('Sum/E0505607', ['schools', 'amount']),
      own_share: leaf('Elt_k_ZV/E0504505', expense, 'Von mir übernommenes Schulgeld'),
      agreed_share: leaf('Elt_k_ZV/E0504603', tally(100), 'Anteil am Schulgeld laut gemeinsamem Antrag in %'),
    }),
    // The child's disability and survivors' allowances transferred to the parents (§ 33b Abs. 5 EStG): health data.
    disability_transfer: group('Ueb_PB_Beh_Hbl', {
      valid_from: leaf('Beh/Ausw_Rentb_Besch/E0504601', monthYear, 'Nachweis der Behinderung gültig von', { health: true }),
      valid_until: leaf('Beh/Ausw_Rentb_Besch/E0504602', monthYear, 'Nachweis der Behinderung gültig bis', { health: true }),
      valid_indefinitely: leaf('Beh/Ausw_Rentb_Besch/E0505908', tick('X'), 'Nachweis unbefristet gültig', { health: true }),
      degree: leaf('Beh/Ausw_Rentb_Besch/E0505809', degree, 'Grad der Behinderung des Kindes', { health: true }),
      mark_g: leaf('Beh/Geh_Steh/E0505808', tick('1'), 'Merkzeichen G oder aG des Kindes', { health: true }),
      mark_bl_h: leaf('Beh/Blind_Hilfl/E0505807', tick('1'), 'Merkzeichen Bl, TBl oder H des Kindes, Pflegegrad 4 oder 5', { health: true }),
      survivors: leaf('Hbl/E0505805', tick('1'), 'Übertragung des Hinterbliebenen-Pauschbetrags beantragt'),
      own_share: leaf('Elt_k_ZV/E0506007', tally(100), 'Anteil laut gemeinsamem Antrag in %'),
    }),
    // The lump sum for a disabled child's travel costs transferred (§ 33 Abs. 2a EStG): health data.
    disability_travel: group('Beh_Fk_Pausch', {
      degree_80_or_70_g: leaf('E0507302', tick('1'), 'Grad der Behinderung mindestens 80, oder 70 mit Merkzeichen G', { health: true }),
      mark_ag_bl_h: leaf('E0507403', tick('1'), 'Merkzeichen aG, Bl, TBl oder H, Pflegegrad 4 oder 5', { health: true }),
      own_share: leaf('Elt_k_ZV/E0507507', tally(100), 'Anteil an der behinderungsbedingten Fahrtkostenpauschale in %'),
    }),
    childcare: group('KBK', {
      services: list('Art/Einz', 50, {
        // One text from 2023; 2022 has the kind of service and the provider apart.
        service: leaf('E0506101', text(), 'Art der Dienstleistung (ab 2023 mit Name und Anschrift des Dienstleisters)'),
        provider: leaf({ 2022: 'E0506102', 2023: null }, text(), 'Name und Anschrift des Dienstleisters'),
        span: leaf('E0506103', period, 'Zeitraum'),
        amount: leaf('E0506104', expense, 'Kinderbetreuungskosten'),
      }),
      services_total: total('Art/Sum/E0506105', ['services', 'amount']),
      reimbursements: list('Ersatz_Erstatt/Einz', 6, {
        span: leaf('E0506506', period, 'Zeitraum'),
        amount: leaf('E0506505', income, 'Steuerfreier Ersatz, Erstattungen'),
      }),
      reimbursements_total: total('Ersatz_Erstatt/Sum/E0506504', ['reimbursements', 'amount'], 'down'),
      parents_household: list('Ang_HH/Gem_HH_Elt', 6, {
        span: leaf('E0504807', period, 'Gemeinsamer Haushalt der Eltern'),
        child_in_household: leaf('E0504808', period, 'Kind in unserem Haushalt'),
      }),
      separate_households: list('Ang_HH/K_gem_HH_Elt', 6, {
        span: leaf('E0505201', period, 'Kein gemeinsamer Haushalt der Eltern'),
        child_in_my_household: leaf('E0505202', period, 'Kind in meinem Haushalt'),
        child_in_other_household: leaf('E0508901', period, 'Kind im Haushalt des anderen Elternteils'),
      }),
      unmarried_parents_costs: list('Elt_k_ZV/Kosten/Einz', 6, {
        span: leaf('E0506606', period, 'Zeitraum'),
        amount: leaf('E0506605', expense, 'Von mir getragene Kinderbetreuungskosten'),
      }),
      unmarried_parents_total: total('Elt_k_ZV/Kosten/Sum/E0506604', ['unmarried_parents_costs', 'amount']),
      agreed_share: leaf('Elt_k_ZV/Auft_HB_Ki_Bet/E0508601', tally(100), 'Anteil an den Kinderbetreuungskosten laut Antrag in %'),
    }),
  },
};

/** A child as the rules look at it. */
interface Child {
  idnr?: string;
  birth_date?: string;
  single_parent?: unknown[];
  childcare?: { services?: unknown[] };
  school_fees?: { schools?: { amount?: number | string }[] };
}

/**
 * Tax class II is the class of single parents: only with a child in the household that gives the
 * relief of § 24b EStG (§ 38b Abs. 1 Satz 2 Nr. 2 EStG), so a statement in class II without a
 * child is a hint. A child's IdNr is its own
 * (§ 139b AO): never a parent's nor another child's. Childcare costs count for a child under 14
 * (§ 10 Abs. 1 Nr. 5 Satz 1 EStG); older only for a disability, which is a hint.
 */
export function kindFindings(body: EstReturn): Finding[] {
  const findings: Finding[] = [];
  const children = (body.children ?? []) as Child[];
  const parents = [body.taxpayer?.idnr, body.spouse?.idnr].filter(Boolean);
  const seen = new Set<string>();
  children.forEach((child, index) => {
    const path = `children.${index}`;
    if (child.idnr !== undefined) {
      if (parents.includes(child.idnr))
        findings.push({ path: `${path}.idnr`, code: 'IDNR_SAME_AS_PARENT', message: "must be the child's own tax identification number" });
      else if (seen.has(child.idnr)) findings.push({ path: `${path}.idnr`, code: 'IDNR_TWICE', message: "is another child's tax identification number" });
      seen.add(child.idnr);
    }
    if (child.birth_date !== undefined && child.birth_date > `${body.year}-12-31`)
      findings.push({
        path: `${path}.birth_date`,
        code: 'CHILD_BORN_AFTER_YEAR',
        message: `must be in ${body.year} or before: a child born later belongs to a later return`,
      });
    if (child.single_parent?.length && body.joint_assessment)
      findings.push({
        path: `${path}.single_parent`,
        code: 'SINGLE_PARENT_JOINT',
        message: 'cannot be claimed with a joint assessment: the relief for single parents (§ 24b EStG) needs a parent who does not live with a spouse',
      });
    if (child.childcare?.services?.length && child.birth_date !== undefined && child.birth_date <= `${body.year - 14}-12-31`)
      findings.push({
        path: `${path}.childcare`,
        code: 'CHILDCARE_CHILD_14',
        message:
          'is for a child who was 14 all year: childcare costs count only before 14, or for a child with a disability that began before 25 (§ 10 Abs. 1 Nr. 5 EStG)',
        severity: 'hint',
      });
  });
  // Beside a spouse, rules.ts hints at class II already (TAX_CLASS_2_WITH_SPOUSE).
  const classII = (body.employment ?? []).findIndex((job) => job.tax_class === 2);
  if (classII >= 0 && children.length === 0 && !body.spouse)
    findings.push({
      path: `employment.${classII}.tax_class`,
      code: 'TAX_CLASS_II_WITHOUT_CHILD',
      message: 'is 2, the class of single parents: name the child in `children` (§ 38b Abs. 1 Satz 2 Nr. 2, § 24b EStG)',
      severity: 'hint',
    });
  return findings;
}
