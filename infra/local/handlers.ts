// The manifest's functions as the local runtime calls them: each entry imported when first called,
// once per thread, as Lambda loads a function in each of its containers, and each run with only its
// own environment (function-scope.ts).

import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runAs } from '#infra/local/function-scope.ts';
import type { HttpLambda } from '#infra/local/http-gateway.ts';
import { type FunctionName, functions } from '#shared/manifest.ts';

const repoRoot = resolve(import.meta.dirname, '../..');

export type HandlerLoader = (name: string) => Promise<unknown>;

export function handlerLoader(): HandlerLoader {
  const handlers = new Map<string, Promise<unknown>>();
  return (name) => {
    let handler = handlers.get(name);
    if (!handler) {
      const fn = name as FunctionName;
      const imported = runAs(fn, () => import(pathToFileURL(join(repoRoot, functions[fn].entry)).href));
      handler = imported.then(
        ({ handler: run }: { handler: (...args: unknown[]) => unknown }) =>
          (...args: unknown[]) =>
            runAs(fn, () => run(...args)),
      );
      handlers.set(name, handler);
    }
    return handler;
  };
}

/** An HTTP function for a gateway, loaded on its first request. */
export const httpLambdaOf =
  (load: HandlerLoader) =>
  (name: string): HttpLambda =>
  async (event, context) =>
    ((await load(name)) as HttpLambda)(event, context);
