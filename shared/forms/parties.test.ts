import { describe, expect, it } from 'vitest';
import { partiesFindings, partyFindings, type Party } from '#shared/forms/parties.ts';

const home: Party = { company_name: 'Muster GmbH', street: 'Hauptstr.', house_number: '1', postal_code: '80331', city: 'München' };
const abroad: Party = { last_name: 'Rossi', street: 'Via Roma', house_number: '3', foreign_postal_code: '00184', city: 'Roma', country: 'Italien' };
const poBox: Party = { company_name: 'Muster GmbH', po_box: '1234', po_box_postal_code: '80001', po_box_city: 'München' };
const largeCustomer: Party = { company_name: 'Muster GmbH', large_customer_postal_code: '80002', city: 'München' };

const rulesOf = (party: Party, role: 'Unternehmer' | 'Berater' = 'Unternehmer') =>
  partyFindings(role, party, (field) => (field ? `business.${field}` : 'business')).map(
    ({ path, rule, severity }) => `${path} ${rule}${severity ? ` ${severity}` : ''}`,
  );

describe('partyFindings: ERiC rules of a party', () => {
  it.each([
    ['a street address at home', home],
    ['an address abroad', abroad],
    ['a post box', poBox],
    ['a large customer postal code', largeCustomer],
  ])('accepts %s', (_about, party) => {
    expect(rulesOf(party)).toEqual([]);
    expect(rulesOf(party, 'Berater')).toEqual([]);
  });

  it('checks nothing of a party that is not given', () => {
    expect(partyFindings('Unternehmer', undefined, () => 'business')).toEqual([]);
    expect(partyFindings('Unternehmer', {}, () => 'business')).toEqual([]);
  });

  it.each<[string, Party, string[]]>([
    ['Name: a name or company name', { street: 'Hauptstr.', house_number: '1', postal_code: '80331', city: 'München' }, ['business Unternehmer_Name']],
    ['Adresse: an address', { company_name: 'Muster GmbH', phone: '089123' }, ['business Unternehmer_Adresse']],
    ['Anschrift: one kind of address', { ...home, po_box: '1234', po_box_postal_code: '80001', po_box_city: 'München' }, ['business Unternehmer_Anschrift']],
    [
      'Ort: a city with a street address',
      { company_name: 'M', street: 'Hauptstr.', house_number: '1', postal_code: '80331' },
      ['business.city Unternehmer_Ort'],
    ],
    [
      'PostfachOrt: a city with a post box',
      { company_name: 'M', po_box: '1234', po_box_postal_code: '80001' },
      ['business.po_box_city Unternehmer_PostfachOrt', 'business Unternehmer_Postfachanschrift'],
    ],
    ['PLZ: a postal code', { company_name: 'M', street: 'Hauptstr.', house_number: '1', city: 'München' }, ['business.postal_code Unternehmer_PLZ']],
    [
      'Land: a country abroad',
      { last_name: 'Rossi', street: 'Via Roma', house_number: '3', foreign_postal_code: '00184', city: 'Roma' },
      ['business.country Unternehmer_Land'],
    ],
    [
      'Land_Ausland: a country only abroad',
      { ...home, country: 'Deutschland' },
      ['business Unternehmer_Anschrift', 'business.country Unternehmer_Land_Ausland'],
    ],
    [
      'Postfachanschrift: a post box complete',
      { company_name: 'M', po_box: '1234', po_box_city: 'München' },
      ['business.postal_code Unternehmer_PLZ', 'business Unternehmer_Postfachanschrift'],
    ],
    [
      'Hausnummerzusatz: a suffix with its number',
      { ...home, house_number: undefined, house_number_suffix: 'a' },
      ['business.house_number_suffix Unternehmer_Hausnummerzusatz', 'business.house_number Unternehmer_Str_Hausnummer hint'],
    ],
    ['Str_Hausnummer: street and number together (a hint)', { ...home, street: undefined }, ['business.street Unternehmer_Str_Hausnummer hint']],
  ])('refuses what breaks %s', (_about, party, expected) => {
    expect(rulesOf(party)).toEqual(expected);
    expect(rulesOf(party, 'Berater')).toEqual(expected.map((line) => line.replace('Unternehmer_', 'Berater_')));
  });

  it('refuses a country beside a German postal code, as ERiC does', () => {
    expect(rulesOf({ ...home, country: 'DE' })).toContain('business.country Unternehmer_Land_Ausland');
  });

  it('reports a Fehler as an error with its own code', () => {
    const [finding] = partyFindings('Unternehmer', { ...home, house_number: undefined, house_number_suffix: 'a' }, (field) => `business.${field}`);
    expect(finding).toMatchObject({ code: 'HOUSE_NUMBER_SUFFIX_WITHOUT_NUMBER', rule: 'Unternehmer_Hausnummerzusatz' });
    expect(finding?.severity).toBeUndefined();
  });
});

describe('partiesFindings', () => {
  it('checks the business as Unternehmer and the advisor as Berater, on their request paths', () => {
    const findings = partiesFindings({ business: { company_name: 'M' }, advisor: { company_name: 'B', city: 'München' } });
    expect(findings.map(({ path, rule }) => `${path} ${rule}`)).toEqual(['business Unternehmer_Adresse', 'advisor.postal_code Berater_PLZ']);
  });
});
