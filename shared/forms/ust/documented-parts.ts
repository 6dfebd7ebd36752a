// The parts of E50 as the OpenAPI document shows them: every group and field of the newest year's
// schema (structure/e50-2025.json) under its body name (body-map.ts), each field with the ELSTER
// element it fills and the kind of value it takes. Earlier years' forms differ in a few groups
// (until 2022 without the `tabelle` groups); each year's own schema is what a body is checked against.
import * as z from 'zod/mini';
import { bodyName, requestVorsatz, valueKind } from '#shared/forms/ust/body-map.ts';
import newest from '#shared/forms/ust/structure/e50-2025.json' with { type: 'json' };
import { type CompactStructure, typeOf } from '#shared/xml/structure.ts';

const structure = newest as unknown as CompactStructure;

const valueSchemas = {
  flag: () => z.literal(true),
  cents: () => z.union([z.number(), z.string()]),
  decimal: () => z.union([z.number(), z.string()]),
  integer: () => z.int(),
  text: () => z.string(),
};
const valueWords = {
  flag: 'true where the box is ticked ("X")',
  cents: 'euros and cents, a number or a decimal string such as "1200.50" (written "1200,50")',
  decimal: 'a decimal number, or a decimal string such as "7.5"',
  integer: 'a whole number',
  text: 'text',
};

function documented(index: number, names: readonly string[]): z.ZodMiniType {
  const type = typeOf(structure, index);
  const path = names.join('/');
  if (!('particles' in type)) {
    const kind = valueKind(type);
    const length = type.text.x === undefined ? '' : `, at most ${type.text.x} characters`;
    const options = type.text.e && kind !== 'flag' ? `, one of ${type.text.e.map((option) => `"${option}"`).join(', ')}` : '';
    return valueSchemas[kind]().check(z.meta({ description: `ELSTER ${path}: ${valueWords[kind]}${length}${options}` }));
  }
  const skip: readonly string[] = names.length === 1 && names[0] === 'Vorsatz' ? requestVorsatz : [];
  const shape = Object.fromEntries(
    type.particles
      .filter(({ name }) => !skip.includes(name))
      .map((particle) => {
        const child = documented(particle.type, [...names, particle.name]);
        return [bodyName(particle.name), z.optional(particle.max > 1 ? z.array(child) : child)];
      }),
  );
  return z.strictObject(shape).check(z.meta({ description: `ELSTER ${path}` }));
}

const root = typeOf(structure, structure.type);
const part = (name: string) => {
  const particle = 'particles' in root ? root.particles.find((candidate) => candidate.name === name) : undefined;
  if (!particle) throw new RangeError(`E50 has no ${name}`);
  return documented(particle.type, [name]);
};

export const documentedParts = { ust2a: part('USt2A'), un: part('UN'), fv: part('FV'), vorsatz: part('Vorsatz') };
