// Where an E10 names whom the return is for (E10-2022.xsd to E10-2024.xsd): the Vorsatz's tax
// number, Ordnungsbegriff and the IdNrs of the taxpayer (ID, "Person A") and the spouse (IDEhefrau,
// "Person B"), and the same IdNrs again in the main form's persons (ESt1A/Allg/A and B). The forms'
// other identifiers name others: children, recipients of payments, persons in care or co-insured,
// partnerships, shareholdings and jointly owned property with their tax offices, employers, the
// previous tax office, and each business of the taxpayer's by its own W-IdNr.
import type { IdentifierPlaces } from '#shared/forms/identifiers.ts';

export const estIdentifiers: IdentifierPlaces = {
  held: {
    'Vorsatz/StNr': 'tax_number',
    'Vorsatz/Ordnungsbegriff': 'ordnungsbegriff',
    'Vorsatz/ID': 'idnr',
    'Vorsatz/IDEhefrau': 'spouse_idnr',
    'ESt1A/Allg/A/E0100081': 'idnr',
    'ESt1A/Allg/B/E0100082': 'spouse_idnr',
  },
  others: [
    'ESt1A/Finanzamt/',
    'ESt1A_U/',
    'Kind/',
    'SA/',
    'AgB/',
    'VOR/',
    'N/',
    'G/',
    'S/',
    'L/',
    'Anl_34b/',
    'KAP/',
    'KAP_BET/',
    'Zins/',
    'AUS/',
    'SO/',
    'V/',
    'V_Sonstige/',
    'FW/',
    'EM_35c/',
    'Sonst/',
    'Corona/',
    'Mob/',
  ],
};
