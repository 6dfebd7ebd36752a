// The trade tax return's part of the OpenAPI document (shared/openapi/): its request schema with
// every field of E20 documented beside the ELSTER element it fills (documented-parts.ts), what the
// contract says of its fields, and its examples. Every request example passes the service's own
// checks (shared/openapi/document.test.ts).
import * as z from 'zod/mini';
import type { FormOpenapi } from '#shared/forms/form.ts';
import { documentedParts } from '#shared/forms/gewst/documented-parts.ts';
import { gewstFacts } from '#shared/forms/gewst/facts.ts';
import { gewstShape } from '#shared/forms/gewst/schema.ts';

/**
 * A sole trader's return for 2024: the profit, interest and rents added back, a fifth of which
 * counts after the allowance, the unit value of the business's own land deducted, one municipality.
 */
export const gewstExample = {
  test: true,
  year: 2024,
  tax_number: '9198011310010',
  gew_st1a: {
    allgemein: { e4000101: 'Schreinerei Mustermann', e4000201: 'Schreinerei' },
    rechtsform: { e4001203: '1' },
    ang_gew_betr: { betr_st: { e4001506: '2', e4001102: '2', e4001110: '80331', e4001111: 'München' } },
    gewinn: { e4001703: 60000 },
    hinz: { p_8_nr_1_wj1: { e4003202: 12000, e4003602: 24000 } },
    kuerz: { ehw: { einz: [{ e4002801: 40000, e4002808: '91980123456780001', e4002809: '5', e4008601: 56000 }], sum: { e4002807: 56000 } } },
  },
  vorsatz: { abs_name: 'Max Mustermann', abs_str: 'Hauptstr. 1', abs_plz: '80331', abs_ort: 'München' },
};

export const formOpenapi: FormOpenapi = {
  name: 'trade tax return',
  schemaName: 'GewstSubmission',
  schema: z.strictObject(gewstShape(documentedParts)),
  year: `a trade tax return for ${gewstFacts.years[0]} to ${gewstFacts.years.at(-1)} (${gewstFacts.years.at(-1)} checked against the ${gewstFacts.years.at(-2)} schema and rules until ELSTER publishes its own), once the year has ended (422 \`YEAR_NOT_ENDED\`), and, corrected too, while its assessment may still be made (until the end of the seventh year after it, 422 \`YEAR_CLOSED\`)`,
  fields: (common) => ({
    tax_number: `${common.tax_number}. Either this or \`tax_office\`; written to Vorsatz/StNr`,
    tax_office: 'For a first return without a tax number: the 4-digit Bundesfinanzamtsnummer (Vorsatz/OrdNrArt "O")',
    gew_st1a:
      'GewSt 1A, the return itself (E20/GewSt1A), required unless `xml` is given: the business and its legal form (`allgemein`, `rechtsform`), its permanent establishments and municipalities (`ang_gew_betr`), the profit (`gewinn.e4001703`, Gewinn aus Gewerbebetrieb), the Hinzurechnungen (`hinz`), the Kürzungen (`kuerz`, `kuerzung_astg`), the losses carried forward and every other line. Every group and field of the year\'s ELSTER schema under its name in snake case: a group `Ang_Gew_Betr` is `ang_gew_betr`, a field `E4001703` is `e4001703`, a repeating element a list. Whole-euro amounts are whole numbers, amounts with cents numbers or decimal strings, choices the code ELSTER gives them ("1" yes, "2" no). The names shown are those of 2024. Checked against the year\'s whole schema (a field the year\'s form does not have is `UNKNOWN_FIELD`, with the fields it has in `expected`), then by every rule of ERiC\'s workbook of the year, each finding naming its `rule` (`ERIC_RULE`): which legal form may fill which lines, each sum against its lines (with the value it arrives at in `expected`), the unit values at their share, the municipalities, the Anlagen a partnership or an Organschaft needs',
    emu: 'Anlage EMU (E20/EMU), a list: the partners of a partnership and their shares; the same naming',
    ohg: 'Anlage ORG (E20/OHG), a list: one per controlled company of an Organschaft; the same naming',
    beg: 'Anlage BEG (E20/BEG), a list: the participations in other companies; the same naming',
    bekgw: 'Anlage BEK-GW (E20/BEKGW): who receives the notices; the same naming',
    vorsatz:
      'The Vorsatz (E20/Vorsatz) without what the service writes from the request (Unterfallart 20, StNr, Zeitraum, OrdNrArt): the sender `abs_name`, `abs_str`, `abs_plz`, `abs_ort` (required by ERiC), and optionally `vorgang` (default "01"), `copyright` (default the service\'s), `rueckuebermittlung`. An `ordnungsbegriff` may only repeat `tax_number` (`XML_TAX_NUMBER_MISMATCH`), and `idehefrau` is never `id` (`IDNR_SAME_AS_TAXPAYER`)',
    widnr:
      "Only beside `xml` (422 `FIELD_ONLY_WITH_XML` without it: the parts carry it in `gew_st1a.allgemein.e4000502`): the business's W-IdNr, `DE` and nine digits, that the XML names in GewSt1A/Allgemein/E4000502; the XML may name one only when it is given here (`XML_WIDNR_MISMATCH`)",
    xml: "Instead of the structured fields: the Nutzdaten element `<E20 …>`, checked and sent as is: read strictly, checked against the whole structure of that year's ELSTER schema (XML_STRUCTURE with line, column and the elements expected there; XML_VALUE) and by ERiC's rules; Vorsatz/Zeitraum must be the `year` (`XML_PERIOD`), and every identifier of whom the return is for the request's: Vorsatz/StNr is `tax_number` and a Vorsatz/Ordnungsbegriff may only repeat it (`XML_TAX_NUMBER_MISMATCH`; a first return has neither, `XML_TAX_OFFICE_MISMATCH` where its first four digits are another office than `tax_office`), Vorsatz/ID is `idnr` and Vorsatz/IDEhefrau `spouse_idnr` (`XML_IDNR_MISMATCH`), GewSt1A/Allgemein/E4000502 is `widnr` (`XML_WIDNR_MISMATCH`). The tax numbers, IdNrs and W-IdNrs of partners, controlling companies and participations name others. `POST /v2/gewst/validate?include=body` reads it back into the structured fields. The Zerlegung (the split of the trade tax between municipalities, Datenart GewStZ) is a return of its own and not part of this one",
  }),
  examples: {
    contract: { summary: 'A trade tax return', value: gewstExample },
  },
};
