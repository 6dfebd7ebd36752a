// The validate function of every form (`validateUstva`, `validateEst`, …; shared/manifest.ts): one
// entry, bundled once per form with `#form/` standing for that form's folder (bundleAliases in
// shared/manifest.ts), so each bundle carries what validate takes of its own form alone. The local
// runtime, which runs the sources, makes it the same way from the form's folder (local/handlers.ts).
import { validation } from '#form/validation.ts';
import { validateHandler } from '#shared/wiring/validate-handler.ts';

export const handler = validateHandler(validation);
