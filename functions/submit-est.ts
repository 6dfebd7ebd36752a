import { submitHandler } from '#shared/wiring/submit-handler.ts';
import { estModule } from '#shared/forms/est/module.ts';

export const handler = submitHandler(estModule.facts.kind, estModule.check);
