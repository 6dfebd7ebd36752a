import { apiHandler } from '#shared/http/api-handler.ts';
import { referencePage } from '#shared/openapi/reference-page.ts';

// An HTML page for people, past the envelope; public, like the document it shows.
export const handler = apiHandler(async () => {
  const { html, contentSecurityPolicy } = await referencePage();
  return {
    status: 200,
    raw: html,
    contentType: 'text/html; charset=utf-8',
    headers: { 'content-security-policy': contentSecurityPolicy, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' },
  };
});
