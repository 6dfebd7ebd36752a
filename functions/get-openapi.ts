import { apiHandler } from '#shared/http/api-handler.ts';
import { documentJson } from '#shared/openapi/document-json.ts';
import { once } from '#shared/once.ts';

// The document is the whole body, so it goes out as bytes, past the envelope.
const documentBytes = once(async () => Buffer.from(await documentJson(), 'utf8'));

export const handler = apiHandler(async () => ({ status: 200, raw: await documentBytes(), contentType: 'application/json; charset=utf-8' }));
