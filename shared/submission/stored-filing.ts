import type * as z from 'zod/mini';
import type { Filing } from '#shared/forms/filing.ts';
import { findingsOf } from '#shared/forms/findings.ts';
import type { FormModule } from '#shared/forms/form.ts';
import { MissingOrRefused } from '#shared/ports/missing-or-refused.ts';
import type { FilingStore } from '#shared/ports/filing-store.ts';

// What is kept of a filing until it is sent is its body, as the caller's fields after the schema
// read them; the ticket keeps the form. Reading it back runs the form's schema again, so the body
// reaches the XML writer typed rather than asserted. The tax rules are not run again: they judged
// the body when it was accepted, and an accepted filing is sent as accepted.

/** `unconfirmed`: the store could not tell a missing body from one it may not read (MissingOrRefused), and says why. */
export type LoadedFiling = { filing: Filing } | { missing: true } | { unconfirmed: string } | { unreadable: string };

export function storeFiling(store: FilingStore, ticket: string, filing: Filing): Promise<void> {
  return store.put(ticket, filing.body);
}

export async function loadFiling(store: FilingStore, ticket: string, form: FormModule): Promise<LoadedFiling> {
  let stored: unknown;
  try {
    stored = await store.get(ticket);
  } catch (error) {
    if (error instanceof MissingOrRefused) return { unconfirmed: error.message };
    throw error;
  }
  if (stored === undefined) return { missing: true };
  const read = form.readStored(stored);
  return 'body' in read ? { filing: { kind: form.facts.kind, body: read.body } as Filing } : unreadable(read.error);
}

// Names the fields only: a stored body holds tax data, which an error message must not repeat.
const unreadable = (error: z.core.$ZodError) => ({
  unreadable: findingsOf(error)
    .map(({ path, code }) => `${path} ${code}`)
    .join(', '),
});
