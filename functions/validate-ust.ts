import { authorityChecks } from '#shared/wiring/authority-checks.ts';
import { ustModule } from '#shared/forms/ust/module.ts';
import { validateHandler } from '#shared/wiring/validate-handler.ts';

export const handler = validateHandler(ustModule, authorityChecks);
