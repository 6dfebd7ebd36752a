import { submitHandler } from '#shared/submission/submit-handler.ts';
import { checkUstva } from '#shared/forms/ustva/check.ts';

export const handler = submitHandler('ustva', checkUstva);
