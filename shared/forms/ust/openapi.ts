// The annual VAT return's part of the OpenAPI document (shared/openapi/): its request schema with
// every field of E50 documented beside the ELSTER element it fills (shared/forms/documented-parts.ts), what the
// contract says of its fields, and its examples. Every request example passes the service's own
// checks (shared/openapi/document.test.ts).
import * as z from 'zod/mini';
import type { FormOpenapi } from '#shared/forms/form.ts';
import { documentedParts } from '#shared/forms/documented-parts.ts';
import { ustFacts } from '#shared/forms/ust/facts.ts';
import { type ustParts, ustShape } from '#shared/forms/ust/schema.ts';
import newest from '#shared/forms/ust/structure/e50-2025.json' with { type: 'json' };
import type { CompactStructure } from '#shared/xml/structure.ts';

// The newest year's schema shows the fields; until 2022 the form has no `tabelle` groups.
const parts = documentedParts(newest as unknown as CompactStructure) as Record<(typeof ustParts)[number], z.ZodMiniType>;

/** A business's return for 2025: sales at 19 % and 7 %, prepayments made, the rest still to pay. */
export const ustExample = {
  test: true,
  year: 2025,
  tax_number: '9198011310010',
  ust2a: {
    allg: {
      unternehmen: { e3000901: 'Muster GmbH', adr: { e3001101: 'Hauptstr.', e3001203: '1', e3001206: '80331', e3001207: 'München' } },
      best_art: { e3002203: '1' },
    },
    umsaetze: {
      tabelle: {
        ums_allg: { e3003303: 100000, e3003304: '19000.00' },
        ums_erm: { e3004401: 10000, e3004402: '700.00' },
        ums_sum: { e3006001: '19700.00' },
      },
    },
    berech_ust: {
      tabelle: {
        e3009201: '19700.00',
        e3009801: '19700.00',
        e3010201: '19700.00',
        e3010601: '19700.00',
        verbl_ust: { e3011101: '19700.00', e3011301: '18000.00' },
        zahl_erstatt: { e3011401: '1700.00' },
      },
    },
  },
  vorsatz: { abs_name: 'Muster GmbH', abs_str: 'Hauptstr. 1', abs_plz: '80331', abs_ort: 'München' },
};

export const formOpenapi: FormOpenapi = {
  name: 'annual VAT return',
  schemaName: 'UstSubmission',
  schema: z.strictObject(ustShape(parts)),
  year: `an annual VAT return for ${ustFacts.years[0]} to ${ustFacts.years.at(-1)}, once the year has ended (422 \`YEAR_NOT_ENDED\`), and, corrected too, while its assessment may still be made (until the end of the seventh year after it, 422 \`YEAR_CLOSED\`)`,
  fields: (common) => ({
    tax_number: `${common.tax_number}. Either this or \`tax_office\`; written to Vorsatz/StNr`,
    tax_office: 'For a first return without a tax number: the 4-digit Bundesfinanzamtsnummer (Vorsatz/OrdNrArt "O")',
    ust2a:
      'USt 2A, the return itself (E50/USt2A), required unless `xml` is given. Every group and field of the year\'s ELSTER schema under its name in snake case: a group `Ber_Erkl` is `ber_erkl`, a field `E3003303` is `e3003303`, a repeating element a list. Fields ticked with "X" are `true`, amounts with cents are numbers or decimal strings ("19000.00"), whole-euro amounts whole numbers. The names shown are those of 2025; until 2022 the form has no `tabelle` groups, and the business\'s postal code and city are one field, `adr.e3001201`. A corrected return sets `ber_erkl.e3000601: "1"`. Checked against the year\'s whole schema (a field the year\'s form does not have is `UNKNOWN_FIELD`, with the fields it has in `expected`), then by ERiC\'s rules of the year\'s workbook, each finding naming its `rule` (`ERIC_RULE`): among them the tax of each base at its rate (within 1 euro), the sums, and the amount left after the prepayments (`e3011401` = `e3011101` − `e3011301`), with the value they arrive at in `expected`',
    un: 'Anlage UN (E50/UN), for a business established abroad; the same naming',
    fv: 'Anlage FV (E50/FV), for a fiscal representative; the same naming',
    vorsatz:
      'The Vorsatz (E50/Vorsatz) without what the service writes from the request (Unterfallart 50, StNr, Zeitraum, OrdNrArt): the sender `abs_name`, `abs_str`, `abs_plz`, `abs_ort` (required by ERiC), and optionally `vorgang` (default "01"), `copyright` (default the service\'s), `rueckuebermittlung`. An `ordnungsbegriff` may only repeat `tax_number` (`XML_TAX_NUMBER_MISMATCH`), and `idehefrau` is never `id` (`IDNR_SAME_AS_TAXPAYER`); the W-IdNr of `ust2a`, `un` and `fv` is one and the same (`XML_WIDNR_MISMATCH`)',
    widnr:
      'Only beside `xml` (422 `FIELD_ONLY_WITH_XML` without it: the parts carry it in `ust2a.allg.unternehmen.e3000401`): the W-IdNr, `DE` and nine digits, that the XML names in USt 2A, Anlage UN and FV from 2025; every such element must hold it, and the XML may name one only when it is given here (`XML_WIDNR_MISMATCH`, at the element, or at `widnr` when the XML names none)',
    xml: "Instead of the structured fields: the Nutzdaten element `<E50 …>`, checked and sent as is: read strictly, checked against the whole structure of that year's ELSTER schema (XML_STRUCTURE with line, column and the elements expected there; XML_VALUE) and by ERiC's rules; Vorsatz/Zeitraum must be the `year` (`XML_PERIOD`), and every identifier of whom the return is for the request's, none the request does not declare standing there: Vorsatz/StNr is `tax_number` and a Vorsatz/Ordnungsbegriff may only repeat it (`XML_TAX_NUMBER_MISMATCH`; a first return has neither, `XML_TAX_OFFICE_MISMATCH` where its first four digits are another office than `tax_office`), Vorsatz/ID is `idnr` and Vorsatz/IDEhefrau `spouse_idnr` (`XML_IDNR_MISMATCH`; the spouse's never the taxpayer's: `IDNR_SAME_AS_TAXPAYER`), and the W-IdNr of USt 2A (E3000401), Anlage UN (E3200401) and FV (E3300401) is `widnr` (`XML_WIDNR_MISMATCH`). The USt-IdNrs of the businesses a fiscal representative represents name others. `POST /v2/ust/validate?include=body` reads it back into the structured fields",
  }),
  examples: {
    contract: { summary: 'An annual VAT return', value: ustExample },
    corrected: {
      summary: 'A corrected return',
      description: 'Replaces the return filed before: Ber_Erkl/E3000601.',
      value: { ...ustExample, ust2a: { ber_erkl: { e3000601: '1' }, ...ustExample.ust2a } },
    },
  },
};
