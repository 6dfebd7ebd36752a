import type { FormFacts } from '#shared/forms/form-facts.ts';
import { erklaerungFacts } from '#shared/forms/years.ts';

/**
 * The trade tax return (E20) from 2021, the first year of the E20 schemas at hand
 * (shared/elster/schemas/E20-2021.xsd to E20-2024.xsd); for 2025 no schema is published yet and the
 * 2024 one stands in (docs/forms/gewst.md). The trade tax of a year (its Erhebungszeitraum, the
 * calendar year: § 14 GewStG) is declared once the year has ended (§ 14a GewStG, § 25 GewStDV); the
 * return, or a corrected one, can be filed while the Gewerbesteuermessbetrag may still be assessed
 * or changed: four years (§ 169 Abs. 2 Satz 1 Nr. 2 AO), which begin with the end of the year the
 * return is filed, at the latest three years after the year (§ 170 Abs. 2 Satz 1 Nr. 1 AO), so the
 * end of the seventh year after it.
 */
export const gewstFacts: FormFacts<'gewst'> = erklaerungFacts(
  'gewst',
  'GewSt',
  2025,
  "ELSTER's E20 structure begins with 2021 (Datenartversionmatrix: a new Nutzdaten structure from 2021), and 2025 is checked against the 2024 schema and rules",
);
