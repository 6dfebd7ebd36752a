// Every field of the forms whose body mirrors their element (E50, E20: shared/forms/element-body.ts)
// is written as ELSTER's XSD wants it: for each accepted year, a body that fills every group and
// field of that year's schema (each repeating element twice) with a value of its type goes through
// the form's writer and libxml2 validates the result against the year's XSD. ERiC's rules are not
// run: such a return adds up to nothing.
import { describe, expect, it } from 'vitest';
import { today } from '#shared/config.ts';
import { acceptedYears } from '#shared/forms/registry.ts';
import { bodyName, requestVorsatz, valueKind } from '#shared/forms/element-body.ts';
import { gewstSchemaStructure } from '#shared/forms/gewst/structure.ts';
import { gewstXml } from '#shared/forms/gewst/xml-writer.ts';
import { readGewstBack } from '#shared/forms/gewst/xml-reader.ts';
import { ustSchemaStructure } from '#shared/forms/ust/structure.ts';
import { ustXml } from '#shared/forms/ust/xml-writer.ts';
import { readUstBack } from '#shared/forms/ust/xml-reader.ts';
import { type CompactStructure, type TextType, typeOf } from '#shared/xml/structure.ts';
import type { ReadBack } from '#shared/forms/form.ts';
import { hasElsterSchemas, validateNutzdaten } from '#test/oracle/xsd.ts';

// Texts of the forms the schemas' patterns ask for: dates, date ranges, IBAN, BIC, e-mail, VAT ID, IdNr, postal code, digits,
// tax number, tax office, ISIN, a share with six decimals, register and disclosure numbers.
const candidates = (year: number) => [
  'A',
  '1',
  `01.01.${year}`,
  '01.01-31.12',
  '01.01.',
  'DE02120300000000202051',
  'DEUTDEDBXXX',
  'a@b.de',
  'DE123456789',
  '04452397687',
  '80331',
  'ABC',
  '9198011310010',
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
  // A repeated part's own numbers differ, for the schema's unique keys (an Anlage EMU's partner number).
  if (kind === 'integer') return second ? 2 : 1;
  if (type.text.e) return type.text.e[0];
  const fits = (text: string) => type.patterns.every((pattern) => pattern.test(text)) && text.length <= (type.text.x ?? Infinity);
  const padded = (text: string) => text.repeat(Math.max(1, type.text.n ?? 1)).slice(0, Math.max(text.length, type.text.n ?? 1));
  const value = candidates(year).map(padded).find(fits);
  if (value === undefined) throw new Error(`no sample value for ${JSON.stringify(type.text)}`);
  return value;
}

/** The forms, their structure, writer and reader. */
const forms = [
  { kind: 'ust', structure: ustSchemaStructure, write: ustXml, readBack: readUstBack },
  { kind: 'gewst', structure: gewstSchemaStructure, write: gewstXml, readBack: readGewstBack },
] as const satisfies readonly {
  kind: string;
  structure: (year: number) => CompactStructure;
  write: (body: never, createdAt: Date) => { xml: string; findings: unknown[] };
  readBack: (xml: string) => Promise<ReadBack>;
}[];

/** A body that fills every field of `structure`, a repeating element twice. */
function everyField(structure: CompactStructure, year: number): Record<string, unknown> {
  const fill = (index: number, skip: readonly string[] = [], second = false): unknown => {
    const type = typeOf(structure, index);
    if (!('particles' in type)) return valueOf(type, year, second);
    return Object.fromEntries(
      type.particles
        .filter(({ name }) => !skip.includes(name))
        .map((particle) => [
          bodyName(particle.name),
          particle.max > 1 ? [fill(particle.type, [], second), fill(particle.type, [], second)] : fill(particle.type, [], second),
        ]),
    );
  };
  const root = typeOf(structure, structure.type);
  if (!('particles' in root)) throw new Error(`${structure.root} has no parts`);
  return Object.fromEntries(
    root.particles.map((part) => {
      const filled = fill(part.type, part.name === 'Vorsatz' ? requestVorsatz : []);
      return [bodyName(part.name), part.max > 1 ? [filled, fill(part.type, [], true)] : filled];
    }),
  );
}

describe.skipIf(!hasElsterSchemas)("ELSTER's XSD takes every field as steuerbote writes it", () => {
  const cases = forms.flatMap((form) => acceptedYears(form.kind, today()).map((year) => ({ ...form, year })));
  it.each(cases)('$kind $year, and reads it back the same', async ({ kind, structure, write, readBack, year }) => {
    const body = { test: true, year, tax_number: '9198011310010', ...everyField(structure(year), year) };
    const { xml, findings } = (write as (body: unknown, createdAt: Date) => { xml: string; findings: unknown[] })(body, new Date('2026-11-24T09:00:00Z'));
    expect(findings).toEqual([]);
    expect(validateNutzdaten(kind, year, xml).errors).toEqual([]);
    // …and read back, it is the same body: nothing of the element is left unmapped.
    const { test: _test, year: _year, tax_number: _taxNumber, ...parts } = body;
    expect(await readBack(xml)).toEqual({ body: parts, unmapped: [] });
  });
});
