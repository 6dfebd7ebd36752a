import type { FormFacts } from '#shared/forms/form-facts.ts';
import { erklaerungFacts } from '#shared/forms/years.ts';

/**
 * The annual VAT return (E50) from 2021, the first year of the E50 schemas ELSTER publishes
 * (shared/elster/schemas/E50-2021.xsd to E50-2025.xsd); for 2026 no schema is published yet and the
 * 2025 one stands in (docs/sources.md). A year's return is filed once the year has ended (§ 18 Abs. 3
 * UStG: the calendar year is the assessment period); it, or a corrected one, can be filed while the
 * assessment may still be made or changed: four years (§ 169 Abs. 2 Satz 1 Nr. 2 AO), which begin
 * with the end of the year the return is filed, at the latest three years after the tax year
 * (§ 170 Abs. 2 Satz 1 Nr. 1 AO), so the end of the seventh year after it.
 */
export const ustFacts: FormFacts<'ust'> = erklaerungFacts(
  'ust',
  'USt',
  2026,
  "ELSTER's E50 structure begins with 2021 (Datenartversionmatrix: a new Nutzdaten structure from 2021), and 2026 is checked against the 2025 schema",
);
