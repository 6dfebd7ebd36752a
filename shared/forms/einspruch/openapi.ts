// The appeal's part of the OpenAPI document (shared/openapi/): its request schema with every field of
// the Einspruch element documented beside the ELSTER element it fills (shared/forms/documented-elements.ts),
// what the contract says of its fields, and its example, which passes the service's own checks
// (shared/openapi/document.test.ts).
import * as z from 'zod/mini';
import type { FormOpenapi } from '#shared/forms/form.ts';
import { documentedElement } from '#shared/forms/documented-elements.ts';
import { einspruchFacts } from '#shared/forms/einspruch/facts.ts';
import { einspruchShape, noticeTypes } from '#shared/forms/einspruch/schema.ts';
import { documentedAttachments, letterAttachmentsField } from '#shared/forms/letter-openapi.ts';
import element from '#shared/forms/einspruch/structure/einspruch.json' with { type: 'json' };
import type { CompactStructure } from '#shared/xml/structure.ts';

/** An appeal against the income tax notice of 20 October 2025 for 2024: the appellant, one reason, the enforcement not suspended. */
export const einspruchExample = {
  test: true,
  year: 2024,
  tax_number: '9198011310010',
  notice: { type: 'income_tax', date: '2025-10-20' },
  einspruch: {
    einspruchsfuehrer: [
      { name: 'Mustermann', vorname: 'Max', adresse: { str_adr_inl: { strasse: 'Hauptstr.', hausnummer: 1, postleitzahl: '80331', ort: 'München' } } },
    ],
    begruendungen: { begruendung: [{ schlagwort: 'Werbungskosten', text: 'Die Fahrten zur Arbeit sind nicht berücksichtigt.' }] },
  },
};

export const formOpenapi: FormOpenapi = {
  name: 'appeal (Einspruch)',
  schemaName: 'EinspruchSubmission',
  schema: z.strictObject(einspruchShape(documentedElement(element as unknown as CompactStructure), documentedAttachments())),
  year: `the year of the notice the appeal contests, ${einspruchFacts.years[0]} to ${einspruchFacts.years.at(-1)}: a letter is no return of a year and may be sent any day, naming the current year or one of the twenty before it (ERiC refuses older ones, 422 \`YEAR_CLOSED\`, and later ones, 422 \`YEAR_NOT_BEGUN\`); every year takes the one schema, version 22 (\`Einspruch_22\`); with \`notice_id\` the notice's year, which may be left out`,
  fields: (common) => ({
    tax_number: `${common.tax_number}, unless \`notice_id\` gives it; written to Ordnungsbegriff/Steuernummer, its tax office receives the appeal and its Land decides the working days of the deadline`,
    notice_id:
      "A notice fetched from the caller's mailbox (`GET /v2/notices`) the appeal contests: `tax_number` (where its data package names the whole number), `year`, `notice.type` (from its Datenart, `DivaBescheidESt` and the like, or for an `ESB` record from the form of the filing it answers) and `notice.date` (its Bescheid date, where the record names one) are taken from it and may be left out; given beside it, each must agree (422 `NOTICE_MISMATCH` on that field). What the notice does not say is required as without it (`REQUIRED`). An unknown, deleted or another client's notice is 422 `NOTICE_NOT_FOUND` on `notice_id`. Not beside `xml`",
    notice: `The notice the appeal contests, written as the first Verwaltungsakt; its year is \`year\`. Required unless \`einspruch.verwaltungsakt\` names the notices. The answer (202 and validate) carries the deadline as the hint \`APPEAL_DEADLINE\` (the last day in \`expected\`): one month after the notice counts as made known, three days after its date, four for notices dated from 2025-01-01 (§ 355, § 122 Abs. 2, § 122a AO), moved to the next working day of the tax office's Land (§ 108 Abs. 3 AO); the hint \`APPEAL_DEADLINE_PASSED\` where that day is past`,
    'notice.type': `The kind of notice: ${Object.keys(noticeTypes).join(', ')} (\`other\` with its name in \`other\`)`,
    'notice.other': 'The name of a notice of the kind `other`',
    'notice.date': "The notice's date, YYYY-MM-DD",
    'notice.period': 'ELSTER\'s Zeitraum for a notice of a month or quarter: a month "01"–"12" or a quarter "41"–"44"',
    'notice.suspension': "Whether the appeal asks to suspend the notice's enforcement (AdV): none, full, partial",
    instructions_missing:
      'true where the notice came without instructions on the remedy or with wrong ones: the deadline is then a year (§ 356 Abs. 2 AO). Not part of the XML; allowed beside `xml`',
    einspruch: `The rest of the Einspruch element, every group and field of ELSTER's schema under its name in snake case (\`Einspruchsfuehrer\` is \`einspruchsfuehrer\`, a list of one or two; \`Begruendungen\`; \`Empfangsbevollmaechtigter\`; further \`verwaltungsakt\` after the notice). Checked against the whole schema, then by ERiC's rules of Jahresdokumentation_Einspruch_22, each finding naming its \`rule\` (\`ERIC_RULE\`)`,
    anhaenge: letterAttachmentsField,
    xml: "Instead of `notice`, `einspruch` and `anhaenge`: the whole content of the Nutzdaten, the `<Einspruch …>` element and, with attachments, the `<Anhaenge …>` element beside it, checked and sent as is: read strictly, checked against the whole structure of both schemas (XML_STRUCTURE, XML_VALUE) and by ERiC's rules; Ordnungsbegriff/Steuernummer must be `tax_number` (`XML_TAX_NUMBER_MISMATCH`). `POST /v2/einspruch/validate?include=body` reads it back into the structured fields",
  }),
  examples: {
    contract: { summary: 'An appeal against an income tax notice', value: einspruchExample },
  },
};
