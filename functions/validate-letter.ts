// The validate function of a letter to the tax office (ElsterNachricht): the entry of every form's
// (validate-form.ts), its check handed the caller's uploads its attachments name.
import { validation } from '#form/validation.ts';
import { letterChecks } from '#shared/wiring/named-attachments.ts';
import { validateHandler } from '#shared/wiring/validate-handler.ts';

export const handler = validateHandler(validation, letterChecks);
