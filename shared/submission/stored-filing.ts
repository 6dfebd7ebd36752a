import * as z from 'zod/mini';
import type { Kind } from '#shared/domain/ticket.ts';
import { estFilingOf, estSchema } from '#shared/forms/est/schema.ts';
import type { Filing } from '#shared/forms/filing.ts';
import { findingsOf } from '#shared/forms/findings.ts';
import { ustvaFilingOf, ustvaSchema } from '#shared/forms/ustva/schema.ts';
import type { SubmissionStore } from '#shared/ports.ts';

// What is kept of a filing until it is sent is its body, as the caller's fields after the schema
// read them; the ticket keeps the form. Reading it back runs the form's schema again, so the body
// reaches the XML writer typed rather than asserted. The tax rules are not run again: they judged
// the body when it was accepted, and an accepted filing is sent as accepted.

export type LoadedFiling = { filing: Filing } | { missing: true } | { unreadable: string };

export function storeFiling(store: SubmissionStore, ticket: string, filing: Filing): Promise<void> {
  return store.put(ticket, filing.body);
}

export async function loadFiling(store: SubmissionStore, ticket: string, kind: Kind): Promise<LoadedFiling> {
  const stored = await store.get(ticket);
  if (stored === undefined) return { missing: true };
  if (kind === 'est') {
    const parsed = z.safeParse(estSchema, stored);
    return parsed.success ? { filing: { kind, body: estFilingOf(parsed.data) } } : unreadable(parsed.error);
  }
  const parsed = z.safeParse(ustvaSchema, withoutXmlPeriod(stored));
  return parsed.success ? { filing: { kind, body: ustvaFilingOf(parsed.data) } } : unreadable(parsed.error);
}

// Earlier versions kept a UStVA's period beside its own XML, which carries it; the ticket has it too.
function withoutXmlPeriod(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null || !('xml' in stored) || !('period' in stored)) return stored;
  return Object.fromEntries(Object.entries(stored).filter(([key]) => key !== 'period'));
}

// Names the fields only: a stored body holds tax data, which an error message must not repeat.
const unreadable = (error: z.core.$ZodError) => ({
  unreadable: findingsOf(error)
    .map(({ path, code }) => `${path} ${code}`)
    .join(', '),
});
