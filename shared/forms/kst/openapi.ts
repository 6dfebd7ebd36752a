// The corporate income tax return's part of the OpenAPI document (shared/openapi/): its request
// schema with every field of the parts a body carries documented beside the ELSTER element it fills
// (shared/forms/documented-elements.ts), what the contract says of its fields, and its examples.
// Every request example passes the service's own checks (shared/openapi/document.test.ts).
import * as z from 'zod/mini';
import { documentedParts } from '#shared/forms/documented-elements.ts';
import type { FormOpenapi } from '#shared/forms/form.ts';
import { kstFacts } from '#shared/forms/kst/facts.ts';
import { kstElements, type kstParts, kstShape } from '#shared/forms/kst/schema.ts';
import newest from '#shared/forms/kst/structure/e30-2024.json' with { type: 'json' };
import type { CompactStructure } from '#shared/xml/structure.ts';
import { contractText } from '#shared/contract-text.ts';

const text = contractText(new URL('./openapi.md', import.meta.url));

// The parts as the newest schema has them (2024, which stands in for 2025).
const documented = documentedParts(newest as unknown as CompactStructure, kstElements) as Record<(typeof kstParts)[number], z.ZodMiniType>;

/**
 * A small GmbH's return for 2024: KSt 1, its profit from the balance sheet with the hidden additions
 * (Anlage GK), and Anlage ZVE with only the profit carried in; the sums, the taxable income and the
 * tax at 15 % are computed by the service.
 */
export const kstExample = {
  test: true,
  year: 2024,
  tax_number: '9198011310010',
  kst1: {
    allgemein: { e8000101: 'Muster GmbH' },
    steuerpflicht: { e8000501: 'München', e8000601: 'München', rechtsform: { e8001105: '350' } },
    wirtschaftsjahr: { e8002606: '01.01.2024', e8002607: '31.12.2024' },
  },
  gk: [
    {
      wj: 'WJ1',
      bilanz: { e8002001: 80000 },
      abil: { weiteres2: { e8100301: 12000, e8100501: 660, e8100702: 11000 } },
      einkunfte: { e8109901: 103660 },
    },
  ],
  zve: { sd_e: { gewerbe: { laufend: { e8004904: 103660 } } } },
  vorsatz: { abs_name: 'Muster GmbH', abs_str: 'Hauptstr. 1', abs_plz: '80331', abs_ort: 'München' },
};

export const formOpenapi: FormOpenapi = {
  name: 'corporate income tax return',
  schemaName: 'KstSubmission',
  schema: z.strictObject(kstShape(documented, (part) => z.array(part).check(z.minLength(1), z.maxLength(2)))),
  year: `a corporate income tax return for ${kstFacts.years[0]} to ${kstFacts.years.at(-1)} (${kstFacts.years.at(-1)} on the ${kstFacts.years.at(-2)} schema, the newest published), once the year has ended (422 \`YEAR_NOT_ENDED\`), and, corrected too, while its assessment may still be made (until the end of the seventh year after it, 422 \`YEAR_CLOSED\`)`,
  fields: (common) => ({
    tax_number: `${common.tax_number}. Required: E30 is filed by tax number only (Vorsatz/OrdNrArt "S"); written to Vorsatz/StNr`,
    kst1: text('kst1'),
    gk: text('gk'),
    zve: text('zve'),
    verluste: 'Anlage Verluste, the loss carried forward (E30/Verluste); the same naming',
    kst1f: 'KSt 1 F, the declaration for the separate findings of the contribution account (E30/KSt1F), one or two; the same naming',
    vorsatz:
      'The Vorsatz (E30/Vorsatz) without what the service writes from the request (Unterfallart 30, StNr, Zeitraum, OrdNrArt): the sender `abs_name`, `abs_str`, `abs_plz`, `abs_ort`, and optionally `vorgang` (default "01"), `copyright` (default the service\'s), `rueckuebermittlung`. An `ordnungsbegriff` may only repeat `tax_number` (`XML_TAX_NUMBER_MISMATCH`)',
    widnr:
      'Only beside `xml` (422 `FIELD_ONLY_WITH_XML` without it: KSt 1 carries it in `kst1.allgemein.e8000102`): the W-IdNr, `DE` and nine digits, the last the check digit of the USt-IdNr (`WIDNR_CHECK_DIGIT`), that the XML names in KSt 1; the XML may name one only when it is given here (`XML_WIDNR_MISMATCH`)',
    xml: text('xml'),
  }),
  examples: {
    contract: { summary: 'A corporate income tax return', value: kstExample },
    computed: {
      summary: 'The taxable income and the tax computed',
      description: 'Anlage ZVE given only the profit: the service computes the lines below it.',
      value: { ...kstExample, zve: undefined },
    },
  },
};
