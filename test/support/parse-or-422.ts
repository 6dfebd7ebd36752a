import * as z from 'zod/mini';
import { findingsOf } from '#shared/forms/findings.ts';
import { HttpError } from '#shared/http/http-error.ts';

/** A schema's output, or the 422 a handler would answer with every finding: how the schema tests read a body. */
export function parseOr422<S extends z.ZodMiniType>(schema: S, input: unknown): z.infer<S> {
  // reportInput lets a missing field be told apart from a wrong one; inputs never reach a response.
  const result = z.safeParse(schema, input, { reportInput: true });
  if (result.success) return result.data;
  throw new HttpError(422, 'VALIDATION_FAILED', 'The submission has errors', { details: findingsOf(result.error, schema) });
}

/** Each finding of a body `schema` refuses, as `path:code`; throws where it takes the body. */
export function failuresOf(schema: z.ZodMiniType, input: unknown): string[] {
  try {
    parseOr422(schema, input);
  } catch (error) {
    if (error instanceof HttpError) return error.details.map(({ path, code }) => `${path}:${code}`);
    throw error;
  }
  throw new Error('expected the body to fail');
}
