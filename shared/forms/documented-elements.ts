// The parts of a body that is its Nutzdaten element field for field (element-body.ts) as the OpenAPI
// document shows them: every group and field of a year's schema under its body name, each field with
// the ELSTER element it fills and the kind of value it takes. A form documents its newest year; each
// year's own schema is what a body is checked against.
import * as z from 'zod/mini';
import { bodyName, requestVorsatz, valueKind } from '#shared/forms/element-body.ts';
import { type CompactStructure, typeOf } from '#shared/xml/structure.ts';

const valueSchemas = {
  flag: () => z.literal(true),
  cents: () => z.union([z.number(), z.string()]),
  share: () => z.union([z.number(), z.string()]),
  decimal: () => z.union([z.number(), z.string()]),
  integer: () => z.int(),
  text: () => z.string(),
};
const valueWords = {
  flag: 'true where the box is ticked ("X")',
  cents: 'euros and cents, a number or a decimal string such as "1200.50" (written "1200,50")',
  share: 'a percentage, a number or a decimal string such as "33.333333" (written with six decimals, "33,333333")',
  decimal: 'a decimal number, or a decimal string such as "7.5"',
  integer: 'a whole number',
  text: 'text',
};

function documented(structure: CompactStructure, index: number, names: readonly string[]): z.ZodMiniType {
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
        const child = documented(structure, particle.type, [...names, particle.name]);
        const many = () =>
          z
            .array(child)
            .check(
              z.meta({ description: `ELSTER ${path}/${particle.name}, repeated${Number.isFinite(particle.max) ? ` at most ${particle.max} times` : ''}` }),
            );
        return [bodyName(particle.name), z.optional(particle.max > 1 ? many() : child)];
      }),
  );
  return z.strictObject(shape).check(z.meta({ description: `ELSTER ${path}` }));
}

/** The schema of each part `names` (element names below the root) of `structure`, by its body name; a part that repeats is the schema of one. */
export function documentedParts(structure: CompactStructure, names: readonly string[]): Record<string, z.ZodMiniType> {
  const root = typeOf(structure, structure.type);
  return Object.fromEntries(
    names.map((name) => {
      const particle = 'particles' in root ? root.particles.find((candidate) => candidate.name === name) : undefined;
      if (!particle) throw new RangeError(`${structure.root} has no ${name}`);
      return [bodyName(name), documented(structure, particle.type, [name])];
    }),
  );
}

/** The schema of the whole root element of `structure` (a letter's, whose body is its element). */
export const documentedElement = (structure: CompactStructure): z.ZodMiniType => documented(structure, structure.type, [structure.root]);
