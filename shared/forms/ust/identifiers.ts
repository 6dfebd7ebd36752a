// Where an E50 names whom the return is for (E50-2021.xsd to E50-2025.xsd): the Vorsatz's tax
// number, Ordnungsbegriff and IdNrs of the taxpayer (ID) and the spouse (IDEhefrau), and from 2025
// the business's W-IdNr, in USt 2A and again in Anlage UN and FV, where ERiC's rules
// (USt_30623_UN, USt_2025_31008_FV) want it the same. The list of the businesses a fiscal
// representative represents names others.
import type { IdentifierPlaces } from '#shared/forms/identifiers.ts';

export const ustIdentifiers: IdentifierPlaces = {
  held: {
    'Vorsatz/StNr': 'tax_number',
    'Vorsatz/Ordnungsbegriff': 'ordnungsbegriff',
    'Vorsatz/ID': 'idnr',
    'Vorsatz/IDEhefrau': 'spouse_idnr',
    'USt2A/Allg/Unternehmen/E3000401': 'widnr',
    'UN/Allg/E3200401': 'widnr',
    'FV/Allgemeine_Angaben/E3300401': 'widnr',
  },
  others: ['FV/Aufst_aller_vertr_Unt/'],
};
