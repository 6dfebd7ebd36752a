// Where an E20 names whom the return is for (E20-2021.xsd to E20-2024.xsd): the Vorsatz's tax
// number, Ordnungsbegriff and IdNrs, and the business's W-IdNr in GewSt 1A. The other tax numbers,
// IdNrs and W-IdNrs name others: the taxpayer before a change of legal form, the controlling company
// of an Organschaft, the partnerships and the people whose shares are added or deducted, the
// partners of Anlage EMU, the participations of Anlage BEG.
import type { IdentifierPlaces } from '#shared/forms/identifiers.ts';

export const gewstIdentifiers: IdentifierPlaces = {
  held: {
    'Vorsatz/StNr': 'tax_number',
    'Vorsatz/Ordnungsbegriff': 'ordnungsbegriff',
    'Vorsatz/ID': 'idnr',
    'Vorsatz/IDEhefrau': 'spouse_idnr',
    'GewSt1A/Allgemein/E4000502': 'widnr',
  },
  others: ['GewSt1A/Rechtsform/', 'GewSt1A/Ang_Gew_Betr/', 'GewSt1A/Hinz/', 'GewSt1A/Kuerz/', 'GewSt1A/Weit_Ang/', 'EMU/', 'OHG/', 'BEG/'],
};
