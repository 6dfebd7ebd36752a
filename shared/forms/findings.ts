import type * as z from 'zod/mini';
import { maxFindings, truncatedFinding } from '#shared/domain/finding-limits.ts';
import type { Finding } from '#shared/domain/ticket.ts';
import { schemaAt, typeMessage } from '#shared/forms/type-example.ts';

const codes: Record<string, string> = {
  invalid_type: 'INVALID_TYPE',
  invalid_format: 'INVALID_FORMAT',
  invalid_value: 'INVALID_VALUE',
  invalid_union: 'INVALID_VALUE',
  too_big: 'OUT_OF_RANGE',
  too_small: 'OUT_OF_RANGE',
  custom: 'INVALID_VALUE',
};

/**
 * Every failing field at once, each with a stable code, so a caller can fix a body in one round; past
 * `maxFindings`, only counted (a body can hold 100,000 unknown keys, and no answer lists them all).
 * A value of the wrong type is told the type and an example, read from `schema`, the one that failed.
 */
export function findingsOf(error: z.core.$ZodError, schema?: z.core.$ZodType): Finding[] {
  const findings: Finding[] = [];
  let left = 0;
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    const room = maxFindings - findings.length;
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys.slice(0, room)) {
        findings.push({ path: path ? `${path}.${key}` : key, code: 'UNKNOWN_FIELD', message: 'is not a field of this form' });
      }
      left += Math.max(issue.keys.length - room, 0);
    } else if (room > 0) findings.push(findingOf(issue, path, schema));
    else left++;
  }
  return left ? [...findings, truncatedFinding(left)] : findings;
}

function findingOf(issue: z.core.$ZodIssue, path: string, schema: z.core.$ZodType | undefined): Finding {
  // A tax rule's own code and expected value travel in the issue's params (fields.ts).
  if (issue.code === 'custom' && typeof issue.params?.code === 'string') {
    const { code, expected } = issue.params as { code: string; expected?: string };
    return { path, code, message: issue.message, ...(expected !== undefined && { expected }) };
  }
  const missing = ['invalid_type', 'invalid_union', 'invalid_value'].includes(issue.code) && issue.input === undefined;
  const limit = lengthLimit(issue);
  const wrongType = issue.code === 'invalid_type' && !missing;
  return {
    path,
    code: missing ? 'REQUIRED' : (codes[issue.code] ?? 'INVALID_VALUE'),
    message: missing
      ? 'is required'
      : wrongType
        ? typeMessage(issue.expected, schema && schemaAt(schema, issue.path), issue.path, issue.message)
        : issue.message,
    ...(limit !== undefined && { expected: limit }),
  };
}

/** A text's length limit, named in `expected` so a caller can cut to fit (ELSTER's fields are short). */
function lengthLimit(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code === 'too_big' && issue.origin === 'string') return `at most ${String(issue.maximum)} characters`;
  if (issue.code === 'too_small' && issue.origin === 'string') return `at least ${String(issue.minimum)} characters`;
  return undefined;
}
