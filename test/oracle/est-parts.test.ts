// The generator of the main form's fields, Anlage N and Vorsorgeaufwand (est-parts.ts) leaves no
// request field of theirs out: every field of the request schema is in the body with all of them,
// each array at its maxItems, every value of an enum somewhere, and each top-level field's fields
// in its body alone; only what the year's form has no place for is left out, as the check says.
import { describe, expect, it } from 'vitest';
import { estParts, partFields, type JsonSchema } from '#test/oracle/est-parts.ts';

type Json = Record<string, unknown>;

/** What the year's form has no place for, and the check refuses (NOT_IN_YEAR): the eTIN from 2023, the second home-office variant before. */
const notInYear = (year: number) =>
  year >= 2023 ? ['employment[].etin'] : ['employee.taxpayer.home_office_days_no_other_workplace', 'employee.spouse.home_office_days_no_other_workplace'];

/** Each field of `schema` as `key.key[].key`, with the count an array should reach. */
function expectedFields(schema: JsonSchema, path: string, out = new Map<string, number | undefined>()): Map<string, number | undefined> {
  if (schema.properties) for (const [key, field] of Object.entries(schema.properties)) expectedFields(field, path ? `${path}.${key}` : key, out);
  else if (schema.type === 'array' && schema.items) {
    out.set(path, schema.maxItems);
    expectedFields(schema.items, `${path}[]`, out);
  } else out.set(path, undefined);
  return out;
}

/** The leaves and arrays a body gives, named as expectedFields names them, each array with its longest count, and the values each leaf takes. */
function givenFields(value: unknown, path: string, out = new Map<string, { count?: number; values: Set<unknown> }>()) {
  if (Array.isArray(value)) {
    const known = out.get(path);
    out.set(path, { count: Math.max(known?.count ?? 0, value.length), values: new Set() });
    for (const item of value) givenFields(item, `${path}[]`, out);
  } else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value as Json)) givenFields(item, path ? `${path}.${key}` : key, out);
  else {
    const known = out.get(path) ?? { values: new Set() };
    known.values.add(value);
    out.set(path, known);
  }
  return out;
}

/** The enums of the request's parts, by path. */
function enums(schema: JsonSchema, path: string, out = new Map<string, unknown[]>()): Map<string, unknown[]> {
  if (schema.enum) out.set(path, schema.enum);
  for (const [key, field] of Object.entries(schema.properties ?? {})) enums(field, path ? `${path}.${key}` : key, out);
  if (schema.items) enums(schema.items, `${path}[]`, out);
  return out;
}

const person = { idnr: '04452397687', first_name: 'Erika', last_name: 'Mustermann', birth_date: '1960-05-17', religion: 'ev' };
const spouse = { ...person, idnr: '02476291358', first_name: 'Max' };

describe('the generated main form, Anlage N and Vorsorgeaufwand', () => {
  for (const year of [2022, 2023, 2024, 2025])
    it(`${year}, spouses assessed jointly: every field of the request schema, each array at its maxItems, every enum value`, () => {
      const base = { test: true, year, tax_number: '9198011310010', taxpayer: person, spouse, joint_assessment: true, married_since: '1990-06-15' };
      const { every, each } = estParts(base);
      const left = notInYear(year);
      const expected = new Map([...partFields].flatMap(([key, schema]) => [...expectedFields(schema, key)]).filter(([path]) => !left.includes(path)));
      const given = givenFields(every, '');
      expect([...given.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [path, count] of expected)
        if (count !== undefined)
          // Work equipment on the wage tax statements takes one of the lines (anlagen/n.ts).
          expect(given.get(path)?.count, path).toBe(
            path === 'employee.taxpayer.work_equipment' || path === 'employee.spouse.work_equipment' ? count - 1 : count,
          );
      for (const [path, values] of [...partFields].flatMap(([key, schema]) => [...enums(schema, key)]))
        expect([...(given.get(path)?.values ?? [])].sort(), path).toEqual([...values].sort());
      const alone = new Map(each);
      for (const [key] of partFields)
        expect([...givenFields(alone.get(key), '').keys()].sort(), `${key} alone`).toEqual(
          [...expected.keys()].filter((path) => path.split(/[.[]/)[0] === key).sort(),
        );
    });
});
