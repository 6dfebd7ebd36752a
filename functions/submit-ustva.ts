import { ustvaSchema } from '#shared/schemas/ustva.ts';
import { submitHandler } from '#shared/submission/submit-handler.ts';

export const handler = submitHandler('ustva', ustvaSchema);
