import type { FormFacts } from '#shared/forms/form-facts.ts';

/**
 * The Zusammenfassende Meldung (ZM, § 18a UStG), sent to the Bundeszentralamt für Steuern. Its
 * schema is not per year: ERiC knows one Datenart version, `ZMDO` (Datenartversionmatrix.xml), and
 * one schema, shared/elster/schemas/zm_000005.xsd (version 000005 since the end of 2020, raised
 * for Brexit), for every year it takes: back ten years from the current one (jahr_Inhalt in
 * shared/elster/rules/Jahresdokumentation_ZMDO.xml), so 2016 in 2026; a year of its own is added
 * each January, as for every form. Whether a period has begun is the rules' part (rules.ts).
 */
export const zmFacts: FormFacts<'zm'> = {
  kind: 'zm',
  years: [2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026],
  window: {
    opens: 'year-begun',
    closes: { after: 10, why: 'ERiC takes a ZM for the ten years before the current one (jahr_Inhalt)' },
    rules: { notOpen: 'meldezeitraum_Zukunft', closed: 'jahr_Inhalt' },
    offered: 'its one schema (ZMDO, version 000005) serves every year ERiC takes',
  },
  verfahren: 'ElsterExtern',
  datenart: 'ZMDO',
  datenartVersion: () => 'ZMDO',
  filer: 'vat_id',
  // ERiC's NutzdatenHeader names the Bundeszentralamt für Steuern: Empfaenger id="L", "BF" with
  // header version 11 (the fields EmpfaengerTyp and EmpfaengerName of the workbook above, and
  // shared/elster/samples/zmdo_send-Auth.xml).
  recipient: { id: 'L', code: 'BF' },
};
