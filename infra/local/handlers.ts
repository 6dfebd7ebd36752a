// The manifest's functions as the local runtime calls them: each entry imported when first called,
// once per thread, as Lambda loads a function in each of its containers.

import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HttpLambda } from '#infra/local/http-gateway.ts';
import { type FunctionName, functions } from '#shared/manifest.ts';

const repoRoot = resolve(import.meta.dirname, '../..');

export type HandlerLoader = (name: string) => Promise<unknown>;

export function handlerLoader(): HandlerLoader {
  const handlers = new Map<string, Promise<unknown>>();
  return (name) => {
    let handler = handlers.get(name);
    if (!handler) {
      const { entry } = functions[name as FunctionName];
      handlers.set(name, (handler = import(pathToFileURL(join(repoRoot, entry)).href).then((module: { handler: unknown }) => module.handler)));
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
