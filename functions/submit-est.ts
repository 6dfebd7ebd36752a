import { submitHandler } from '#shared/submission/submit-handler.ts';

export const handler = submitHandler('est');
