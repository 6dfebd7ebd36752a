import type { FormFacts } from '#shared/forms/form-facts.ts';
import { erklaerungFacts } from '#shared/forms/years.ts';

/**
 * The Anlage EÜR (E77) from 2021, the first year of its new Nutzdaten structure
 * (Datenartversionmatrix.xml: EUER_<Jahr>, "neue Nutzdatenstruktur ab 2021"; shared/elster/schemas/
 * E77-2021.xsd to E77-2024.xsd); for 2025 no schema is published yet and the 2024 one stands in
 * (docs/forms/euer.md). A year's profit is determined once the year has ended, and the EÜR goes with
 * the income tax, corporation tax or partnership return of that year, which must be filed
 * (§ 60 Abs. 4 EStDV, § 25 Abs. 3 EStG, § 181 Abs. 2 AO): so its assessment may be made or changed for
 * four years (§ 169 Abs. 2 Satz 1 Nr. 2 AO) from the end of the year it is filed, at the latest three
 * years after the tax year (§ 170 Abs. 2 Satz 1 Nr. 1 AO), the end of the seventh year after it.
 */
export const euerFacts: FormFacts<'euer'> = erklaerungFacts(
  'euer',
  'EUER',
  2025,
  "ELSTER's E77 structure begins with 2021 (Datenartversionmatrix: a new Nutzdaten structure from 2021), and 2025 is checked against the 2024 schema",
);
