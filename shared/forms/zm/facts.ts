import type { Finding } from '#shared/domain/ticket.ts';
import type { FormFacts } from '#shared/forms/form-facts.ts';

/**
 * The Zusammenfassende Meldung (ZM, § 18a UStG), sent to the Bundeszentralamt für Steuern. Its
 * schema is not per year: ERiC knows one Datenart version, `ZMDO` (Datenartversionmatrix.xml), and
 * the schema shared/elster/schemas/zm_000005.xsd, version 000005 since the end of 2020 (its change
 * log: raised for Brexit). The service takes periods from 2021, the first year that version and
 * ERiC's rules of Northern Ireland's `XI` and Great Britain's `GB` (erlaube_nordirische_ustids_2021,
 * knre_UstIdNr_GB_nur_bis_brexit in shared/elster/rules/Jahresdokumentation_ZMDO.xml) are written
 * for, to the current year; ERiC itself goes back ten years (jahr_Inhalt), so a year drops out
 * once it is more than ten years past. Whether a period has begun is the rules' part (rules.ts).
 */
export const zmFacts: FormFacts<'zm'> = {
  kind: 'zm',
  years: [2021, 2022, 2023, 2024, 2025, 2026],
  acceptedYears(today) {
    const current = Number(today.slice(0, 4));
    return zmFacts.years.filter((year) => year <= current && year >= current - 10);
  },
  yearFindings: (year, today) => zmYearFindings(year, today),
  verfahren: 'ElsterExtern',
  datenart: 'ZMDO',
  datenartVersion: () => 'ZMDO',
  filer: 'vat_id',
  // ERiC's NutzdatenHeader names the Bundeszentralamt für Steuern: Empfaenger id="L", "BF" with
  // header version 11 (the fields EmpfaengerTyp and EmpfaengerName of the workbook above, and
  // shared/elster/samples/zmdo_send-Auth.xml).
  recipient: { id: 'L', code: 'BF' },
};

/** Why a ZM for `year` cannot be filed on `today`; none when it can. */
export function zmYearFindings(year: number, today: string): Finding[] {
  if (zmFacts.acceptedYears(today).includes(year)) return [];
  const current = Number(today.slice(0, 4));
  if (year > current)
    return [{ path: 'year', code: 'YEAR_NOT_BEGUN', message: `has not begun: a ZM for ${year} can be filed from ${year}-01-01`, expected: `${year}-01-01` }];
  return [
    { path: 'year', code: 'YEAR_CLOSED', message: `is no longer taken: the ZM is filed for periods from ${Math.max(zmFacts.years[0]!, current - 10)} on` },
  ];
}
