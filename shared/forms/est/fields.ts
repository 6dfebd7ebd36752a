// ELSTER's field identifiers (E-numbers) of the E10 structure that steuerbote writes and reads,
// with the source of each; the source tags are defined in docs/sources.md.

/**
 * Every field identifier steuerbote writes, in one place. Inside a group, key order is the
 * schema's element order. A field's section (its path in E10) is where `estForms` puts it.
 */
export const e10 = {
  /** ESt1A/Art_Erkl: "Einkommensteuererklärung" ticked [E][JL]. */
  incomeTaxReturn: 'E0100001',
  /**
   * ESt1A/Allg/A (the taxpayer, Person A) [E][JL]; Person B (the spouse) [E]. Key order is the
   * schema's (E10-2022.xsd to E10-2024.xsd). Until 2022 B holds the spouse's address like A; from
   * 2023 B/Abw_Anschr holds it, only where it differs from Person A's (E10-2023.xsd, E10-2024.xsd).
   * The lengths of these fields are in limits.ts.
   */
  person: {
    taxpayer: {
      birthDate: 'E0100401',
      lastName: 'E0100201',
      firstName: 'E0100301',
      religion: 'E0100402',
      street: 'E0101104',
      houseNumber: 'E0101206',
      houseNumberSuffix: 'E0101207',
      postalCode: 'E0100601',
      city: 'E0100602',
    },
    spouse: {
      birthDate: 'E0101001',
      lastName: 'E0100901',
      firstName: 'E0100801',
      religion: 'E0101002',
      street: 'E0102105',
      houseNumber: 'E0102202',
      houseNumberSuffix: 'E0102203',
      postalCode: 'E0101701',
      city: 'E0101702',
    },
  },
  /**
   * ESt1A/Allg/A, after the address: "verheiratet / Lebenspartnerschaft begründet seit dem", TT.MM.JJJJ
   * [E est_mapping.py, elster_xml_tree.py 2021][PUB 2025]. The schema has the dates of being widowed,
   * divorced and permanently separated after it (E0100702 to E0100704, E10-2022.xsd to E10-2024.xsd);
   * the request has no field for them yet.
   */
  marriedSince: 'E0100701',
  /**
   * ESt1A/Allg/Vlg_Art: Zusammenveranlagung [E]; Einzelveranlagung von Ehegatten [JL, in a comment on
   * the 2025 form]. It stands after B until 2022 (E10-2022.xsd: A, B, Vlg_Art, BV) and before B from
   * 2023 (E10-2023.xsd, E10-2024.xsd: A, Vlg_Art, B, BV).
   */
  jointAssessment: 'E0101201',
  separateAssessment: 'E0102602',
  /** ESt1A/Allg/BV: IBAN of a German account [E][JL]; of a foreign account [PUB]. */
  ibanGerman: 'E0102102',
  ibanForeign: 'E0102603',
  /** ESt1A/Allg/BV/Kto_Inh: account holder Person A [E][JL] or Person B [E; its place in Kto_Inh is [own], following [JL]'s 2025 layout for Person A]. */
  accountHolder: { taxpayer: 'E0101601', spouse: 'E0102402' },
  /**
   * N/ArbL: a person's wage tax statements summed, gross wage in whole euros, the withheld taxes
   * with cents. LStB_1_5_Sum holds the statements in tax classes 1 to 5 and the tax class first,
   * which ERiC requires with a wage (its rule 241) [JL][PUB 2024–2025]; LStB_6_Sum those in
   * class 6, without a tax class field [PUB 2024–2025, mappings checked against the E10-2024.xsd
   * of ERiC 44.3 and ERiC's field database].
   */
  wageStatements: {
    LStB_1_5_Sum: { taxClass: 'E0200002', grossWage: 'E0200201', incomeTax: 'E0200301', solidaritySurcharge: 'E0200401', churchTax: 'E0200501' },
    LStB_6_Sum: { grossWage: 'E0200203', incomeTax: 'E0200303', solidaritySurcharge: 'E0200403', churchTax: 'E0200503' },
  },
  /**
   * N/Wk/EP/Erste_Taetig, one per employment [JL]: "1" = first place of work (E0203003, from 2023 only:
   * E10-2022.xsd has no such field), its address as one text "PLZ Ort, Straße Nr." [JL][PUB 2025],
   * days, full km one way.
   */
  commuteTarget: 'E0203003',
  workplaceAddress: 'E0203501',
  officeDays: 'E0203503',
  commuteKm: 'E0203504',
  /** N/Wk/Arbeitsmittel: work equipment, one itemised line (its kind, the amount) and the sum (E10-2022.xsd to E10-2024.xsd). */
  workEquipmentDescription: 'E0204401',
  workEquipmentAmount: 'E0204402',
  workEquipmentTotal: 'E0204403',
  /** N/Wk/Weitere_Wk/Sum: further income-related expenses [JL]; steuerbote writes none, but shows them from a caller's XML. */
  otherExpensesTotal: 'E0204803',
  /** R/Leibr_gesetzl/Einz: statutory pension amount and its start date (TT.MM.JJJJ) [PUB]. */
  pensionAmount: 'E1800301',
  pensionStart: 'E1800501',
  /** SA/KiSt/Gezahlt/Sum [E][JL]. */
  churchTaxPaid: 'E0107601',
  /**
   * SA/Zuw/Sp_MB/Foerd_st_beg_Zw_Inl: donations in Germany [E][JL], in its Sum until 2022
   * (E10-2022.xsd) and in Sum_Best from 2023 (E10-2023.xsd, E10-2024.xsd).
   */
  donations: 'E0108105',
  /** AgB/And_Aufw/Krankh/Sum: medical costs [E][JL]. */
  medicalCosts: 'E0161304',
  /** HA_35a/St_Erm/Hhn_BV_DL: household services, one itemised line and the sum [E][JL]. */
  householdServicesDescription: 'E0107206',
  householdServicesAmount: 'E0107207',
  householdServicesTotal: 'E0107208',
  /** HA_35a/St_Erm/Handw_L: craftsman services, the labour costs of one itemised line and the sum [E][JL]. */
  craftsmanServicesDescription: 'E0111217',
  craftsmanServicesLabour: 'E0111214',
  craftsmanServicesTotal: 'E0111215',
  /** VOR/Beitr_g_KV_PV_Inl/AN: statutory health insurance of Person A [JL]. `health_insurance` goes here [own: the request does not split it by person or insurer]. */
  healthInsurance: 'E2001203',
} as const;
