// The annual VAT return's part of the OpenAPI document (shared/openapi/): its request schema with
// every field of E50 documented beside the ELSTER element it fills (shared/forms/documented-elements.ts), what the
// contract says of its fields, and its examples. Every request example passes the service's own
// checks (shared/openapi/document.test.ts).
import { vorsatzFilerFields } from '#shared/forms/year-end-openapi.ts';
import * as z from 'zod/mini';
import type { FormOpenapi } from '#shared/forms/form.ts';
import { documentedParts } from '#shared/forms/documented-elements.ts';
import { ustFacts } from '#shared/forms/ust/facts.ts';
import { ustParts, ustShape } from '#shared/forms/ust/schema.ts';
import newest from '#shared/forms/ust/structure/e50-2025.json' with { type: 'json' };
import type { CompactStructure } from '#shared/xml/structure.ts';
import { contractText } from '#shared/contract-text.ts';

const text = contractText(new URL('./openapi.md', import.meta.url));

// The parts as the newest year's schema has them; until 2022 the form has no `tabelle` groups.
const documented = documentedParts(newest as unknown as CompactStructure, ['USt2A', 'UN', 'FV', 'Vorsatz']) as Record<(typeof ustParts)[number], z.ZodMiniType>;

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
  schema: z.strictObject(ustShape(documented)),
  year: `an annual VAT return for ${ustFacts.years[0]} to ${ustFacts.years.at(-1)}, once the year has ended (422 \`YEAR_NOT_ENDED\`), and, corrected too, while its assessment may still be made (until the end of the seventh year after it, 422 \`YEAR_CLOSED\`)`,
  fields: (common) => ({
    ...vorsatzFilerFields(common),
    ust2a: text('ust2a'),
    un: 'Anlage UN (E50/UN), for a business established abroad; the same naming',
    fv: 'Anlage FV (E50/FV), for a fiscal representative; the same naming',
    vorsatz: text('vorsatz'),
    widnr:
      'Only beside `xml` (422 `FIELD_ONLY_WITH_XML` without it: the parts carry it in `ust2a.allg.unternehmen.e3000401`): the W-IdNr, `DE` and nine digits, the last the check digit of the USt-IdNr (`WIDNR_CHECK_DIGIT`), that the XML names in USt 2A, Anlage UN and FV from 2025; every such element must hold it, and the XML may name one only when it is given here (`XML_WIDNR_MISMATCH`, at the element, or at `widnr` when the XML names none)',
    xml: text('xml'),
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
