// The request to adjust prepayments' part of the OpenAPI document (shared/openapi/): its request schema
// with every field of the Vorauszahlung element documented beside the ELSTER element it fills
// (shared/forms/documented-elements.ts), what the contract says of its fields, and its example, which
// passes the service's own checks.
import type { FormOpenapi } from '#shared/forms/form.ts';
import { anpassungVorauszahlungFacts } from '#shared/forms/anpassung_vorauszahlung/facts.ts';
import element from '#shared/forms/anpassung_vorauszahlung/structure/vorauszahlung.json' with { type: 'json' };
import { documentedLetter, letterAttachmentsField } from '#shared/forms/letter-openapi.ts';

/** A company asks for lower corporate income tax prepayments for 2026 from the third quarter. */
export const anpassungVorauszahlungExample = {
  test: true,
  year: 2026,
  tax_number: '9198011310010',
  vorauszahlung: {
    begruendung: 'Der Umsatz ist seit dem Frühjahr um ein Drittel gesunken; der Gewinn 2026 wird etwa 40.000 Euro betragen.',
    steuerpflichtiger: {
      steuerpflichtiger_typ: 'NichtNatPerson',
      name: 'Schreinerei Mustermann GmbH',
      telefon: '089123456',
      adresse: { str_adr_inl: { strasse: 'Werkstr.', hausnummer: 5, postleitzahl: '80331', ort: 'München' } },
    },
    antrag_fuer_steuerart_zeitraum: [{ steuerart: '0610', quartal: 'Q3', jahr: 2026 }],
  },
};

export const formOpenapi: FormOpenapi = {
  name: 'request to adjust prepayments (Anpassung der Vorauszahlungen)',
  schemaName: 'AnpassungVorauszahlungSubmission',
  schema: documentedLetter(anpassungVorauszahlungFacts, 'vorauszahlung', element),
  year: `optional: the year whose prepayments the request concerns (${anpassungVorauszahlungFacts.years[0]} to ${anpassungVorauszahlungFacts.years.at(-1)}, at most twenty years back and one ahead: 422 \`YEAR_CLOSED\`, \`YEAR_NOT_BEGUN\`); without it the ticket carries the year the request is accepted in. The element names each year itself (\`antrag_fuer_steuerart_zeitraum[].jahr\`). Every year takes the one schema, version 21 (\`AnpassungVorauszahlung_21\`)`,
  fields: (common) => ({
    tax_number: `${common.tax_number}; written to Steuernummer (required by ERiC), its tax office receives the request`,
    vorauszahlung: `The Vorauszahlung element, every group and field of ELSTER's schema under its name in snake case: \`begruendung\` (required by ERiC), \`steuerpflichtiger\` (who asks: type, name, address), \`ehegatte\`, \`uebermittler\`; \`antrag_fuer_steuerart_zeitraum\`, a list of up to 10 taxes and periods (\`steuerart\` by ELSTER's code, each once: "0030" income tax, "0031" its bases, "0500" church tax, "0610" corporate income tax, "1840" trade tax, "1841" its base amount; \`quartal\` "Q1"–"Q4" or "nVz" for a subsequent prepayment; \`jahr\`). Checked against the whole schema, then by ERiC's rules of Jahresdokumentation_AnpassungVorauszahlung_21, each finding naming its \`rule\` (\`ERIC_RULE\`)`,
    anhaenge: letterAttachmentsField,
    xml: "Instead of `vorauszahlung` and `anhaenge`: the whole content of the Nutzdaten, the `<Vorauszahlung …>` element and, with attachments, the `<Anhaenge …>` element beside it, checked and sent as is (XML_STRUCTURE, XML_VALUE, ERiC's rules); Steuernummer must be `tax_number` (`XML_TAX_NUMBER_MISMATCH`). `POST /v2/anpassung_vorauszahlung/validate?include=body` reads it back into the structured fields",
  }),
  examples: {
    contract: { summary: 'Lower corporate income tax prepayments', value: anpassungVorauszahlungExample },
  },
};
