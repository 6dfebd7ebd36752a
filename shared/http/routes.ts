import { servedRoutes, type HttpMethod, type RouteSpec, type ServedRoute } from '#shared/manifest.ts';

export interface RouteMatch {
  route: ServedRoute;
  pathParameters: Record<string, string>;
}

interface CompiledRoute {
  route: ServedRoute;
  pattern: RegExp;
  names: string[];
}

// `{name}` stands for one path segment, as in API Gateway's route keys.
function compile(route: ServedRoute): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const name = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (!name) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names };
}

/**
 * Finds routes the way API Gateway does: by method and path, and tells which methods a path allows.
 * HEAD is served only where the GET is safe, so a HEAD can never make a route act.
 */
export class RouteTable {
  readonly #routes: CompiledRoute[];

  constructor(routes: readonly RouteSpec[]) {
    this.#routes = servedRoutes(routes).map(compile);
  }

  match(method: string, path: string): RouteMatch | undefined {
    for (const { route, pattern, names } of this.#routes) {
      if (route.method !== method) continue;
      const found = pattern.exec(path);
      if (!found) continue;
      const pathParameters = Object.fromEntries(names.map((name, i) => [name, decodeSegment(found[i + 1]!)]));
      return { route, pathParameters };
    }
    return undefined;
  }

  allowedMethods(path: string): HttpMethod[] {
    const methods = this.#routes.filter(({ pattern }) => pattern.test(path)).map(({ route }) => route.method);
    return [...new Set(methods)];
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
