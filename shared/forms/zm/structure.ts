// The ZM Nutzdaten (`zm`) as ELSTER's schema shared/elster/schemas/zm_000005.xsd defines them (ERiC
// 41.6.2.0 documentation, Schnittstellenbeschreibungen/Anmeldungssteuern/ZMDO/Schema), the one
// schema of every year. Its whole structure, which a caller's XML and the sandbox's re-check are
// held to, is generated (structure/zm.json by scripts/structure/generate.ts). Held here by hand are
// the lengths the JSON check needs, from anschrift_Type, and the values the schema fixes.
import { type CompactStructure, loadStructure } from '#shared/xml/structure.ts';

/** The `version` attribute of the root: the schema's one constant value. */
export const zmVersion = '000005';

/** anschrift_Type: each element's most characters; `name`, `strasse`, `ort` and `staat` are required. */
export const addressLengths = {
  name: 30,
  adresszusatz: 40,
  strasse: 30,
  hausnr: 10,
  hausnrzusatz: 10,
  plz: 12,
  ort: 30,
  telefon: 20,
} as const;

/**
 * The admission number of a report sent through ERiC: zulassNr_Type's documentation says zulnr1 is
 * "N" for ERiC (the portals send "S" and "P"), and zulnr2 carries "1111111"; ERiC's rule
 * zulnr1_Teilnehmernummer_Inhalt (shared/elster/rules/Jahresdokumentation_ZMDO.xml) refuses any
 * other zulnr1.
 */
export const ericAdmission = { zulnr1: 'N', zulnr2: '1111111' } as const;

/** waehrung: 1 is the euro; the workbook's field waehrung allows nothing else. */
export const euro = '1';

export const zmSchemaStructure = (): Promise<CompactStructure> => loadStructure(new URL('./structure/zm.json', import.meta.url));
