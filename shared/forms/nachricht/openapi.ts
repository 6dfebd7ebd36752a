// The message's part of the OpenAPI document (shared/openapi/): its request schema with every field of
// the Nachricht element documented beside the ELSTER element it fills (shared/forms/documented-elements.ts),
// what the contract says of its fields, and its example, which passes the service's own checks.
import type { FormOpenapi } from '#shared/forms/form.ts';
import { documentedLetter, letterAttachmentsField } from '#shared/forms/letter-openapi.ts';
import { nachrichtFacts } from '#shared/forms/nachricht/facts.ts';
import element from '#shared/forms/nachricht/structure/nachricht.json' with { type: 'json' };

/** A business tells its tax office of its new address. */
export const nachrichtExample = {
  test: true,
  tax_number: '9198011310010',
  nachricht: {
    steuerpflichtiger: {
      steuerpflichtiger_typ: 'NichtNatPerson',
      name: 'Schreinerei Mustermann GmbH',
      telefon: '089123456',
      adresse: { str_adr_inl: { strasse: 'Werkstr.', hausnummer: 5, postleitzahl: '80331', ort: 'München' } },
    },
    inhalt: { betreff: 'Neue Anschrift', text: 'Unsere Anschrift ist seit dem 1. November die Werkstraße 5.' },
  },
};

export const formOpenapi: FormOpenapi = {
  name: 'message to the tax office (Sonstige Nachricht)',
  schemaName: 'NachrichtSubmission',
  schema: documentedLetter(nachrichtFacts, 'nachricht', element),
  year: `optional: the tax year the message concerns, where its subject has one (${nachrichtFacts.years[0]} to ${nachrichtFacts.years.at(-1)}, at most twenty years back and one ahead: 422 \`YEAR_CLOSED\`, \`YEAR_NOT_BEGUN\`); without it the ticket carries the year the message is accepted in. A letter is no return of a year and may be sent any day; every year takes the one schema, version 21 (\`SonstigeNachrichten_21\`)`,
  fields: (common) => ({
    tax_number: `${common.tax_number}; written to Steuernummer, its tax office receives the message`,
    nachricht: `The Nachricht element, every group and field of ELSTER's schema under its name in snake case: \`steuerpflichtiger\` (who writes: \`steuerpflichtiger_typ\` "NatPerson" or "NichtNatPerson", name, address…), \`ehegatte\`, \`uebermittler\`, \`inhalt\` (\`betreff\` and \`text\`, required by ERiC). Checked against the whole schema, then by ERiC's rules of Jahresdokumentation_SonstigeNachrichten_21, each finding naming its \`rule\` (\`ERIC_RULE\`)`,
    anhaenge: letterAttachmentsField,
    xml: "Instead of `nachricht` and `anhaenge`: the whole content of the Nutzdaten, the `<Nachricht …>` element and, with attachments, the `<Anhaenge …>` element beside it, checked and sent as is (XML_STRUCTURE, XML_VALUE, ERiC's rules); Steuernummer must be `tax_number` (`XML_TAX_NUMBER_MISMATCH`). `POST /v2/nachricht/validate?include=body` reads it back into the structured fields",
  }),
  examples: {
    contract: { summary: 'A message to the tax office', value: nachrichtExample },
  },
};
