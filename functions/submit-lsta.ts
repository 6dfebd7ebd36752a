import { submitHandler } from '#shared/wiring/submit-handler.ts';
import { lstaModule } from '#shared/forms/lsta/module.ts';

export const handler = submitHandler(lstaModule.facts.kind, lstaModule.check);
