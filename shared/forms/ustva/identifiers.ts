// Where a UStVA names whom it is for (UStVA-2021.xsd to UStVA-2025.xsd): each filing's Steuernummer
// and, from 2025, its WIdNr. Its parties (Berater, Mandant, Unternehmer) carry none.
import type { IdentifierPlaces } from '#shared/forms/identifiers.ts';

export const ustvaIdentifiers: IdentifierPlaces = {
  held: {
    'Steuerfall/Umsatzsteuervoranmeldung/Steuernummer': 'tax_number',
    'Steuerfall/Umsatzsteuervoranmeldung/WIdNr': 'widnr',
    'Steuerfall/Dauerfristverlaengerung/Steuernummer': 'tax_number',
    'Steuerfall/Dauerfristverlaengerung/WIdNr': 'widnr',
    'Steuerfall/Umsatzsteuersondervorauszahlung/Steuernummer': 'tax_number',
    'Steuerfall/Umsatzsteuersondervorauszahlung/WIdNr': 'widnr',
  },
  others: [],
};
