import { submitHandler } from '#shared/wiring/submit-handler.ts';
import { checkUstva } from '#shared/forms/ustva/check.ts';

export const handler = submitHandler('ustva', checkUstva);
