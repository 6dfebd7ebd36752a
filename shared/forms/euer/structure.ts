// The Anlage EÜR's Nutzdaten (`E77`) as ELSTER's schemas E77-2021.xsd to E77-2024.xsd define them
// (ERiC 41.6.2.0 documentation, Schnittstellenbeschreibungen/Erklaerungssteuern/EUER_77_{year}/
// Schema). The whole structure of each year (EUER, AVEUER, SZ, SE, AVSE, ER, LuF, the Vorsatz) is
// generated from those files (structure/e77-{year}.json, written by scripts/structure/generate.ts);
// the body's fields are mapped onto it by shared/forms/element-body.ts. No 2025 schema is published
// with that documentation; the 2024 one stands in for it, in the 2025 namespace (docs/forms/euer.md).
import { readFileSync } from 'node:fs';
import type { ElementForm } from '#shared/forms/element-nutzdaten.ts';
import type { CompactStructure } from '#shared/xml/structure.ts';

/** The newest year whose schema is published. */
export const newestSchemaYear = 2024;

export const euerNamespace = (year: number) => `http://finkonsens.de/elster/elstererklaerung/euer/e77/v${year}`;

const loaded = new Map<number, CompactStructure>();

/**
 * The whole structure of `year`'s schema, read the first time that year is needed. Read at once
 * rather than awaited: the body is written into XML by the form module's synchronous `nutzdaten`.
 */
export function euerSchemaStructure(year: number): CompactStructure {
  const schemaYear = Math.min(year, newestSchemaYear);
  let structure = loaded.get(schemaYear);
  if (!structure) {
    structure = JSON.parse(readFileSync(new URL(`./structure/e77-${schemaYear}.json`, import.meta.url), 'utf8')) as CompactStructure;
    loaded.set(schemaYear, structure);
  }
  return structure;
}

/** E77 as the writer and reader of shared/forms/element-nutzdaten.ts take it; Unterfallart 77 is E77's (E77-{year}.xsd). */
export const e77: ElementForm = {
  root: 'E77',
  rootLabel: 'an <E77> element (the Anlage EÜR)',
  unterfallart: '77',
  namespace: euerNamespace,
  structure: euerSchemaStructure,
};
