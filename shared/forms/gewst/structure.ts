// The trade tax return's Nutzdaten (`E20`) as ELSTER's schemas E20-2021.xsd to E20-2024.xsd define
// them (ERiC 41.6.2.0 documentation, Schnittstellenbeschreibungen/Erklaerungssteuern/GewSt_20_{year}/
// Schema). The whole structure of each year (GewSt 1A, the Anlagen EMU, OHG, BEG, BEK-GW, the
// Vorsatz) is generated from those files (structure/e20-{year}.json, written by
// scripts/structure/generate.ts); the body's fields are mapped onto it by shared/forms/element-body.ts.
// No 2025 schema is published with that documentation; the 2024 one stands in for it, in the 2025
// namespace (docs/forms/gewst.md).
import { readStructure } from '#shared/xml/structure.ts';

/** The newest year whose schema is published. */
export const newestSchemaYear = 2024;

export const gewstNamespace = (year: number) => `http://finkonsens.de/elster/elstererklaerung/gewst/e20/v${year}`;

/** The whole structure of `year`'s schema (a year without its own takes the newest), read the first time that year is needed. */
export const gewstSchemaStructure = (year: number) => readStructure(new URL(`./structure/e20-${Math.min(year, newestSchemaYear)}.json`, import.meta.url));
