import { authorityChecks } from '#shared/wiring/authority-checks.ts';
import { estValidation } from '#shared/forms/est/validation.ts';
import { validateHandler } from '#shared/wiring/validate-handler.ts';

export const handler = validateHandler(estValidation, authorityChecks);
