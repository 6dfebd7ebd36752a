// The Anlage EÜR's part of the OpenAPI document (shared/openapi/): its request schema with every
// field of E77 documented beside the ELSTER element it fills (shared/forms/documented-parts.ts), what
// the contract says of its fields, and its examples. Every request example passes the service's own
// checks (shared/openapi/document.test.ts).
import { vorsatzFilerFields } from '#shared/forms/year-end-openapi.ts';
import * as z from 'zod/mini';
import { documentedParts } from '#shared/forms/documented-elements.ts';
import type { FormOpenapi } from '#shared/forms/form.ts';
import { euerFacts } from '#shared/forms/euer/facts.ts';
import { type EuerPart, euerShape } from '#shared/forms/euer/schema.ts';
import newest from '#shared/forms/euer/structure/e77-2024.json' with { type: 'json' };
import type { CompactStructure } from '#shared/xml/structure.ts';

// The newest published schema shows the fields; 2025 is filed on it too.
const structure = newest as unknown as CompactStructure;
const documented = documentedParts(structure, ['EUER', 'AVEUER', 'SZ', 'SE', 'AVSE', 'ER', 'LuF', 'Vorsatz']) as Record<EuerPart, z.ZodMiniType>;
// A part per partner is a list.
const parts = { ...documented, se: z.array(documented.se), avse: z.array(documented.avse), er: z.array(documented.er) };

/**
 * A freelancer's EÜR for 2025: fees with VAT, the VAT collected, services bought entry by entry,
 * telephone, input tax and VAT paid; the sums and the profit (77,040.00 euros) are left to the service.
 */
export const euerExample = {
  test: true,
  year: 2025,
  tax_number: '9198011310010',
  euer: {
    allg: { e6000016: 'Erika Mustermann', e6000017: 'Softwareentwicklung', e6000603: '3', e6000604: '1' },
    bein: {
      ust_st_pflicht: { sum: { e6000401: '84000.00' } },
      ust_vereinnahmt_unentgeltl: { sum: { e6000601: '15960.00' } },
    },
    baus: {
      fremdleistung: {
        einz: [
          { e6001702: 'Grafik', e6001703: '4000.00' },
          { e6001702: 'Lektorat', e6001703: '2000.00' },
        ],
      },
      sonst_unbeschraenkt: {
        kommunikation: { sum: { e6003901: '960.00' } },
        vorsteuer: { sum: { e6005001: '1500.00' } },
        ust: { sum: { e6005101: '14460.00' } },
      },
    },
  },
  vorsatz: { abs_name: 'Erika Mustermann', abs_str: 'Hauptstr. 1', abs_plz: '80331', abs_ort: 'München' },
};

export const formOpenapi: FormOpenapi = {
  name: 'Anlage EÜR',
  schemaName: 'EuerSubmission',
  schema: z.strictObject(euerShape(parts)),
  year: `an Anlage EÜR for ${euerFacts.years[0]} to ${euerFacts.years.at(-1)} (${euerFacts.years.at(-1)} on the ${euerFacts.years.at(-2)} schema, as no newer one is published), once the year has ended (422 \`YEAR_NOT_ENDED\`), and, corrected too, while its assessment may still be made (until the end of the seventh year after it, 422 \`YEAR_CLOSED\`)`,
  fields: (common) => ({
    ...vorsatzFilerFields(common),
    euer: "The Anlage EÜR itself (E77/EUER), required unless `xml` is given: `allg` (the business), `bein` (Betriebseinnahmen), `baus` (Betriebsausgaben by line), `ermittlung_gewinn` (from the sums to the profit) and the rest of the year's ELSTER schema, every group and field under its name in snake case: a group `Ermittlung_Gewinn` is `ermittlung_gewinn`, a field `E6000401` is `e6000401`, a repeating element a list. A line given entry by entry lists them in `einz` (`bezeichnung` and amount fields), its total in `sum`. Amounts with cents are numbers or decimal strings (\"84000.00\"). Left out, the line sums, the Summe der Betriebseinnahmen (`e6001201`), der Betriebsausgaben (`e6005301`), their carried-over lines (`e6005501`, `e6005601`) and the profit lines (`e6006801`, `e6007002`, `e6007202`, written when not zero) are computed; given, each must be what its lines compute (422 `TOTAL_MISMATCH` with the rule's name in `rule` and the computed amount in `expected`). The groups around some fields differ by year (until 2023 the two sums stand in `weitere_angabe` and `summe_baus`); a field the year's form does not have is `UNKNOWN_FIELD`, with the fields it has in `expected`",
    aveuer: 'Anlage AVEÜR, the fixed assets (E77/AVEUER); the same naming',
    sz: 'Anlage SZ, the interest on debts not deductible under § 4 Abs. 4a EStG (E77/SZ); the same naming',
    se: 'Anlage SE, per partner: special business income and expenses (E77/SE), a list; the same naming. Each partner (`beteiligter`) has one `se`, one `avse` and one `er` (422 `DUPLICATE_PARTNER`)',
    avse: 'Anlage AVSE, per partner: the fixed assets of the special business (E77/AVSE), a list; the same naming',
    er: 'Anlage ER, per partner: the supplementary accounts (E77/ER), a list; the same naming',
    lu_f: 'Anlage LuF, for farming and forestry (E77/LuF); the same naming',
    vorsatz:
      'The Vorsatz (E77/Vorsatz) without what the service writes from the request (Unterfallart 77, StNr, Zeitraum, OrdNrArt): the sender `abs_name`, `abs_str`, `abs_plz`, `abs_ort`, and optionally `vorgang` (default "01"), `copyright` (default the service\'s), `rueckuebermittlung`. An `ordnungsbegriff` may only repeat `tax_number` (`XML_TAX_NUMBER_MISMATCH`), and `idehefrau` is never `id` (`IDNR_SAME_AS_TAXPAYER`)',
    widnr:
      'Only beside `xml` (422 `FIELD_ONLY_WITH_XML` without it: the parts carry it in `euer.allg.e6000404`): the W-IdNr, `DE` and nine digits, the last the check digit of the USt-IdNr (`WIDNR_CHECK_DIGIT`), that the XML names in EUER/Allg/E6000404 from 2024; the XML may name one only when it is given here (`XML_WIDNR_MISMATCH`)',
    xml: "Instead of the structured fields: the Nutzdaten element `<E77 …>`, checked and sent as is: read strictly, checked against the whole structure of that year's ELSTER schema (XML_STRUCTURE with line, column and the elements expected there; XML_VALUE, an attribute's value too; XML_DUPLICATE, naming the element and the key, where a key the schema holds unique is given twice) and by the totals above (`TOTAL_MISMATCH`, for the totals it gives); Vorsatz/Zeitraum must be the `year` (`XML_PERIOD`), and every identifier of whom the return is for the request's: Vorsatz/StNr and the Leitsteuernummer EUER/Allg/E6000026 are `tax_number` and a Vorsatz/Ordnungsbegriff may only repeat it (`XML_TAX_NUMBER_MISMATCH`), Vorsatz/ID is `idnr` and Vorsatz/IDEhefrau `spouse_idnr` (`XML_IDNR_MISMATCH`), and EUER/Allg/E6000404 is `widnr` (`XML_WIDNR_MISMATCH`). The partners of Anlage SE, AVSE and ER name others. `POST /v2/euer/validate?include=body` reads it back into the structured fields",
  }),
  examples: {
    contract: { summary: 'An Anlage EÜR', value: euerExample },
  },
};
