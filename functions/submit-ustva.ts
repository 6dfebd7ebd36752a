import { submitHandler } from '#shared/wiring/submit-handler.ts';
import { ustvaModule } from '#shared/forms/ustva/module.ts';

export const handler = submitHandler(ustvaModule.facts.kind, ustvaModule.check);
