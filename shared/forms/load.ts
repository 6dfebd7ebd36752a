// A form's module, loaded from its folder (shared/forms/{kind}/module.ts) the first time the form is
// used: what generic code (transmit, the sandbox) asks of the form. A bundle that loads it carries
// every form's module; a function of one form takes its own form's part alone
// (functions/submit-form.ts, validate-form.ts).
import type { Kind } from '#shared/domain/ticket.ts';
import type { FormModule } from '#shared/forms/form.ts';

export const loadForm = <K extends Kind>(kind: K): Promise<FormModule<K>> =>
  (import(`./${kind}/module.ts`) as Promise<{ formModule: FormModule<K> }>).then(({ formModule }) => formModule);
