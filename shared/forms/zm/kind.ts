// The form's kind, and the body it checks, added to the forms of shared/domain/ticket.ts. Imported
// by nothing: the compiler reads it, and every record keyed by the forms' kinds then demands this one.
import type { ZmFiling } from '#shared/forms/zm/schema.ts';

declare module '#shared/domain/ticket.ts' {
  interface FilingBodies {
    zm: ZmFiling;
  }
}
