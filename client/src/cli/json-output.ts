// `--json` prints a command's result as JSON; `--json-fields a,b` only those fields of it (of each
// item, for a list), for scripts that want a ticket or a status and nothing to pick apart.
import { didYouMean } from './suggest.ts';
import { UsageError } from './usage-error.ts';

export type JsonOutput = false | { fields?: readonly string[] };

const picked = (value: unknown, fields: readonly string[]) =>
  typeof value === 'object' && value !== null
    ? Object.fromEntries(fields.filter((field) => field in value).map((field) => [field, (value as Record<string, unknown>)[field]]))
    : value;

export function jsonText(value: unknown, { fields }: { fields?: readonly string[] }): string {
  if (!fields) return `${JSON.stringify(value, null, 2)}\n`;
  const items = Array.isArray(value) ? value : [value];
  const known = [...new Set(items.flatMap((item) => (typeof item === 'object' && item !== null ? Object.keys(item) : [])))];
  // A field no item has is a typo, unless there are no items to have it.
  const unknown = items.length > 0 ? fields.find((field) => !known.includes(field)) : undefined;
  if (unknown) throw new UsageError(`--json-fields: no field ${JSON.stringify(unknown)}${didYouMean(unknown, known)} (fields: ${known.join(', ')})`);
  return `${JSON.stringify(Array.isArray(value) ? value.map((item) => picked(item, fields)) : picked(value, fields), null, 2)}\n`;
}

/** What `--json` and `--json-fields` ask for. */
export function jsonOutput(json: boolean | undefined, fields: string | undefined): JsonOutput {
  if (fields === undefined) return json ? {} : false;
  const names = fields
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  if (names.length === 0) throw new UsageError('--json-fields takes field names separated by commas, e.g. --json-fields ticket,status');
  return { fields: names };
}
