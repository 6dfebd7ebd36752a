import { authorityChecks } from '#shared/wiring/authority-checks.ts';
import { ustvaModule } from '#shared/forms/ustva/module.ts';
import { validateHandler } from '#shared/wiring/validate-handler.ts';

export const handler = validateHandler(ustvaModule, authorityChecks);
