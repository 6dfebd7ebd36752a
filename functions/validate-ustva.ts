import { authorityChecks } from '#shared/authority-checks.ts';
import { checkUstva } from '#shared/forms/ustva/check.ts';
import { validateHandler } from '#shared/submission/validate-handler.ts';

export const handler = validateHandler('ustva', checkUstva, authorityChecks);
