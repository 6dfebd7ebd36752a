// The form's kind, and the body it checks, added to the filing bodies of shared/domain/ticket.ts.
// Imported by nothing: the compiler reads it, and the registry (shared/forms/registry.ts) then
// demands this form's line.
import type { EuerFiling } from '#shared/forms/euer/schema.ts';

declare module '#shared/domain/ticket.ts' {
  interface FilingBodies {
    euer: EuerFiling;
  }
}
