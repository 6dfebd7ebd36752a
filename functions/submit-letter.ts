// The submit function of a letter to the tax office (ElsterNachricht): the entry of every form's
// (submit-form.ts), its check handed the caller's uploads its attachments name, which it marks used,
// so that only the letters' bundles carry their reads and are granted them.
import { form } from '#form/check.ts';
import * as figures from '#form-profit';
import { letterReads } from '#shared/wiring/named-attachments.ts';
import { submitHandler } from '#shared/wiring/submit-handler.ts';

export const handler = submitHandler(form, figures, letterReads);
