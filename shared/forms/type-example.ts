// What a type error says: the type a field takes and an example of it, both read from the field's
// own schema, so that `"period": 9` is told `must be a string, e.g. "01"` rather than "Invalid input".
import * as z from 'zod/mini';

type Schema = z.core.$ZodType;
/** The parts of a schema's definition read here; which a definition has, its `type` says. */
interface Def {
  type: string;
  innerType: Schema;
  in: Schema;
  getter: () => Schema;
  shape: Record<string, Schema>;
  keyType: Schema;
  valueType: Schema;
  element: Schema;
  options: Schema[];
  entries: Record<string, unknown>;
  values: unknown[];
}

const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

/** The schemas that only wrap another: a field's type is the inner one's. */
function unwrapped(schema: Schema): Schema {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return unwrapped(def.innerType);
    case 'pipe':
      return unwrapped(def.in);
    case 'lazy':
      return unwrapped(def.getter());
    default:
      return schema;
  }
}

/** The schema of the field at `path` within `schema`, as far as objects, records, arrays and unions lead. */
export function schemaAt(schema: Schema, path: readonly PropertyKey[]): Schema | undefined {
  let here: Schema | undefined = unwrapped(schema);
  for (const key of path) {
    if (!here) return undefined;
    const def = defOf(here);
    if (def.type === 'object') here = def.shape[key as string];
    else if (def.type === 'record') here = def.valueType;
    else if (def.type === 'array') here = def.element;
    else if (def.type === 'union') here = def.options.map((option: Schema) => schemaAt(option, [key])).find(Boolean);
    else return undefined;
    here = here && unwrapped(here);
  }
  return here;
}

// Tried in turn against a field's own checks: the first that passes is its example. Those the
// field's name suggests come first (a general text would take any of them); then from the least to
// the most particular, so a name field is not shown a period.
const namedCandidates: [RegExp, string][] = [
  [/period|month/, '01'],
  [/date|_on$|_from$|_to$|_until$|birth/, '2025-03-31'],
  [/amount|sum|price|_eur$|costs?$|income|expenses/, '1200.50'],
  [/iban/, 'DE02120300000000202051'],
  [/bic/, 'COBADEFFXXX'],
  [/idnr/, '86095742719'],
  [/widnr/, 'DE123456704'],
  [/vat_id|ust_id/, 'DE123456789'],
  [/tax_number|steuernummer/, '9198011310010'],
  [/tax_office|finanzamt/, '9198'],
  [/zip|postal|plz/, '10115'],
  [/city|town|place|ort/, 'Berlin'],
  [/street/, 'Musterstraße'],
  [/house|number/, '12'],
  [/country|state|land/, 'DE'],
  [/phone/, '030 1234567'],
  [/mail/, 'erika@example.org'],
  [/first_name|given/, 'Erika'],
  [/name|holder|recipient/, 'Erika Mustermann'],
];
const stringCandidates = [
  'Musterstraße 12',
  'Erika',
  '2025-03-31',
  '1200.50',
  '01',
  '12',
  '10115',
  '9198',
  'DE',
  '9198011310010',
  '86095742719',
  'DE123456704',
  'DE123456789',
  'DE02120300000000202051',
  'DE123456704-00001',
  'DE0005140008',
  '01.01-31.12',
  '01.03.2024-30.06.2024',
  '12.25',
  '1234567890',
  '001234',
  'MUSTERER62A01Z',
  'crt_AAAAAAAAAAAAAAAAAAAAAA',
  'ntc_AAAAAAAAAAAAAAAAAAAAAA',
  'att_AAAAAAAAAAAAAAAAAAAAAA',
  'j',
];
const numberCandidates = [2025, 1200.5, 12, 2, 1, 0];

const passes = (schema: Schema, value: unknown) => z.safeParse(schema, value).success;

/** An example of what the field named `name` takes, written as JSON; undefined when none is found. */
export function exampleOf(schema: Schema, name = '', depth = 0): unknown {
  const field = unwrapped(schema);
  const def = defOf(field);
  const examples = z.globalRegistry.get(field as z.ZodMiniType)?.examples;
  if (Array.isArray(examples) && examples.length) return examples[0];
  switch (def.type) {
    case 'enum':
      return Object.values(def.entries)[0];
    case 'literal':
      return def.values[0];
    case 'boolean':
      return true;
    case 'string': {
      const named = namedCandidates.filter(([pattern]) => pattern.test(name.toLowerCase())).map(([, candidate]) => candidate);
      return [...named, ...stringCandidates].find((candidate) => passes(field, candidate));
    }
    case 'number':
    case 'int':
      return numberCandidates.find((candidate) => passes(field, candidate));
    case 'union':
      return def.options.map((option: Schema) => exampleOf(option, name, depth)).find((example: unknown) => example !== undefined);
    case 'array': {
      const element = depth < 2 ? exampleOf(def.element, name, depth + 1) : undefined;
      return element === undefined ? [] : [element];
    }
    case 'object':
    case 'record': {
      // One field is enough to show the shape; the first required one, as a caller must send it.
      const entries: [string, Schema][] = def.type === 'object' ? Object.entries(def.shape) : [[String(exampleOf(def.keyType) ?? 'key'), def.valueType]];
      const [key, value] = entries.find(([, inner]) => defOf(inner).type !== 'optional') ?? entries[0] ?? [];
      const inner = key !== undefined && value && depth < 2 ? exampleOf(value, key, depth + 1) : undefined;
      return inner === undefined ? {} : { [key!]: inner };
    }
    default:
      return undefined;
  }
}

const typeNames: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  record: 'an object',
  date: 'a date',
};

/** zod's own text for a type error, which names neither type nor example; a schema's own text replaces it. */
const zodDefault = 'Invalid input';
/** A schema's own text that shows a value already. */
const showsExample = /e\.g\.|such as|like "/;

/**
 * `must be a string, e.g. "01"`: the type a type error at `path` expected and an example from the
 * field's schema; where the schema words the type itself (`said`), its words with the example.
 */
export function typeMessage(expected: string, field: Schema | undefined, path: readonly PropertyKey[], said = zodDefault): string {
  if (said !== zodDefault && showsExample.test(said)) return said;
  const type = said === zodDefault ? `must be ${typeNames[expected] ?? `of type ${expected}`}` : said;
  const example = field && exampleOf(field, String(path.findLast((key) => typeof key === 'string') ?? ''));
  return example === undefined ? type : `${type}, e.g. ${JSON.stringify(example)}`;
}
