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
    kst1: 'KSt 1, the return itself (E30/KSt1), required unless `xml` is given. Every group and field of the year\'s ELSTER schema under its name in snake case: a group `Steuerpflicht` is `steuerpflicht`, a field `E8000101` is `e8000101`, a repeating element a list. Fields ticked with "X" are `true`, amounts with cents are numbers or decimal strings ("1200.50"), whole-euro amounts whole numbers, dates as the form writes them ("31.12.2024"). The names shown are those of 2024. Checked against the year\'s whole schema (a field the year\'s form does not have is `UNKNOWN_FIELD`, with the fields it has in `expected`)',
    gk: 'Anlage GK, the profit determination (E30/GK), one for each Wirtschaftsjahr ending in the year (at most two, `wj` "WJ1" and "WJ2"); the same naming. Its income from trade (`einkunfte.e8109901`) is carried into Anlage ZVE (`zve.sd_e.gewerbe.laufend.e8004904`, with a second Wirtschaftsjahr the first one\'s into `e8005002`): computed there where left out, `GK_TRANSFER_MISMATCH` where it differs. The totals of its lists of hidden profit distributions and distributions on profit participation rights are computed where left out (`ITEMS_TOTAL_MISMATCH`)',
    zve: 'Anlage ZVE, the computation of the taxable income (E30/ZVE); the same naming. Each line the form computes is computed where left out and must otherwise be what the lines above give, its mismatch named, with the value the service arrives at in `expected`: the sum of the income `sd_e.sd_e.e8005401` (`SUM_OF_INCOME_MISMATCH`), the total amount of the income `gd_e.gd_e.e8006901` (`TOTAL_INCOME_MISMATCH`), the income `zve.einkommen.e8007301` (`INCOME_MISMATCH`), the taxable income `zve.zve.e8007501` (`TAXABLE_INCOME_MISMATCH`), each subtotal (`SUBTOTAL_MISMATCH`), the totals of its lists (`ITEMS_TOTAL_MISMATCH`), and the tax at 15 % `steuerberechnung.regel.e8007502` of its base `e8007504` (the whole taxable income where left out and no other rate is given), in whole euros (`TAX_MISMATCH`)',
    verluste: 'Anlage Verluste, the loss carried forward (E30/Verluste); the same naming',
    kst1f: 'KSt 1 F, the declaration for the separate findings of the contribution account (E30/KSt1F), one or two; the same naming',
    vorsatz:
      'The Vorsatz (E30/Vorsatz) without what the service writes from the request (Unterfallart 30, StNr, Zeitraum, OrdNrArt): the sender `abs_name`, `abs_str`, `abs_plz`, `abs_ort`, and optionally `vorgang` (default "01"), `copyright` (default the service\'s), `rueckuebermittlung`. An `ordnungsbegriff` may only repeat `tax_number` (`XML_TAX_NUMBER_MISMATCH`)',
    widnr:
      'Only beside `xml` (422 `FIELD_ONLY_WITH_XML` without it: KSt 1 carries it in `kst1.allgemein.e8000102`): the W-IdNr, `DE` and nine digits, that the XML names in KSt 1; the XML may name one only when it is given here (`XML_WIDNR_MISMATCH`)',
    xml: "Instead of the structured fields: the Nutzdaten element `<E30 …>` with any of its Anlagen (those a body does not carry, such as Anlage WA, OT, OG, Zinsschranke or the others of the schema, only so), checked and sent as is: read strictly, checked against the whole structure of that year's ELSTER schema (XML_STRUCTURE with line, column and the elements expected there; XML_VALUE) and by the same amount rules as a body (nothing is computed in a caller's XML); Vorsatz/Zeitraum must be the `year` (`XML_PERIOD`), Vorsatz/StNr is `tax_number` and a Vorsatz/Ordnungsbegriff may only repeat it (`XML_TAX_NUMBER_MISMATCH`), Vorsatz/ID is `idnr` and Vorsatz/IDEhefrau `spouse_idnr` (`XML_IDNR_MISMATCH`), and KSt 1's W-IdNr (E8000102) is `widnr` (`XML_WIDNR_MISMATCH`). `POST /v2/kst/validate?include=body` reads it back into the structured fields; the Anlagen a body does not carry are named in `unmapped`",
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
