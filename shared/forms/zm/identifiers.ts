// Where a ZM names whom it is for (zm_000005.xsd): the reporting business's USt-IdNr, `knri`. Each
// line's `knre` is a customer's.
import type { IdentifierPlaces } from '#shared/forms/identifiers.ts';

export const zmIdentifiers: IdentifierPlaces = {
  held: { 'unternehmer/knri': 'vat_id' },
  others: ['unternehmer/zm-zeilen/zeile/knre'],
};
