import { checkEst } from '#shared/forms/est/check.ts';
import { submitHandler } from '#shared/wiring/submit-handler.ts';

export const handler = submitHandler('est', checkEst);
