import { describe, expect, it } from 'vitest';
import { type DeclaredIdentifiers, heldIdentifiers, identifierFindings, type IdentifierPlaces } from '#shared/forms/identifiers.ts';
import { readXml } from '#shared/xml/xml.ts';

const places: IdentifierPlaces = {
  held: {
    'Vorsatz/StNr': 'tax_number',
    'Vorsatz/Ordnungsbegriff': 'ordnungsbegriff',
    'Vorsatz/ID': 'idnr',
    'Vorsatz/IDEhefrau': 'spouse_idnr',
    'Firma/WIdNr': 'widnr',
    'Firma/Anlage/WIdNr': 'widnr',
  },
  others: ['Kind/'],
};

const tree = (inner: string) => {
  const read = readXml(`<Root>${inner}</Root>`);
  if (!read.ok) throw new Error(read.problem.message);
  return read.tree;
};
const pathOf = (names: readonly string[]) => ['xml', ...names].join('.');
const findings = (inner: string, declared: DeclaredIdentifiers) =>
  identifierFindings(places, tree(inner), declared, pathOf).map(({ path, code, expected }) => [path, code, expected]);

const taxNumber = '9198011310010';
const taxpayer = '04452397687';
const spouse = '02476291358';

describe('heldIdentifiers', () => {
  it('finds every identifier at a place, repeated ones each, in the order of the places, and none elsewhere', () => {
    const held = heldIdentifiers(
      places,
      tree(
        `<Kind><ID>${spouse}</ID></Kind><Firma><WIdNr>DE1</WIdNr><Anlage><WIdNr>DE2</WIdNr></Anlage></Firma><Vorsatz><ID>${taxpayer}</ID><ID>x</ID></Vorsatz>`,
      ),
    );
    expect(held.map(({ names, kind, value }) => [names.join('/'), kind, value])).toEqual([
      ['Vorsatz/ID', 'idnr', taxpayer],
      ['Vorsatz/ID', 'idnr', 'x'],
      ['Firma/WIdNr', 'widnr', 'DE1'],
      ['Firma/Anlage/WIdNr', 'widnr', 'DE2'],
    ]);
  });
});

describe('identifierFindings', () => {
  it('finds nothing where every identifier is the request’s', () => {
    const inner = `<Vorsatz><StNr>${taxNumber}</StNr><Ordnungsbegriff>${taxNumber}</Ordnungsbegriff><ID>${taxpayer}</ID><IDEhefrau>${spouse}</IDEhefrau></Vorsatz><Firma><WIdNr>DE123456788</WIdNr></Firma>`;
    expect(findings(inner, { tax_number: taxNumber, idnr: taxpayer, spouse_idnr: spouse, widnr: 'DE123456788' })).toEqual([]);
  });

  it('holds the tax number and the Ordnungsbegriff beside it to tax_number', () => {
    expect(findings(`<Vorsatz><StNr>${taxNumber}</StNr><Ordnungsbegriff>9198011310029</Ordnungsbegriff></Vorsatz>`, { tax_number: taxNumber })).toEqual([
      ['xml.Vorsatz.Ordnungsbegriff', 'XML_TAX_NUMBER_MISMATCH', taxNumber],
    ]);
    expect(findings('<Vorsatz/>', { tax_number: taxNumber })).toEqual([['xml.Vorsatz.StNr', 'XML_TAX_NUMBER_MISMATCH', taxNumber]]);
  });

  it('takes no tax number in a first return, and names the other office of one that has', () => {
    expect(findings('<Vorsatz/>', { tax_office: '9198' })).toEqual([]);
    expect(findings('<Vorsatz><Ordnungsbegriff>9181081508155</Ordnungsbegriff></Vorsatz>', { tax_office: '9198' })).toEqual([
      ['xml.Vorsatz.Ordnungsbegriff', 'XML_TAX_OFFICE_MISMATCH', '9198'],
    ]);
  });

  it('refuses an IdNr the request does not declare or declares otherwise, never repeating it', () => {
    const inner = `<Vorsatz><StNr>${taxNumber}</StNr><ID>${taxpayer}</ID></Vorsatz>`;
    expect(findings(inner, { tax_number: taxNumber })).toEqual([['xml.Vorsatz.ID', 'XML_IDNR_MISMATCH', undefined]]);
    expect(findings(inner, { tax_number: taxNumber, idnr: spouse })).toEqual([['xml.Vorsatz.ID', 'XML_IDNR_MISMATCH', undefined]]);
  });

  it('refuses the taxpayer’s IdNr for the spouse, declared or not', () => {
    const inner = `<Vorsatz><StNr>${taxNumber}</StNr><ID>${taxpayer}</ID><IDEhefrau>${taxpayer}</IDEhefrau></Vorsatz>`;
    expect(findings(inner, { tax_number: taxNumber, idnr: taxpayer })).toEqual([['xml.Vorsatz.IDEhefrau', 'IDNR_SAME_AS_TAXPAYER', undefined]]);
    expect(findings(inner, { tax_number: taxNumber, idnr: taxpayer, spouse_idnr: taxpayer })).toEqual([
      ['xml.Vorsatz.IDEhefrau', 'IDNR_SAME_AS_TAXPAYER', undefined],
    ]);
  });

  it('holds every W-IdNr to widnr, and names a declared one the XML lacks at its field', () => {
    const inner = `<Vorsatz><StNr>${taxNumber}</StNr></Vorsatz><Firma><WIdNr>DE123456788</WIdNr><Anlage><WIdNr>DE987654328</WIdNr></Anlage></Firma>`;
    expect(findings(inner, { tax_number: taxNumber, widnr: 'DE123456788' })).toEqual([['xml.Firma.Anlage.WIdNr', 'XML_WIDNR_MISMATCH', 'DE123456788']]);
    expect(findings(`<Vorsatz><StNr>${taxNumber}</StNr></Vorsatz>`, { tax_number: taxNumber, widnr: 'DE123456788', idnr: taxpayer })).toEqual([
      ['idnr', 'XML_IDNR_MISMATCH', undefined],
      ['widnr', 'XML_WIDNR_MISMATCH', undefined],
    ]);
  });
});
