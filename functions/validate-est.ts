import { authorityChecks } from '#shared/wiring/authority-checks.ts';
import { checkEst } from '#shared/forms/est/check.ts';
import { validateHandler } from '#shared/wiring/validate-handler.ts';

export const handler = validateHandler('est', checkEst, authorityChecks);
