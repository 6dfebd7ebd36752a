import { authorityChecks } from '#shared/authority-checks.ts';
import { checkEst } from '#shared/forms/est/check.ts';
import { validateHandler } from '#shared/submission/validate-handler.ts';

export const handler = validateHandler('est', checkEst, authorityChecks);
