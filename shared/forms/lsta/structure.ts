// The Lohnsteuer-Anmeldung's Nutzdaten (`Anmeldungssteuern`) as ELSTER's schemas LStA-2021.xsd to
// LStA-2025.xsd define them (shared/elster/schemas/; ERiC 41.6.2.0 documentation,
// Schnittstellenbeschreibungen/Anmeldungssteuern/LStA_{year}/Schema). The whole structure of each
// year, which a caller's XML and the sandbox's re-check are held to, is generated from those files
// (structure/lsta-{year}.json, written by scripts/structure/generate.ts). Held here is the order of
// the Lohnsteueranmeldung element, for the writer; the frame every Anmeldungssteuern form shares is
// shared/forms/anmeldungssteuern.ts. No 2026 schema is published with that documentation; the 2025
// form is taken for 2026 (docs/sources.md).
import { anmeldungssteuern, begruendung, herstellerId } from '#shared/forms/anmeldungssteuern.ts';
import { flagKennzahlen, lstaFlags, lstaKennzahlen } from '#shared/forms/lsta/kennzahlen.ts';
import { type CompactStructure, type ElementFacts, loadStructure } from '#shared/xml/structure.ts';

// Elements without text facts hold values the reader checks itself, so their findings keep the
// codes callers know (XML_NUMBER, TAX_NUMBER_FORMAT, …).
const element = (name: string): ElementFacts => ({ name });

/** The schema's order of the elements of Lohnsteueranmeldung in `year`'s form. */
export function lohnsteueranmeldung(year: number): ElementFacts {
  const flags = lstaFlags(year).flatMap((flag) => (flag === 'supplementary' ? [element('Kz23'), begruendung] : [element(`Kz${flagKennzahlen[flag]}`)]));
  const kennzahlen = (lstaKennzahlen(year) ?? []).map((spec) => element(spec.element));
  return { name: 'Lohnsteueranmeldung', children: [element('Jahr'), element('Zeitraum'), element('Steuernummer'), herstellerId, ...flags, ...kennzahlen] };
}

/** The `Anmeldungssteuern` element of `year`'s form. */
export const lstaStructure = (year: number): ElementFacts => anmeldungssteuern([lohnsteueranmeldung(year)]);

/** The whole structure of `year`'s schema, read the first time that year is checked. */
export const lstaSchemaStructure = (year: number): Promise<CompactStructure> =>
  loadStructure(new URL(`./structure/lsta-${Math.min(year, 2025)}.json`, import.meta.url));
