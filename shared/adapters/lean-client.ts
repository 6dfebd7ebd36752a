// How every AWS SDK client of the service is built. Two of the SDK's defaults cost each call work
// that buys nothing here (BENCHMARKS.md, 2026-11-25, third part):
// - Without cacheMiddleware a client assembles a command's middleware chain anew on every call.
//   Nothing in the service adds middleware to a single call, so one chain per command type serves
//   them all. A call with options (an abort signal) still gets a chain of its own.
// - The logger middleware runs every input and output through the SDK's sensitive-data filter even
//   for the default logger, which drops the result. The service logs its own facts instead.

interface SdkClient {
  middlewareStack: { remove(name: string): boolean };
}

export const leanSettings = { cacheMiddleware: true } as const;

export function lean<C extends SdkClient>(client: C): C {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}
