import { authorityChecks } from '#shared/wiring/authority-checks.ts';
import { lstaModule } from '#shared/forms/lsta/module.ts';
import { validateHandler } from '#shared/wiring/validate-handler.ts';

export const handler = validateHandler(lstaModule, authorityChecks);
