// The check is all a validation of structured fields needs: the form's module, with its XML writer
// and reader, is imported only when a validation asks for the XML (shared/wiring/validate-handler.ts).
import { checkUstva } from '#shared/forms/ustva/check.ts';
import { authorityChecks } from '#shared/wiring/authority-checks.ts';
import { validateHandler } from '#shared/wiring/validate-handler.ts';

export const handler = validateHandler(checkUstva, () => import('#shared/forms/ustva/module.ts').then(({ ustvaModule }) => ustvaModule), authorityChecks);
