import { apiHandler } from '#shared/http/api-handler.ts';
import { openapiDocument } from '#shared/openapi/document.ts';
import { once } from '#shared/once.ts';

// The document is the whole body, so it goes out as bytes, past the envelope.
const documentBytes = once(() => Buffer.from(JSON.stringify(openapiDocument()), 'utf8'));

export const handler = apiHandler(async () => ({ status: 200, raw: documentBytes(), contentType: 'application/json; charset=utf-8' }));
