import { submitHandler } from '#shared/wiring/submit-handler.ts';
import { zmModule } from '#shared/forms/zm/module.ts';

export const handler = submitHandler(zmModule.facts.kind, zmModule.check);
