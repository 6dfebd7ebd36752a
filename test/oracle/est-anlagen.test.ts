// The generator of the E10 Anlagen (est-anlagen.ts) leaves nothing of the map out: every field a
// year's form has is in the body with every Anlage, each repeating group at its `many` (a person's
// at one a person without a spouse), and in the body of its Anlage alone; a computed field is the
// service's to write.
import { describe, expect, it } from 'vitest';
import { mappedAnlagen } from '#shared/forms/est/anlagen/mapped.ts';
import { person } from '#shared/forms/est/anlagen/formats.ts';
import { pathIn, type Fields } from '#shared/forms/est/anlagen/map.ts';
import { estAnlagen } from '#test/oracle/est-anlagen.ts';

type Json = Record<string, unknown>;

/** Each field of `fields` the year has, as `key.key[].key`, with the count it should repeat to. */
function expectedFields(fields: Fields, year: number, spouse: boolean, prefix: string): [string, number | undefined][] {
  return Object.entries(fields).flatMap(([key, node]): [string, number | undefined][] => {
    // A computed field is left to the service (est-anlagen.ts), which writes it.
    if (node.kind === 'total' || (node.kind === 'leaf' && node.computed) || !pathIn(node.at, year)) return [];
    if (node.kind === 'leaf') return [[`${prefix}${key}`, undefined]];
    const perPerson = Object.values(node.fields).some((field) => field.kind === 'leaf' && field.format === person);
    const count = node.many === undefined ? undefined : perPerson && !spouse ? Math.ceil(node.many / 2) : node.many;
    return [[`${prefix}${key}`, count], ...expectedFields(node.fields, year, spouse, `${prefix}${key}${node.many === undefined ? '' : '[]'}.`)];
  });
}

/** The fields a body gives, each with the count of its first repeating value, as expectedFields names them. */
function givenFields(value: unknown, prefix: string, out = new Map<string, number | undefined>()): Map<string, number | undefined> {
  for (const [key, item] of Object.entries(value as Json)) {
    const path = `${prefix}${key}`;
    if (Array.isArray(item)) {
      out.set(path, Math.max(out.get(path) ?? 0, item.length));
      for (const line of item) if (typeof line === 'object' && line !== null) givenFields(line, `${path}[].`, out);
    } else {
      if (!out.has(path)) out.set(path, undefined);
      if (typeof item === 'object' && item !== null) givenFields(item, `${path}.`, out);
    }
  }
  return out;
}

describe('the generated E10 Anlagen', () => {
  for (const year of [2022, 2023, 2024, 2025])
    for (const spouse of [false, true])
      it(`${year}, ${spouse ? 'with' : 'without'} a spouse: every field of the map, each group at its many`, () => {
        const { every, each } = estAnlagen(year, spouse, ['04452397687']);
        const alone = new Map(each);
        for (const anlage of mappedAnlagen) {
          const root: [string, number | undefined][] =
            anlage.many === undefined
              ? [[anlage.key, undefined]]
              : [[anlage.key, anlage.fields.person?.kind === 'leaf' && !spouse ? Math.ceil(anlage.many / 2) : anlage.many]];
          const expected = [...root, ...expectedFields(anlage.fields, year, spouse, `${anlage.key}${anlage.many === undefined ? '' : '[]'}.`)];
          expect([...givenFields({ [anlage.key]: every[anlage.key] }, '')].sort(), anlage.key).toEqual(expected.sort());
          const fields = [...givenFields(alone.get(anlage.key), '').keys()].sort();
          expect(fields, `${anlage.key} alone`).toEqual(expected.map(([path]) => path).sort());
        }
      });
});
