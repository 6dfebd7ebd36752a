// The check is all a validation of structured fields needs: the XML writer and reader are imported
// only when a validation asks for the XML (shared/wiring/validate-handler.ts).
import { checkEst } from '#shared/forms/est/check.ts';
import { authorityChecks } from '#shared/wiring/authority-checks.ts';
import { validateHandler } from '#shared/wiring/validate-handler.ts';

export const handler = validateHandler(checkEst, () => import('#shared/forms/est/validation.ts').then(({ estValidation }) => estValidation), authorityChecks);
