import * as z from 'zod/mini';

/** A form's `readStored` (shared/forms/form.ts): the stored body read by the form's schema, then made its filing's body. */
export function readStoredBy<T, Body>(
  schema: z.ZodMiniType<T>,
  filingOf: (request: T) => Body,
): (stored: unknown) => { body: Body } | { error: z.core.$ZodError } {
  return (stored) => {
    const parsed = z.safeParse(schema, stored);
    return parsed.success ? { body: filingOf(parsed.data) } : { error: parsed.error };
  };
}
