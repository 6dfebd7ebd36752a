import { authorityChecks } from '#shared/wiring/authority-checks.ts';
import { checkUstva } from '#shared/forms/ustva/check.ts';
import { validateHandler } from '#shared/wiring/validate-handler.ts';

export const handler = validateHandler('ustva', checkUstva, authorityChecks);
