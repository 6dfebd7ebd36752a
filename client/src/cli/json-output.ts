// `--json` prints a command's result as JSON; `--json-fields a,b` only those fields of it (of each
// item, for a list), checked against the fields there are; `--jq EXPR` filters that JSON through jq
// (strings printed as they are, as `jq -r` does) and `--template TEXT` formats it (template.ts), both
// as gh has them, for scripts that want a ticket or a status and nothing to pick apart.
import { didYouMean } from './suggest.ts';
import { applyTemplate } from './template.ts';
import { UsageError } from './usage-error.ts';

export type JsonOutput = false | { fields?: readonly string[]; jq?: string; template?: string };

const picked = (value: unknown, fields: readonly string[]) =>
  typeof value === 'object' && value !== null
    ? Object.fromEntries(fields.filter((field) => field in value).map((field) => [field, (value as Record<string, unknown>)[field]]))
    : value;

/** jq compiled to WebAssembly, loaded only when --jq is given (it is a large module). */
async function jq(expression: string, value: unknown): Promise<string> {
  // CommonJS: its exports are the default export both to Node and in the package's bundle.
  const { raw } = (await import('jq-wasm')).default;
  try {
    const text = await raw(JSON.stringify(value), expression, ['-r']);
    return text.endsWith('\n') || text === '' ? text : `${text}\n`;
  } catch (error) {
    const said = (error as Error).message.replace(/^Failed to execute raw query: /, '').replace(/^jq: /, '');
    throw new UsageError(`--jq: ${said.replace(/\s*\n\s*/g, '; ')}`);
  }
}

/**
 * The result as `--json`, `--json-fields`, `--jq` and `--template` ask; `known` names the fields an
 * item has (else those the items show), so a typo is caught even in an empty list.
 */
export async function jsonText(value: unknown, { fields, jq: expression, template }: Exclude<JsonOutput, false>, known?: readonly string[]): Promise<string> {
  let shown = value;
  if (fields) {
    const items = Array.isArray(value) ? value : [value];
    const names = known ?? [...new Set(items.flatMap((item) => (typeof item === 'object' && item !== null ? Object.keys(item) : [])))];
    // A field no item has is a typo, unless there are no items to have it and no list of names.
    const unknown = known || items.length > 0 ? fields.find((field) => !names.includes(field)) : undefined;
    if (unknown) throw new UsageError(`--json-fields: no field ${JSON.stringify(unknown)}${didYouMean(unknown, names)} (fields: ${names.join(', ')})`);
    shown = Array.isArray(value) ? value.map((item) => picked(item, fields)) : picked(value, fields);
  }
  if (expression !== undefined) return jq(expression, shown);
  if (template !== undefined) return applyTemplate(template, shown);
  return `${JSON.stringify(shown, null, 2)}\n`;
}

export interface OutputFlags {
  json?: boolean;
  'json-fields'?: string;
  jq?: string;
  template?: string;
}

/** What `--json`, `--json-fields`, `--jq` and `--template` ask for; either of the last two implies JSON. */
export function jsonOutput(flags: OutputFlags): JsonOutput {
  const { json, 'json-fields': fieldList, jq: expression, template } = flags;
  if (expression !== undefined && template !== undefined) throw new UsageError('give --jq or --template, not both');
  if (fieldList === undefined) return json || expression !== undefined || template !== undefined ? { jq: expression, template } : false;
  const names = fieldList
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  if (names.length === 0) throw new UsageError('--json-fields takes field names separated by commas, e.g. --json-fields ticket,status');
  return { fields: names, jq: expression, template };
}
