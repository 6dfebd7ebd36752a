// Where an E30 names whom the return is for (E30-2021.xsd to E30-2024.xsd): the Vorsatz's tax
// number, Ordnungsbegriff and IdNrs, and KSt 1's W-IdNr of the corporation. Everything else that
// holds an identifier names others: shareholders (KSt 1 Anlage AE, hidden profit distributions in
// Anlage GK), partnerships and companies the corporation holds shares in, the Organträger and
// Organgesellschaften, the contributors of KSt 1 F, and the like in the other Anlagen.
import type { IdentifierPlaces } from '#shared/forms/identifiers.ts';

export const kstIdentifiers: IdentifierPlaces = {
  held: {
    'Vorsatz/StNr': 'tax_number',
    'Vorsatz/Ordnungsbegriff': 'ordnungsbegriff',
    'Vorsatz/ID': 'idnr',
    'Vorsatz/IDEhefrau': 'spouse_idnr',
    'KSt1/Allgemein/E8000102': 'widnr',
  },
  others: ['KSt1/AE/', 'KSt1F/', 'GK/', 'ZVE/', 'Ber/', 'Gem/', 'Kassen/', 'OG/', 'OT/', 'Part/', 'SPIF/', 'SPIFA/', 'WA/', 'WiFoe/', 'Z/', 'ZwiG/'],
};
