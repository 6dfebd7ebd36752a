// The trade tax return's part of the OpenAPI document (shared/openapi/): its request schema with
// every field of E20 documented beside the ELSTER element it fills (shared/forms/documented-elements.ts), what the
// contract says of its fields, and its examples. Every request example passes the service's own
// checks (shared/openapi/document.test.ts).
import { vorsatzFilerFields } from '#shared/forms/year-end-openapi.ts';
import * as z from 'zod/mini';
import type { FormOpenapi } from '#shared/forms/form.ts';
import { contractText } from '#shared/contract-text.ts';
import { documentedParts } from '#shared/forms/documented-elements.ts';
import { gewstFacts } from '#shared/forms/gewst/facts.ts';
import { gewstParts, gewstShape } from '#shared/forms/gewst/schema.ts';
import newest from '#shared/forms/gewst/structure/e20-2024.json' with { type: 'json' };
import type { CompactStructure } from '#shared/xml/structure.ts';

const text = contractText(new URL('./openapi.md', import.meta.url));

// The parts as the newest year's schema has them (2024); earlier years' forms differ in a few groups and fields.
const documented = documentedParts(newest as unknown as CompactStructure, Object.values(gewstParts)) as Record<keyof typeof gewstParts, z.ZodMiniType>;

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
  schema: z.strictObject(gewstShape(documented, (part) => z.array(part))),
  year: `a trade tax return for ${gewstFacts.years[0]} to ${gewstFacts.years.at(-1)} (${gewstFacts.years.at(-1)} checked against the ${gewstFacts.years.at(-2)} schema and rules until ELSTER publishes its own), once the year has ended (422 \`YEAR_NOT_ENDED\`), and, corrected too, while its assessment may still be made (until the end of the seventh year after it, 422 \`YEAR_CLOSED\`)`,
  fields: (common) => ({
    ...vorsatzFilerFields(common),
    gew_st1a: text('gew_st1a'),
    emu: 'Anlage EMU (E20/EMU), a list: the partners of a partnership and their shares; the same naming',
    ohg: 'Anlage ORG (E20/OHG), a list: one per controlled company of an Organschaft; the same naming',
    beg: 'Anlage BEG (E20/BEG), a list: the participations in other companies; the same naming',
    bekgw: 'Anlage BEK-GW (E20/BEKGW): who receives the notices; the same naming',
    vorsatz: text('vorsatz'),
    widnr:
      "Only beside `xml` (422 `FIELD_ONLY_WITH_XML` without it: the parts carry it in `gew_st1a.allgemein.e4000502`): the business's W-IdNr, `DE` and nine digits, the last the check digit of the USt-IdNr (`WIDNR_CHECK_DIGIT`), that the XML names in GewSt1A/Allgemein/E4000502; the XML may name one only when it is given here (`XML_WIDNR_MISMATCH`)",
    xml: text('xml'),
  }),
  examples: {
    contract: { summary: 'A trade tax return', value: gewstExample },
  },
};
