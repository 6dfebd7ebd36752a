// What the OpenAPI document says alike of the year-end returns filed by tax number or, a first
// return, by tax office, both written to their Vorsatz (EÜR, USt, GewSt).

/** The fields `tax_number` and `tax_office`, given what the document says of the tax number of every form. */
export const vorsatzFilerFields = (common: Readonly<Record<string, string>>) => ({
  tax_number: `${common.tax_number}. Either this or \`tax_office\`; written to Vorsatz/StNr`,
  tax_office: 'For a first return without a tax number: the 4-digit Bundesfinanzamtsnummer (Vorsatz/OrdNrArt "O")',
});
