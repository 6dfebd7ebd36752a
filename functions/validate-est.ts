import { authorityChecks } from '#shared/wiring/authority-checks.ts';
import { estModule } from '#shared/forms/est/module.ts';
import { validateHandler } from '#shared/wiring/validate-handler.ts';

export const handler = validateHandler(estModule, authorityChecks);
