import type { RouteSpec } from '#shared/manifest.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { HttpError, notFound } from '#shared/http/http-error.ts';
import { RouteTable } from '#shared/http/routes.ts';

/** Answers what no route takes: 405 with `Allow` for a known path, 404 otherwise. */
export function fallbackHandler(routes: readonly RouteSpec[]) {
  const table = new RouteTable(routes);
  return apiHandler(async (event) => {
    const allowed = table.allowedMethods(event.rawPath);
    if (allowed.length === 0) throw notFound(`No route for ${event.rawPath}`);
    throw new HttpError(405, 'METHOD_NOT_ALLOWED', `${event.requestContext.http.method} is not allowed here`, {
      headers: { allow: allowed.join(', ') },
    });
  });
}
