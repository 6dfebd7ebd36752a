// The corporate income tax return's Nutzdaten (`E30`) as ELSTER's schemas E30-2021.xsd to
// E30-2024.xsd define them (ERiC 41.6.2.0 documentation, Schnittstellenbeschreibungen/
// Erklaerungssteuern/KSt_30_{year}/Schema). The whole structure of each year, every Anlage
// included, which a caller's XML, a body and the sandbox's re-check are held to, is generated from
// those files (structure/e30-{year}.json, written by scripts/structure/generate.ts). No 2025 schema
// is published with that documentation; the 2024 one stands in for it, in the 2025 namespace.
import { readFileSync } from 'node:fs';
import type { CompactStructure } from '#shared/xml/structure.ts';

/** The newest year whose schema is published. */
export const newestSchemaYear = 2024;

export const kstNamespace = (year: number) => `http://finkonsens.de/elster/elstererklaerung/kst/e30/v${year}`;

const loaded = new Map<number, CompactStructure>();

/**
 * The whole structure of `year`'s schema, read the first time that year is needed. Read at once
 * rather than awaited: the body is written into XML by the form module's synchronous `nutzdaten`.
 */
export function kstSchemaStructure(year: number): CompactStructure {
  const schemaYear = Math.min(year, newestSchemaYear);
  let structure = loaded.get(schemaYear);
  if (!structure) {
    structure = JSON.parse(readFileSync(new URL(`./structure/e30-${schemaYear}.json`, import.meta.url), 'utf8')) as CompactStructure;
    loaded.set(schemaYear, structure);
  }
  return structure;
}
