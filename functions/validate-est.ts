import { authorityChecks } from '#shared/authority-checks.ts';
import { validateHandler } from '#shared/submission/validate-handler.ts';

export const handler = validateHandler('est', authorityChecks);
