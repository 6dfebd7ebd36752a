// Who files an Anmeldungssteuern filing (UStVA, LStA) besides the supplier: the business itself
// (Unternehmer), its tax advisor (Berater) and the advisor's client reference (Mandant). Request
// fields in snake_case, each an element of ELSTER's schemas with that element's length and pattern
// (anmeldungssteuern.ts), so what the check accepts ERiC's schema check accepts too.

import * as z from 'zod/mini';
import { optionalOf, text } from '#shared/forms/fields.ts';
import { mandant, party } from '#shared/forms/anmeldungssteuern.ts';
import type { ElementFacts } from '#shared/xml/structure.ts';
import type { Finding } from '#shared/domain/ticket.ts';
import { textOf, type XmlElement, type XmlNode } from '#shared/xml/xml.ts';

/** Request field → element of a party (Unternehmer, Berater), in the schema's order. */
export const partyElements = {
  company_name: 'Bezeichnung',
  last_name: 'Name',
  first_name: 'Vorname',
  name_prefix: 'Namensvorsatz',
  name_suffix: 'Namenszusatz',
  street: 'Str',
  house_number: 'Hausnummer',
  house_number_suffix: 'HNrZusatz',
  address_supplement: 'AnschriftenZusatz',
  city: 'Ort',
  postal_code: 'PLZ',
  foreign_postal_code: 'AuslandsPLZ',
  country: 'Land',
  po_box_city: 'PostfachOrt',
  po_box: 'Postfach',
  po_box_postal_code: 'PostfachPLZ',
  large_customer_postal_code: 'GKPLZ',
  phone: 'Telefon',
  email: 'Email',
} as const;

/** Request field → element of the Mandant. */
export const advisorClientElements = { last_name: 'Name', first_name: 'Vorname', client_number: 'MandantenNr', clerk: 'Bearbeiterkennzeichen' } as const;

const partyWords: Readonly<Record<keyof typeof partyElements, string>> = {
  company_name: "A company's name",
  last_name: "A person's surname",
  first_name: "A person's first name",
  name_prefix: 'A prefix of the surname, such as "von"',
  name_suffix: 'A suffix of the name, such as "Jr."',
  street: 'Street',
  house_number: 'House number',
  house_number_suffix: 'What follows the house number, such as "a"',
  address_supplement: 'A further line of the address, such as "c/o"',
  city: 'Town or city',
  postal_code: 'German postal code',
  foreign_postal_code: 'Postal code abroad',
  country: 'Country of an address abroad',
  po_box_city: "The post office box's town",
  po_box: 'Post office box',
  po_box_postal_code: "The post office box's postal code",
  large_customer_postal_code: 'Postal code of a large customer',
  phone: 'Phone number',
  email: 'Email address',
};
const advisorClientWords: Readonly<Record<keyof typeof advisorClientElements, string>> = {
  last_name: "The client's surname or company name",
  first_name: "The client's first name",
  client_number: "The advisor's number for the client",
  clerk: 'Who handles the client at the advisor',
};

/** What the OpenAPI document says of each field of the parties `business`, `advisor` and `advisor_client`, by path. */
export const partyFieldDescriptions = (): Record<string, string> => ({
  ...Object.fromEntries(
    (['business', 'advisor'] as const).flatMap((key) =>
      Object.entries(partyElements).map(([field, element]) => [
        `${key}.${field}`,
        `${partyWords[field as keyof typeof partyElements]} (${key === 'business' ? 'Unternehmer' : 'Berater'}/${element})`,
      ]),
    ),
  ),
  ...Object.fromEntries(
    Object.entries(advisorClientElements).map(([field, element]) => [
      `advisor_client.${field}`,
      `${advisorClientWords[field as keyof typeof advisorClientElements]} (Mandant/${element})`,
    ]),
  ),
});

/** A string as an element's facts allow it: its lengths, its pattern, and ELSTER's character set where the schema asks for it. */
export function elementText(facts: ElementFacts) {
  const { minLength = 0, maxLength = 1000, pattern, elsterText } = facts.text ?? {};
  const base = elsterText ? text(maxLength, minLength) : z.string().check(z.minLength(minLength), z.maxLength(maxLength));
  return pattern ? base.check(z.regex(pattern, { error: `must match ${pattern.source}` })) : base;
}

function block<F extends string>(fields: Readonly<Record<F, string>>, facts: readonly ElementFacts[]) {
  const shape = Object.fromEntries(
    Object.entries<string>(fields).map(([field, element]) => {
      const elementFacts = facts.find((candidate) => candidate.name === element);
      if (!elementFacts) throw new RangeError(`no element ${element}`);
      return [field, optionalOf(elementText(elementFacts))];
    }),
  ) as Record<F, z.ZodMiniOptional<z.ZodMiniString>>;
  return z.strictObject(shape);
}

export const partySchema = block(partyElements, party);
export const advisorClientSchema = block(advisorClientElements, mandant);

/** How a protocol names a party: its company name, or its personal name in full. */
export const partyName = (party: Party): string =>
  party.company_name ?? [party.first_name, party.name_prefix, party.last_name, party.name_suffix].filter(Boolean).join(' ');

/** The elements of a block, in the schema's order, for the XML writer. */
export function elementsOf<F extends string>(fields: Readonly<Record<F, string>>, values: Partial<Record<F, string>>): Record<string, string> {
  return Object.fromEntries(
    (Object.entries(fields) as [F, string][]).flatMap(([field, element]) => (values[field] === undefined ? [] : [[element, values[field]]])),
  );
}

export type Party = Partial<Record<keyof typeof partyElements, string>>;
type PartyField = keyof typeof partyElements;

// The kinds of address a party's fields make up, as ERiC's party rules group them: the same rules,
// all of every year, in shared/elster/rules/Jahresdokumentation_UStVA_{2021..2025}.xml and
// Jahresdokumentation_LStA_{2021..2025}.xml (rules Unternehmer_* and Berater_*; only *_Str_Hausnummer
// is a Hinweis).
const street: readonly PartyField[] = ['street', 'house_number', 'house_number_suffix', 'address_supplement'];
const poBox: readonly PartyField[] = ['po_box', 'po_box_postal_code', 'po_box_city'];
/** An address that is no post box, its city aside. */
const notPoBox: readonly PartyField[] = [...street, 'postal_code', 'foreign_postal_code', 'country', 'large_customer_postal_code'];
const address: readonly PartyField[] = [...notPoBox, 'city', ...poBox];
type PartyRule =
  'Name' | 'Adresse' | 'Anschrift' | 'Ort' | 'PostfachOrt' | 'PLZ' | 'Land' | 'Land_Ausland' | 'Postfachanschrift' | 'Hausnummerzusatz' | 'Str_Hausnummer';

/**
 * ERiC's rules of a party's name and address, the same for the business (Unternehmer) and its
 * advisor (Berater): a name, one kind of address (a street address at home or abroad, a post box,
 * or a large customer's postal code), and that address complete. `at` is where a field stands in
 * the request; `at()` the party itself.
 */
export function partyFindings(role: 'Unternehmer' | 'Berater', party: Party | undefined, at: (field?: PartyField) => string): Finding[] {
  const given = (field: PartyField) => party?.[field] !== undefined && party[field] !== '';
  const any = (fields: readonly PartyField[]) => fields.some(given);
  const none = (fields: readonly PartyField[]) => !any(fields);
  if (!party || none(Object.keys(partyElements) as PartyField[])) return [];
  const onPoBox = any(poBox);
  const largeCustomer = given('large_customer_postal_code');
  const abroad = any(['foreign_postal_code', 'country']);
  const findings: Finding[] = [];
  const rule = (name: PartyRule, path: string, code: string, message: string) =>
    findings.push({ path, code, message, rule: `${role}_${name}`, ...(name === 'Str_Hausnummer' && { severity: 'hint' as const }) });

  if (none(['company_name', 'last_name'])) rule('Name', at(), 'PARTY_NAME_REQUIRED', 'needs company_name or last_name');
  if (none(address)) rule('Adresse', at(), 'PARTY_ADDRESS_REQUIRED', 'needs an address: street and city, a post box, or a large customer postal code');
  const mixed =
    (given('postal_code') && (abroad || onPoBox || largeCustomer)) ||
    (abroad && (given('postal_code') || onPoBox || largeCustomer)) ||
    (onPoBox && any([...notPoBox, 'city'])) ||
    (largeCustomer && any([...street, 'postal_code', 'foreign_postal_code', 'country', ...poBox]));
  if (mixed)
    rule(
      'Anschrift',
      at(),
      'PARTY_ADDRESS_MIXED',
      'must give one kind of address: a German street address (postal_code), one abroad (foreign_postal_code, country), a post box (po_box…) or a large customer postal code, not parts of two',
    );
  if (any(notPoBox) && !onPoBox && !given('city')) rule('Ort', at('city'), 'REQUIRED', 'is required with a street address');
  if (any(['po_box', 'po_box_postal_code']) && none(notPoBox) && !given('po_box_city'))
    rule('PostfachOrt', at('po_box_city'), 'REQUIRED', 'is required with a post box');
  if (
    any([...street, 'city', 'country', 'po_box', 'po_box_city']) &&
    none(['postal_code', 'foreign_postal_code', 'po_box_postal_code', 'large_customer_postal_code'])
  )
    rule('PLZ', at('postal_code'), 'REQUIRED', 'is required: a postal code (postal_code, foreign_postal_code abroad, po_box_postal_code for a post box)');
  if (given('foreign_postal_code') && none(['postal_code', ...poBox, 'large_customer_postal_code']) && !given('country'))
    rule('Land', at('country'), 'REQUIRED', 'is required with foreign_postal_code, an address abroad');
  if (given('country') && !given('foreign_postal_code') && any([...street, 'postal_code', 'city', ...poBox, 'large_customer_postal_code']))
    rule('Land_Ausland', at('country'), 'COUNTRY_WITHOUT_FOREIGN_POSTAL_CODE', 'belongs to an address abroad only, which has a foreign_postal_code');
  if (onPoBox && none([...notPoBox, 'city']) && !poBox.every(given))
    rule('Postfachanschrift', at(), 'PO_BOX_INCOMPLETE', 'must give po_box, po_box_postal_code and po_box_city together');
  if (given('house_number_suffix') && !onPoBox && !largeCustomer && !given('house_number'))
    rule('Hausnummerzusatz', at('house_number_suffix'), 'HOUSE_NUMBER_SUFFIX_WITHOUT_NUMBER', 'goes with a house_number');
  if (any([...street, 'postal_code', 'foreign_postal_code', 'city', 'country']) && !onPoBox && !largeCustomer && given('street') !== given('house_number'))
    rule(
      'Str_Hausnummer',
      at(given('street') ? 'house_number' : 'street'),
      'STREET_OR_NUMBER_MISSING',
      'should be given: an address has a street and a house number where it can',
    );
  return findings;
}

/** The party rules of a filing's business and advisor, on request paths (`business.city`). */
export function partiesFindings(figures: { business?: Party; advisor?: Party }): Finding[] {
  const at = (block: string) => (field?: PartyField) => (field ? `${block}.${field}` : block);
  return [...partyFindings('Unternehmer', figures.business, at('business')), ...partyFindings('Berater', figures.advisor, at('advisor'))];
}

/** The request blocks of the parties and the element of Steuerfall each fills. */
export const partyBlocks = { business: 'Unternehmer', advisor: 'Berater' } as const;

/** The element of a party a request path names (`business.city` is `Unternehmer.Ort`), or undefined for another path. */
export function partyElementOf(requestPath: string): string | undefined {
  const party = /^(business|advisor)\.(\w+)$/.exec(requestPath);
  if (!party) return requestPath === 'business' || requestPath === 'advisor' ? partyBlocks[requestPath] : undefined;
  return `${partyBlocks[party[1] as keyof typeof partyBlocks]}.${partyElements[party[2] as keyof typeof partyElements] ?? party[2]}`;
}

/** The parties of a filing in request fields, as a form's body and writer take them. */
export interface Parties {
  business?: Party;
  advisor?: Party;
  advisor_client?: Partial<Record<keyof typeof advisorClientElements, string>>;
}

/** Berater, Mandant and Unternehmer as the writer puts them into Steuerfall, in the schema's order. */
export function partiesXml(parties: Parties): Record<string, Record<string, string>> {
  return {
    ...(parties.advisor && { Berater: elementsOf(partyElements, parties.advisor) }),
    ...(parties.advisor_client && { Mandant: elementsOf(advisorClientElements, parties.advisor_client) }),
    ...(parties.business && { Unternehmer: elementsOf(partyElements, parties.business) }),
  };
}

/** Berater, Unternehmer and Mandant of a Steuerfall in request fields; the structure check has made sure of their elements. */
export function partiesOf(steuerfall: XmlElement): Parties {
  const fieldsOf = <F extends string>(node: XmlNode | undefined, elements: Readonly<Record<F, string>>) => {
    if (typeof node !== 'object' || Array.isArray(node)) return undefined;
    const fields = (Object.entries(elements) as [F, string][]).flatMap(([field, element]) => {
      const value = textOf(node[element]);
      return value === undefined ? [] : [[field, value]];
    });
    return fields.length > 0 ? (Object.fromEntries(fields) as Partial<Record<F, string>>) : undefined;
  };
  const business = fieldsOf(steuerfall.Unternehmer, partyElements);
  const advisor = fieldsOf(steuerfall.Berater, partyElements);
  const client = fieldsOf(steuerfall.Mandant, advisorClientElements);
  return { ...(business && { business }), ...(advisor && { advisor }), ...(client && { advisor_client: client }) };
}
