// Where an E77 names whom the Anlage EÜR is for (E77-2021.xsd to E77-2024.xsd): the Vorsatz's tax
// number, Ordnungsbegriff and IdNrs of the taxpayer (ID) and the spouse (IDEhefrau), the business's
// Leitsteuernummer (EUER/Allg/E6000026, in ELSTER's samples the Vorsatz's tax number) and from 2024
// its W-IdNr (E6000404). The partners of Anlage SE, AVSE and ER (their Bet groups) name others.
import type { IdentifierPlaces } from '#shared/forms/identifiers.ts';

export const euerIdentifiers: IdentifierPlaces = {
  held: {
    'Vorsatz/StNr': 'tax_number',
    'Vorsatz/Ordnungsbegriff': 'ordnungsbegriff',
    'Vorsatz/ID': 'idnr',
    'Vorsatz/IDEhefrau': 'spouse_idnr',
    'EUER/Allg/E6000026': 'tax_number',
    'EUER/Allg/E6000404': 'widnr',
  },
  others: ['SE/Bet/', 'AVSE/Bet/', 'ER/Bet/'],
};
