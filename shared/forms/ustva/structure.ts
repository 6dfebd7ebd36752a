// The UStVA Nutzdaten (`Anmeldungssteuern`) as ELSTER's schemas UStVA-2021.xsd to UStVA-2025.xsd
// define them (ERiC 41.6.2.0 documentation, Schnittstellenbeschreibungen/Anmeldungssteuern/
// UStVA_{year}/Schema). The whole structure of each year, which a caller's XML and the sandbox's
// re-check are held to, is generated from those files (structure/ustva-{year}.json, written by
// scripts/structure/generate.ts). Held here by hand are the facts the writer and the JSON check
// need: element order, lengths and patterns of the text elements (those every Anmeldungssteuern
// form shares in shared/forms/anmeldungssteuern.ts). Every element is optional in the
// schemas; what a filing must carry is the readers' and the tax rules' part. No 2026 schema is
// published with that documentation; the 2025 form is taken for 2026, as its Kennzahlen did not
// change (docs/sources.md).
import { anmeldungssteuern, begruendung, herstellerId } from '#shared/forms/anmeldungssteuern.ts';
import { widnrText } from '#shared/forms/fields.ts';
import { type CompactStructure, type ElementFacts, loadStructure } from '#shared/xml/structure.ts';

// The schemas' Kennzahlen of Umsatzsteuervoranmeldung in their order, which is not strictly
// ascending: Kz93 stands before Kz90.
const kennzahlenUntil2022 = [
  '10',
  '21',
  '22',
  '23',
  '26',
  '29',
  '35',
  '36',
  '37',
  '39',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '50',
  '59',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '67',
  '69',
  '73',
  '74',
  '76',
  '77',
  '80',
  '81',
  '83',
  '84',
  '85',
  '86',
  '89',
  '91',
  '93',
  '94',
  '95',
  '96',
  '98',
];
// 2023 added the 0 % rate of § 12 Abs. 3 UStG: Kz87 (deliveries) and Kz90 (acquisitions).
const kennzahlen2023 = kennzahlenUntil2022.flatMap((kz) => (kz === '86' ? [kz, '87'] : kz === '93' ? [kz, '90'] : [kz]));
// 2025 added Kz70, the date of leaving the small-business scheme.
const kennzahlen2025 = kennzahlen2023.flatMap((kz) => (kz === '69' ? [kz, '70'] : [kz]));

/** The schema's order of the Kennzahlen of Umsatzsteuervoranmeldung (`Kz10`…), Kz09 and Kz23_Begruendung not among them. */
export function ustvaKennzahlOrder(year: number): readonly string[] {
  return year >= 2025 ? kennzahlen2025 : year >= 2023 ? kennzahlen2023 : kennzahlenUntil2022;
}

/** The Wirtschafts-Identifikationsnummer, in the forms from 2025 on. */
export const widnr: ElementFacts = { name: 'WIdNr', text: widnrText };
// Elements without text facts hold values the readers check themselves, so their findings keep the
// codes callers know (XML_NUMBER, TAX_NUMBER_FORMAT, …).
const element = (name: string): ElementFacts => ({ name });
const widnrSince2025 = (year: number) => (year >= 2025 ? [widnr] : []);
const kennzahlen = (year: number) => ustvaKennzahlOrder(year).flatMap((kz) => (kz === '23' ? [element('Kz23'), begruendung] : [element(`Kz${kz}`)]));

/** The filings of Steuerfall, after its parties. */
function filings(year: number): ElementFacts[] {
  const filer = [element('Jahr'), element('Steuernummer'), ...widnrSince2025(year), herstellerId];
  return [
    {
      name: 'Umsatzsteuervoranmeldung',
      children: [element('Jahr'), element('Zeitraum'), element('Steuernummer'), ...widnrSince2025(year), herstellerId, ...kennzahlen(year)],
    },
    { name: 'Dauerfristverlaengerung', children: [...filer, element('Kz23'), begruendung] },
    {
      name: 'Umsatzsteuersondervorauszahlung',
      children: [...filer, element('Kz10'), element('Kz23'), begruendung, element('Kz26'), element('Kz29'), element('Kz38')],
    },
  ];
}

/** The `Anmeldungssteuern` element of `year`'s form. */
export function ustvaStructure(year: number): ElementFacts {
  return anmeldungssteuern(filings(year));
}

/** The whole structure of `year`'s schema, read the first time that year is checked. */
export const ustvaSchemaStructure = (year: number): Promise<CompactStructure> =>
  loadStructure(new URL(`./structure/ustva-${Math.min(year, 2025)}.json`, import.meta.url));
