import { receiveWebhook } from '#receiver/handler.ts';

export const handler = receiveWebhook;
