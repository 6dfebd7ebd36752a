// The submit function of every form (`submitUstva`, `submitEst`, …; shared/manifest.ts): one entry,
// bundled once per form with `#form/` standing for that form's folder (bundleAliases in
// shared/manifest.ts), so each bundle carries its own form's check alone, and `#form-profit` for its
// year figures (its `profit.ts`, or none). The local runtime, which
// runs the sources, makes it the same way from the form's folder (local/handlers.ts).
import { form } from '#form/check.ts';
import * as figures from '#form-profit';
import { submitHandler } from '#shared/wiring/submit-handler.ts';

export const handler = submitHandler(form, figures);
