import { submitHandler } from '#shared/wiring/submit-handler.ts';
import { ustModule } from '#shared/forms/ust/module.ts';

export const handler = submitHandler(ustModule.facts.kind, ustModule.check);
