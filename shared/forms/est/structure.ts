// The income tax return's Nutzdaten (`E10`) as ELSTER's schemas E10-2022.xsd to E10-2024.xsd define
// them (ERiC 41.6.2.0 documentation, Schnittstellenbeschreibungen/Erklaerungssteuern/ESt_10_{year}/
// Schema). The whole structure of each year, every Anlage included, which a caller's XML and the
// sandbox's re-check are held to, is generated from those files (structure/e10-{year}.json, written
// by scripts/structure/generate.ts). Held here by hand is the Vorsatz, which identifies the return,
// as the writer needs it. No schema of 2025 or 2026 is published with that documentation; the 2024
// schema is taken for them (docs/sources.md).
import { type CompactStructure, type ElementFacts, elsterString, loadStructure } from '#shared/xml/structure.ts';

const text = (name: string, maxLength: number, pattern?: RegExp, minLength = 1) =>
  elsterString(name, maxLength, { text: { minLength, ...(pattern && { pattern }) } });

/** The Vorsatz, which identifies the return: the same in every year's form. */
export const vorsatz: ElementFacts = {
  name: 'Vorsatz',
  children: [
    text('Unterfallart', 2, /^10$/, 2),
    { name: 'Vorgang', text: { pattern: /^(?:01|04)$/ } },
    // StNr, Zeitraum and the IdNrs are read and checked against the request by the reader itself.
    { name: 'StNr' },
    text('Ordnungsbegriff', 13, undefined, 13),
    { name: 'ID' },
    { name: 'IDEhefrau' },
    { name: 'Zeitraum' },
    text('AbsName', 45),
    text('AbsStr', 30),
    text('AbsPlz', 5, /^(?:0[1-9][0-9]{3}|[1-9][0-9]{4})$/, 5),
    text('AbsOrt', 29),
    text('Copyright', 50),
    text('TeleNummer', 3, /^[A-Z0-9]{3}$/, 3),
    text('OrdNrArt', 1, /^[SO]$/),
    {
      name: 'Rueckuebermittlung',
      children: [
        { name: 'Bescheid', text: { pattern: /^[12]$/ } },
        text('ArtRueckuebermittlung', 10),
        text('SchluesselRueckuebermittlung', 2997),
        text('AdresseRueckuebermittlung', 290),
      ],
    },
  ],
};

/** The whole structure of `year`'s schema, every Anlage included, read the first time that year is checked. */
export const estSchemaStructure = (year: number): Promise<CompactStructure> =>
  loadStructure(new URL(`./structure/e10-${Math.min(year, 2024)}.json`, import.meta.url));
