// Every field of a body that is its Nutzdaten element field for field (shared/forms/element-body.ts:
// E50, E77, E20, and E30's parts a body carries) is written as ELSTER's XSD wants it: for each accepted year,
// a body that fills every group and field of those parts of that year's schema (each repeating
// element twice) with a value of its type goes through the form's writer and libxml2 validates the
// result against the year's XSD. The rules are not run: such a return adds up to nothing.
import { describe, expect, it } from 'vitest';
import { today } from '#shared/config.ts';
import { acceptedYears } from '#shared/forms/registry.ts';
import { bodyName, requestVorsatz, valueKind } from '#shared/forms/element-body.ts';
import type { Kind } from '#shared/domain/ticket.ts';
import type { ReadBack } from '#shared/forms/form.ts';
import { gewstSchemaStructure } from '#shared/forms/gewst/structure.ts';
import { readGewstBack } from '#shared/forms/gewst/xml-reader.ts';
import { gewstXml } from '#shared/forms/gewst/xml-writer.ts';
import { kstElements } from '#shared/forms/kst/schema.ts';
import { kstSchemaStructure } from '#shared/forms/kst/structure.ts';
import { readKstBack } from '#shared/forms/kst/xml-reader.ts';
import { kstXml } from '#shared/forms/kst/xml-writer.ts';
import { euerSchemaStructure } from '#shared/forms/euer/structure.ts';
import { readEuerBack } from '#shared/forms/euer/xml-reader.ts';
import { euerXml } from '#shared/forms/euer/xml-writer.ts';
import { ustSchemaStructure } from '#shared/forms/ust/structure.ts';
import { ustXml } from '#shared/forms/ust/xml-writer.ts';
import { readUstBack } from '#shared/forms/ust/xml-reader.ts';
import { type CompactStructure, type TextType, typeOf } from '#shared/xml/structure.ts';
import { validateNutzdaten } from '#test/oracle/xsd.ts';
import { elsterMissing, needsElster } from '#test/support/elster.ts';

const missing = elsterMissing('schemas');

// Texts of the forms the schemas' patterns ask for: dates, date ranges, IBAN, BIC, e-mail, VAT ID, IdNr, tax number, year, postal code, digits,
// a kind of transmission, tax office, ISIN, a share with six decimals, register and disclosure numbers, W-IdNr.
const candidates = (year: number) => [
  'A',
  '1',
  `01.01.${year}`,
  `01.01.${year}-31.12.${year}`,
  '01.01-31.12',
  '01.01.',
  'DE02120300000000202051',
  'DEUTDEDBXXX',
  'a@b.de',
  'DE123456788',
  '04452397687',
  '9198011310010',
  String(year),
  '80331',
  'ABC',
  'PK',
  'DE123456788-00001',
  '9198',
  'DE0001234567',
  '1,000000',
  `DEA${year}0101ABC123`,
  `DED${year}0101ABC123`,
];

function valueOf(type: TextType, year: number, second: boolean): unknown {
  const kind = valueKind(type);
  if (kind === 'flag') return true;
  if (kind === 'cents') return '1.00';
  if (kind === 'share') return '1.500000';
  if (kind === 'decimal') return '1.5';
  // A repeated part's own numbers differ, for the schema's unique keys (E20's Anlage EMU's partner number).
  if (kind === 'integer') return second ? 2 : 1;
  if (type.text.e) return type.text.e[0];
  const fits = (text: string) => type.patterns.every((pattern) => pattern.test(text)) && text.length <= (type.text.x ?? Infinity);
  const padded = (text: string) => text.repeat(Math.max(1, type.text.n ?? 1)).slice(0, Math.max(text.length, type.text.n ?? 1));
  const value = candidates(year).map(padded).find(fits);
  if (value === undefined) throw new Error(`no sample value for ${JSON.stringify(type.text)}`);
  return value;
}

interface ElementForm {
  kind: Kind;
  structure(year: number): CompactStructure;
  /** The parts below the root a body carries: all of them where none are named. */
  parts?: readonly string[];
  write(body: never, createdAt: Date): { xml: string; findings: unknown[] };
  readBack(xml: string): Promise<ReadBack>;
}

const forms: readonly ElementForm[] = [
  { kind: 'ust', structure: ustSchemaStructure, write: ustXml, readBack: readUstBack },
  { kind: 'kst', structure: kstSchemaStructure, parts: kstElements, write: kstXml, readBack: readKstBack },
  { kind: 'euer', structure: euerSchemaStructure, write: euerXml, readBack: readEuerBack },
  { kind: 'gewst', structure: gewstSchemaStructure, write: gewstXml, readBack: readGewstBack },
];

/** A body that fills every field of the parts of `year`'s schema that `form` carries. */
function everyField(form: ElementForm, year: number): Record<string, unknown> {
  const structure = form.structure(year);
  // Bounds of whole numbers that the generated structure does not carry (the XSD's minInclusive and maxInclusive): E30's years of origin from 1971, a loss below zero.
  const bounded: Readonly<Record<string, number>> = { E8004439: year, E8004443: year, E8007304: year, E8007014: -1 };
  const fill = (index: number, skip: readonly string[] = [], name = '', second = false): unknown => {
    const type = typeOf(structure, index);
    if (!('particles' in type)) return bounded[name] ?? valueOf(type, year, second);
    return Object.fromEntries(
      type.particles
        .filter((particle) => !skip.includes(particle.name))
        .map((particle) => {
          const value = () => fill(particle.type, [], particle.name, second);
          return [bodyName(particle.name), particle.max > 1 ? [value(), value()] : value()];
        }),
    );
  };
  const root = typeOf(structure, structure.type);
  if (!('particles' in root)) throw new Error(`${structure.root} has no parts`);
  return Object.fromEntries(
    root.particles
      .filter((part) => form.parts?.includes(part.name) ?? true)
      .map((part) => {
        const value = fill(part.type, part.name === 'Vorsatz' ? requestVorsatz : []) as Record<string, unknown>;
        if (part.max === 1) return [bodyName(part.name), value];
        // A repeated part's second has numbers of its own (E20's unique keys), one given for each Wirtschaftsjahr or partner its own `WJ` or `Beteiligter` (E30's and E77's unique keys).
        const again = fill(part.type, [], '', true) as Record<string, unknown>;
        return [bodyName(part.name), [value, 'wj' in value ? { ...again, wj: 'WJ2' } : 'beteiligter' in value ? { ...again, beteiligter: 2 } : again]];
      }),
  );
}

const cases = forms.flatMap((form) => acceptedYears(form.kind, today()).map((year) => ({ name: `${form.kind} ${year}`, form, year })));

describe.skipIf(missing)("ELSTER's XSD takes every field of a body as steuerbote writes it", needsElster, () => {
  it.each(cases)('$name, and reads it back the same', async ({ form, year }) => {
    const body = { test: true, year, tax_number: '9198011310010', ...everyField(form, year) };
    const { xml, findings } = form.write(body as never, new Date('2026-11-24T09:00:00Z'));
    expect(findings).toEqual([]);
    expect(validateNutzdaten(form.kind, year, xml).errors).toEqual([]);
    // …and read back, it is the same body: nothing of the parts is left unmapped.
    const { test: _test, year: _year, tax_number: _taxNumber, ...parts } = body;
    // (`replaced` names what the writer sets itself, here its own values.)
    expect(await form.readBack(xml)).toEqual({ body: parts, unmapped: [], replaced: expect.any(Array) });
  });
});
