// What every Anmeldungssteuern filing shares, whichever its form (UStVA, LStA): the frame of the
// Nutzdaten, the parties' and the supplier's elements with their lengths and patterns, the
// Hersteller-ID (Kz09) and Kz 23's text. The same in ELSTER's schemas UStVA-{2021..2025}.xsd and
// LStA-{2021..2025}.xsd (shared/elster/schemas/); each form's own filing element is its own.
import * as z from 'zod/mini';
import { text } from '#shared/forms/fields.ts';
import type { Finding } from '#shared/domain/ticket.ts';
import { type ElementFacts, elsterString, textFactsOf } from '#shared/xml/structure.ts';
import { textOf, type XmlElement, type XmlNode } from '#shared/xml/xml.ts';
import { pathsSetBySelf } from '#shared/forms/replaced.ts';

const digits = (name: string, length: number): ElementFacts => ({ name, text: { minLength: length, maxLength: length, pattern: /^[0-9]+$/ } });

// Kz09: the five-digit Hersteller-ID, optionally followed by five *-separated free texts.
export const herstellerId: ElementFacts = {
  name: 'Kz09',
  text: { minLength: 5, maxLength: 95, pattern: /^(?:[0-9]{5}|[0-9]{5}\*.{0,85}\*.{0,85}\*.{0,85}\*.{0,85}\*.{0,85})$/, elsterText: true },
};
/** Kz 23's free text, the same in every filing of every year. */
export const begruendung: ElementFacts = elsterString('Kz23_Begruendung', 180);

/** A party of the filing (Berater, Unternehmer): the same elements in every year's form. */
export const party: ElementFacts[] = [
  elsterString('Bezeichnung', 50),
  elsterString('Name', 60),
  elsterString('Vorname', 30),
  elsterString('Namensvorsatz', 20),
  elsterString('Namenszusatz', 20),
  elsterString('Str', 33),
  elsterString('Hausnummer', 9, { text: { pattern: /^\d+$/ } }),
  elsterString('HNrZusatz', 15),
  elsterString('AnschriftenZusatz', 40),
  elsterString('Ort', 34),
  digits('PLZ', 5),
  elsterString('AuslandsPLZ', 13),
  elsterString('Land', 20),
  elsterString('PostfachOrt', 34),
  elsterString('Postfach', 10),
  digits('PostfachPLZ', 5),
  digits('GKPLZ', 5),
  elsterString('Telefon', 20),
  elsterString('Email', 70),
];

/** The tax advisor's client (Mandant): name, client number and who handles it. */
export const mandant: ElementFacts[] = [
  elsterString('Name', 60),
  elsterString('Vorname', 30),
  elsterString('MandantenNr', 60),
  elsterString('Bearbeiterkennzeichen', 20),
];

/** Who hands the data over: the same in every year's form. */
export const datenLieferant: ElementFacts = {
  name: 'DatenLieferant',
  children: [
    elsterString('Name', 45),
    elsterString('Strasse', 30),
    elsterString('PLZ', 12),
    elsterString('Ort', 30),
    elsterString('Telefon', 20),
    elsterString('Email', 70),
  ],
};

/** The `Anmeldungssteuern` element around a form's Steuerfall (Berater, Mandant, Unternehmer, then the filings). */
export function anmeldungssteuern(filings: readonly ElementFacts[]): ElementFacts {
  return {
    name: 'Anmeldungssteuern',
    children: [
      // JJJJMMTT, a known date.
      { name: 'Erstellungsdatum', text: { pattern: /^(?!0000)[0-9]{4}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])$/ } },
      datenLieferant,
      {
        name: 'Steuerfall',
        children: [{ name: 'Berater', children: party }, { name: 'Mandant', children: mandant }, { name: 'Unternehmer', children: party }, ...filings],
      },
      { name: 'EOP', children: [elsterString('Transferaufgabe', 89)] },
    ],
  };
}

/** A supplier field as long as its DatenLieferant element may be, and not empty. */
const supplierText = (element: string) => text(textFactsOf(datenLieferant, element).maxLength!, 1);

// ELSTER's DatenLieferant: who hands the data over, with a postal address; the lengths are the
// schema's, so what our check accepts ERiC's schema check accepts too.
export const supplierSchema = z.strictObject({
  name: supplierText('Name'),
  street: supplierText('Strasse'),
  postal_code: supplierText('PLZ'),
  city: supplierText('Ort'),
  phone: z.optional(supplierText('Telefon')),
  email: z.optional(supplierText('Email')),
});

export type Supplier = { name: string; street?: string; postal_code?: string; city?: string; phone?: string; email?: string };

/** What the OpenAPI document says of each field of `supplier`, by path. */
export const supplierFieldDescriptions = {
  supplier: 'Who hands the data over (DatenLieferant): the business itself, its advisor or its software provider',
  'supplier.name': 'Name (DatenLieferant/Name)',
  'supplier.street': 'Street and house number (DatenLieferant/Strasse)',
  'supplier.postal_code': 'Postal code (DatenLieferant/PLZ)',
  'supplier.city': 'Town or city (DatenLieferant/Ort)',
  'supplier.phone': 'Phone number (DatenLieferant/Telefon)',
  'supplier.email': 'Email address (DatenLieferant/Email)',
};

/** What the OpenAPI document says of the flags a UStVA and an LStA share, by path. */
export const flagFieldDescriptions = {
  'flags.corrected': 'true for a corrected return (Kz10)',
  'flags.supplementary': 'true where further or different facts are told in `supplementary_text` (Kz23)',
  'flags.supplementary_text': 'Those facts, at most 180 characters; required with `supplementary` (Kz23_Begruendung)',
  'flags.direct_debit_revoked': 'true where a direct debit mandate is revoked for this return (Kz26)',
  'flags.refund_offset': 'true where a refund is to be offset against other taxes (Kz29)',
};

/** The element names of DatenLieferant and the supplier field each holds, in schema order. */
export const supplierElements = { Name: 'name', Strasse: 'street', PLZ: 'postal_code', Ort: 'city', Telefon: 'phone', Email: 'email' } as const;

/** The DatenLieferant element of a supplier, its empty fields left out. */
export function supplierXml(supplier: Supplier): XmlElement {
  return Object.fromEntries(
    Object.entries(supplierElements)
      .map(([element, field]) => [element, supplier[field]])
      .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

type Problem = (element: string, code: string, message: string, rule?: 'Name_Pflichtfeld') => void;

/** The supplier of a caller's Nutzdaten, if it names one; `problem` hears what is wrong with it. */
export function readSupplier(node: XmlNode | undefined, problem: Problem): Supplier | undefined {
  if (node === undefined) return undefined;
  if (typeof node !== 'object' || Array.isArray(node)) {
    problem('DatenLieferant', 'XML_STRUCTURE', 'must be there at most once, with Name and the address as elements');
    return undefined;
  }
  const fields = Object.entries(supplierElements).flatMap(([element, field]) => {
    const value = textOf(node[element]);
    if (node[element] !== undefined && value === undefined) problem(`DatenLieferant.${element}`, 'XML_STRUCTURE', 'must be there at most once, as text');
    return value ? [[field, value]] : [];
  });
  const supplier = Object.fromEntries(fields) as Partial<Supplier>;
  if (supplier.name === undefined) {
    problem('DatenLieferant.Name', 'XML_STRUCTURE', 'must be there: the name of whoever supplies the data', 'Name_Pflichtfeld');
    return undefined;
  }
  return { ...supplier, name: supplier.name };
}

const supplierRules = [
  ['Name', 'name', 'Name_Pflichtfeld'],
  ['Strasse', 'street', 'Strasse_Pflichtfeld'],
  ['PLZ', 'postal_code', 'PLZ_Pflichtfeld'],
  ['Ort', 'city', 'Ort_Pflichtfeld'],
] as const;

/**
 * ERiC's rule a REQUIRED of the request schema stands for in a form of Anmeldungssteuern: the data
 * supplier's name and address (the whole supplier missing is its name first), and the form's own
 * Pflicht rules of the request fields in `own` (`tax_number`, `period`).
 */
export function requiredRuleOf({ path, code }: Finding, own: Readonly<Record<string, string>>): string | undefined {
  if (code !== 'REQUIRED') return undefined;
  if (path === 'supplier') return 'Name_Pflichtfeld';
  return supplierRules.find(([, field]) => path === `supplier.${field}`)?.[2] ?? own[path];
}

/**
 * ERiC's rules of what the service writes itself but a caller's own Nutzdaten must carry: the
 * creation date and the data supplier with name and address (rules Erstellungsdatum_Pflichtfeld and
 * *_Pflichtfeld of DatenLieferant, Fehler in every year of both forms' workbooks). Paths are the XML's.
 */
export function frameFindings(figures: { created?: string; supplier?: Supplier }): Finding[] {
  const findings: Finding[] = [];
  if (figures.created === undefined)
    findings.push({
      path: 'xml.Erstellungsdatum',
      code: 'REQUIRED',
      message: 'is required: the day the data was created, JJJJMMTT',
      rule: 'Erstellungsdatum_Pflichtfeld',
    });
  for (const [element, field, rule] of supplierRules)
    if (figures.supplier?.[field] === undefined)
      findings.push({
        path: `xml.DatenLieferant.${element}`,
        code: 'REQUIRED',
        message: 'is required: whoever supplies the data, with name and address',
        rule,
      });
  return findings;
}

/** What the service writes itself into every Anmeldungssteuern document, whatever a caller's said: the creation date and the Hersteller-ID (Kz09). */
export const anmeldungssteuernSetBySelf = pathsSetBySelf('Anmeldungssteuern/Erstellungsdatum', 'Anmeldungssteuern/Steuerfall/*/Kz09');
