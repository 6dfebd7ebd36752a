// The request for more time's part of the OpenAPI document (shared/openapi/): its request schema with
// every field of the Fristverlaengerung element documented beside the ELSTER element it fills
// (shared/forms/documented-elements.ts), what the contract says of its fields, and its example, which
// passes the service's own checks.
import type { FormOpenapi } from '#shared/forms/form.ts';
import { fristverlaengerungFacts } from '#shared/forms/fristverlaengerung/facts.ts';
import element from '#shared/forms/fristverlaengerung/structure/fristverlaengerung.json' with { type: 'json' };
import { documentedLetter, letterAttachmentsField } from '#shared/forms/letter-openapi.ts';

/** A company asks for its 2025 corporate and trade tax returns to be due on 31 October 2026. */
export const fristverlaengerungExample = {
  test: true,
  year: 2025,
  tax_number: '9198011310010',
  fristverlaengerung: {
    begruendung: 'Der Jahresabschluss 2025 liegt wegen einer Betriebsprüfung noch nicht vor.',
    bearbeitungsart: 'maschinell',
    steuerpflichtiger: {
      steuerpflichtiger_typ: 'NichtNatPerson',
      name: 'Schreinerei Mustermann GmbH',
      telefon: '089123456',
      adresse: { str_adr_inl: { strasse: 'Werkstr.', hausnummer: 5, postleitzahl: '80331', ort: 'München' } },
    },
    antrag_fuer_vz: { jahr: 2025, fristbis: '31.10.2026', steuerarten: [{ steuerart: '0610' }, { steuerart: '1840' }] },
  },
};

export const formOpenapi: FormOpenapi = {
  name: 'request for more time to file (Fristverlängerung)',
  schemaName: 'FristverlaengerungSubmission',
  schema: documentedLetter(fristverlaengerungFacts, 'fristverlaengerung', element),
  year: `optional: the Veranlagungszeitraum whose returns are late (${fristverlaengerungFacts.years[0]} to ${fristverlaengerungFacts.years.at(-1)}, at most twenty years back and one ahead: 422 \`YEAR_CLOSED\`, \`YEAR_NOT_BEGUN\`); without it the ticket carries the year the request is accepted in. The element names the year itself (\`antrag_fuer_vz.jahr\`). Every year takes the one schema, version 21 (\`Fristverlaengerung_21\`)`,
  fields: (common) => ({
    tax_number: `${common.tax_number}; written to Steuernummer, its tax office receives the request`,
    fristverlaengerung: `The Fristverlaengerung element, every group and field of ELSTER's schema under its name in snake case: \`begruendung\` and \`bearbeitungsart\` ("maschinell" or "personell"), required by ERiC; \`steuerpflichtiger\` (who asks: type, name, address), \`ehegatte\`, \`uebermittler\`; \`antrag_fuer_vz\` (\`jahr\`, \`fristbis\` as DD.MM.YYYY, \`steuerarten\` a list of up to 10 returns by ELSTER's code, e.g. "0030" income tax, "0610" corporate income tax, "1840" trade tax). Checked against the whole schema, then by ERiC's rules of Jahresdokumentation_Fristverlaengerung_21, each finding naming its \`rule\` (\`ERIC_RULE\`)`,
    anhaenge: letterAttachmentsField,
    xml: "Instead of `fristverlaengerung` and `anhaenge`: the whole content of the Nutzdaten, the `<Fristverlaengerung …>` element and, with attachments, the `<Anhaenge …>` element beside it, checked and sent as is (XML_STRUCTURE, XML_VALUE, ERiC's rules); Steuernummer must be `tax_number` (`XML_TAX_NUMBER_MISMATCH`). `POST /v2/fristverlaengerung/validate?include=body` reads it back into the structured fields",
  }),
  examples: {
    contract: { summary: 'More time for the 2025 returns of a company', value: fristverlaengerungExample },
  },
};
