import { apis } from '#shared/manifest.ts';
import { fallbackHandler } from '#shared/http/fallback-handler.ts';

export const handler = fallbackHandler(apis.receiver.routes);
