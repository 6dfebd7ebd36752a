// The check is all a validation of structured fields needs: the form's module, with its XML writer
// and reader, is imported only when a validation asks for the XML (shared/wiring/validate-handler.ts).
import { checkLsta } from '#shared/forms/lsta/check.ts';
import { authorityChecks } from '#shared/wiring/authority-checks.ts';
import { validateHandler } from '#shared/wiring/validate-handler.ts';

export const handler = validateHandler(checkLsta, () => import('#shared/forms/lsta/module.ts').then(({ lstaModule }) => lstaModule), authorityChecks);
