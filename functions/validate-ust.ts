// The check is all a validation of structured fields needs: the form's module, with its XML writer
// and reader, is imported only when a validation asks for the XML (shared/wiring/validate-handler.ts).
import { checkUst } from '#shared/forms/ust/check.ts';
import { authorityChecks } from '#shared/wiring/authority-checks.ts';
import { validateHandler } from '#shared/wiring/validate-handler.ts';

export const handler = validateHandler(checkUst, () => import('#shared/forms/ust/module.ts').then(({ ustModule }) => ustModule), authorityChecks);
