// The corporate income tax return's Nutzdaten (`E30`) as ELSTER's schemas E30-2021.xsd to
// E30-2024.xsd define them (ERiC 41.6.2.0 documentation, Schnittstellenbeschreibungen/
// Erklaerungssteuern/KSt_30_{year}/Schema). The whole structure of each year, every Anlage
// included, which a caller's XML, a body and the sandbox's re-check are held to, is generated from
// those files (structure/e30-{year}.json, written by scripts/structure/generate.ts). No 2025 schema
// is published with that documentation; the 2024 one stands in for it, in the 2025 namespace.
import { readStructure } from '#shared/xml/structure.ts';

/** The newest year whose schema is published. */
export const newestSchemaYear = 2024;

export const kstNamespace = (year: number) => `http://finkonsens.de/elster/elstererklaerung/kst/e30/v${year}`;

/** The whole structure of `year`'s schema (a year without its own takes the newest), read the first time that year is needed. */
export const kstSchemaStructure = (year: number) => readStructure(new URL(`./structure/e30-${Math.min(year, newestSchemaYear)}.json`, import.meta.url));
