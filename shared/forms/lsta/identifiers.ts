// Where an LStA names whom it is for (LStA-2021.xsd to LStA-2025.xsd): the Steuernummer of its
// filing. Its parties (Berater, Mandant, Unternehmer) carry none.
import type { IdentifierPlaces } from '#shared/forms/identifiers.ts';

export const lstaIdentifiers: IdentifierPlaces = {
  held: { 'Steuerfall/Lohnsteueranmeldung/Steuernummer': 'tax_number' },
  others: [],
};
