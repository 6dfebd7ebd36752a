// Every field of the forms whose body is their ELSTER element (E50, E77; shared/forms/element-body.ts)
// is written as ELSTER's XSD wants it: for each accepted year, a body that fills every group and field
// of that year's schema (each repeating element twice) with a value of its type goes through the
// form's writer and libxml2 validates the result against the year's XSD. The form's rules are not
// run: such a return adds up to nothing.
import { describe, expect, it } from 'vitest';
import { today } from '#shared/config.ts';
import type { Kind } from '#shared/domain/ticket.ts';
import { acceptedYears } from '#shared/forms/registry.ts';
import { bodyName, requestVorsatz, valueKind } from '#shared/forms/element-body.ts';
import { e77 } from '#shared/forms/euer/structure.ts';
import { euerXml } from '#shared/forms/euer/xml-writer.ts';
import type { ElementForm } from '#shared/forms/element-nutzdaten.ts';
import { readElementBack } from '#shared/forms/element-nutzdaten.ts';
import { e50 } from '#shared/forms/ust/structure.ts';
import { ustXml } from '#shared/forms/ust/xml-writer.ts';
import type { Finding } from '#shared/domain/ticket.ts';
import { type TextType, typeOf } from '#shared/xml/structure.ts';
import { hasElsterSchemas, validateNutzdaten } from '#test/oracle/xsd.ts';

// Texts of the forms the schemas' patterns ask for: dates, date ranges, IBAN, BIC, e-mail, VAT ID, IdNr, postal code, digits, tax number, W-IdNr, year.
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
  'DE123456789-00001',
  String(year),
];

function valueOf(type: TextType, year: number): unknown {
  const kind = valueKind(type);
  if (kind === 'flag') return true;
  if (kind === 'cents') return '1.00';
  if (kind === 'decimal') return '1.5';
  if (kind === 'integer') return 1;
  if (type.text.e) return type.text.e[0];
  const fits = (text: string) => type.patterns.every((pattern) => pattern.test(text)) && text.length <= (type.text.x ?? Infinity);
  const padded = (text: string) => text.repeat(Math.max(1, type.text.n ?? 1)).slice(0, Math.max(text.length, type.text.n ?? 1));
  const value = candidates(year).map(padded).find(fits);
  if (value === undefined) throw new Error(`no sample value for ${JSON.stringify(type.text)}`);
  return value;
}

/** A body that fills every field of `year`'s element. */
function everyField(form: ElementForm, year: number): Record<string, unknown> {
  const structure = form.structure(year);
  const fill = (index: number, skip: readonly string[] = []): unknown => {
    const type = typeOf(structure, index);
    if (!('particles' in type)) return valueOf(type, year);
    return Object.fromEntries(
      type.particles
        .filter(({ name }) => !skip.includes(name))
        .map((particle) => [bodyName(particle.name), particle.max > 1 ? [fill(particle.type), fill(particle.type)] : fill(particle.type)]),
    );
  };
  const root = typeOf(structure, structure.type);
  if (!('particles' in root)) throw new Error(`${form.root} has no parts`);
  return Object.fromEntries(
    root.particles.map((part) => {
      const filled = fill(part.type, part.name === 'Vorsatz' ? requestVorsatz : []);
      // A part per partner once: the schemas hold each partner's number unique (xs:unique).
      return [bodyName(part.name), part.max > 1 ? [filled] : filled];
    }),
  );
}

type Write = (body: never, createdAt: Date) => { xml: string; findings: Finding[] };
const forms: readonly (readonly [Kind, ElementForm, Write])[] = [
  ['ust', e50, ustXml],
  ['euer', e77, euerXml],
];

describe.skipIf(!hasElsterSchemas)("ELSTER's XSD takes every field of the element as steuerbote writes it", () => {
  it.each(forms.flatMap(([kind, form, write]) => acceptedYears(kind, today()).map((year) => [kind, year, form, write] as const)))(
    '%s %i, and reads it back the same',
    async (kind, year, form, write) => {
      const body = { test: true, year, tax_number: '9198011310010', ...everyField(form, year) };
      const { xml, findings } = write(body as never, new Date('2026-11-24T09:00:00Z'));
      expect(findings).toEqual([]);
      expect(validateNutzdaten(kind, year, xml).errors).toEqual([]);
      // …and read back, it is the same body: nothing of the element is left unmapped.
      const { test: _test, year: _year, tax_number: _taxNumber, ...parts } = body;
      expect(readElementBack(form, xml)).toEqual({ body: parts, unmapped: [] });
    },
  );
});
