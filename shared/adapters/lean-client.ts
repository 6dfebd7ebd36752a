// How every AWS SDK client of the service is built. Without cacheMiddleware a client assembles a
// command's middleware chain anew on every call (BENCHMARKS.md, 2026-11-25, third part). Nothing in
// the service adds middleware to a single call, so one chain per command type serves them all. A
// call with options (an abort signal) still gets a chain of its own.

export const leanSettings = { cacheMiddleware: true } as const;
