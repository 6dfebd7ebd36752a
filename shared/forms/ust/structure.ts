// The annual VAT return's Nutzdaten (`E50`) as ELSTER's schemas E50-2021.xsd to E50-2025.xsd define
// them (ERiC 41.6.2.0 documentation, Schnittstellenbeschreibungen/Erklaerungssteuern/USt_50_{year}/
// Schema). The whole structure of each year (USt 2A, the UN and FV parts, the Vorsatz) is generated
// from those files (structure/e50-{year}.json, written by scripts/structure/generate.ts); the body's
// fields are mapped onto it by shared/forms/element-body.ts. No 2026 schema is published with that documentation; the
// 2025 one stands in for it, in the 2026 namespace (docs/sources.md).
import { readStructure } from '#shared/xml/structure.ts';

/** The newest year whose schema is published. */
export const newestSchemaYear = 2025;

export const ustNamespace = (year: number) => `http://finkonsens.de/elster/elstererklaerung/ust/e50/v${year}`;

/** The whole structure of `year`'s schema (a year without its own takes the newest), read the first time that year is needed. */
export const ustSchemaStructure = (year: number) => readStructure(new URL(`./structure/e50-${Math.min(year, newestSchemaYear)}.json`, import.meta.url));
