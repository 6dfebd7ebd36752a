import { hookEndpoint } from '#receiver/handler.ts';

export const handler = hookEndpoint;
