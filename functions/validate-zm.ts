import { authorityChecks } from '#shared/wiring/authority-checks.ts';
import { zmModule } from '#shared/forms/zm/module.ts';
import { validateHandler } from '#shared/wiring/validate-handler.ts';

export const handler = validateHandler(zmModule, authorityChecks);
