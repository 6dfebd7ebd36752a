// Deriving keys from a PIN is the costliest work a request can ask of steuerbote, and PBKDF2 runs on
// libuv's thread pool, whose threads (four unless UV_THREADPOOL_SIZE says otherwise) every other
// request's file, DNS and zlib work shares. So one process opens at most two containers at a time:
// whatever else it serves always finds threads free, and main-thread derivation (pkcs12-mac.ts) is
// shared by two at most. The rest wait their turn, costing nothing meanwhile. On AWS one instance
// serves one request at a time and never waits here; the local runtime serves every client in one
// process.

/** Containers opened at once in one process, at most. */
export const maxDerivations = 2;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work`, which derives keys from a PIN, once fewer than `maxDerivations` others do. */
export async function deriving<T>(work: () => Promise<T>): Promise<T> {
  if (running < maxDerivations) running++;
  // A slot that ends is handed to the next waiting directly, so `running` counts it throughout.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
