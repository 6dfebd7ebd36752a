import type { FormFacts } from '#shared/forms/form-facts.ts';
import { erklaerungFacts } from '#shared/forms/years.ts';

/**
 * The corporate income tax return (E30) from 2021, the first year of the E30 schemas at hand
 * (shared/elster/schemas/E30-2021.xsd to E30-2024.xsd); for 2025 no schema is published yet and the
 * 2024 one stands in (docs/forms/kst.md). A year's return is filed once the year has ended (§ 7
 * Abs. 3 KStG: the calendar year is the assessment period; § 31 Abs. 1 KStG, § 149 AO), and, a
 * corrected one too, while the assessment may still be made or changed: four years (§ 169 Abs. 2
 * Satz 1 Nr. 2 AO) from the end of the year it is filed, at the latest three years after the tax
 * year (§ 170 Abs. 2 Satz 1 Nr. 1 AO), so until the end of the seventh year after it. ERiC names
 * the Datenart version by E30's Unterfallart 30 (Datenartversionmatrix.xml: `KSt_30_<Jahr>`).
 */
export const kstFacts: FormFacts<'kst'> = erklaerungFacts(
  'kst',
  'KSt',
  2025,
  'the E30 schemas at hand begin with 2021, and 2025 is checked against the 2024 one',
  'KSt_30',
);
