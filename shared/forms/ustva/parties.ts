// Who files besides the supplier: the business itself (Unternehmer), its tax advisor (Berater) and
// the advisor's client reference (Mandant), and the business's Wirtschafts-Identifikationsnummer.
// Request fields in snake_case, each an element of ELSTER's UStVA schema with that element's
// length and pattern (structure.ts), so what the check accepts ERiC's schema check accepts too.

import * as z from 'zod/mini';
import { text } from '#shared/forms/fields.ts';
import { mandant, party, widnr } from '#shared/forms/ustva/structure.ts';
import type { ElementFacts } from '#shared/xml/structure.ts';

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

/** A string as an element's facts allow it: its lengths, its pattern, and ELSTER's character set where the schema asks for it. */
function elementText(facts: ElementFacts) {
  const { minLength = 0, maxLength = 1000, pattern, elsterText } = facts.text ?? {};
  const base = elsterText ? text(maxLength, minLength) : z.string().check(z.minLength(minLength), z.maxLength(maxLength));
  return pattern ? base.check(z.regex(pattern, { error: `must match ${pattern.source}` })) : base;
}

function block<F extends string>(fields: Readonly<Record<F, string>>, facts: readonly ElementFacts[]) {
  const shape = Object.fromEntries(
    Object.entries<string>(fields).map(([field, element]) => {
      const elementFacts = facts.find((candidate) => candidate.name === element);
      if (!elementFacts) throw new RangeError(`no element ${element}`);
      return [field, z.optional(elementText(elementFacts))];
    }),
  ) as Record<F, z.ZodMiniOptional<z.ZodMiniString>>;
  return z.strictObject(shape);
}

export const partySchema = block(partyElements, party);
export const advisorClientSchema = block(advisorClientElements, mandant);
export const widnrSchema = elementText(widnr);

/** The elements of a block, in the schema's order, for the XML writer. */
export function elementsOf<F extends string>(fields: Readonly<Record<F, string>>, values: Partial<Record<F, string>>): Record<string, string> {
  return Object.fromEntries(
    (Object.entries(fields) as [F, string][]).flatMap(([field, element]) => (values[field] === undefined ? [] : [[element, values[field]]])),
  );
}
