// What validate takes of the message (shared/wiring/validate-handler.ts): its whole module, the re-check
// and the protocol's rows included, which only the functions that transmit use.
import type { FormValidation } from '#shared/forms/form.ts';
import { formModule } from '#shared/forms/nachricht/module.ts';

export const validation: FormValidation<'nachricht'> = formModule;
