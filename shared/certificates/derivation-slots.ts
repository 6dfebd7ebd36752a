// Reading a container derives keys from a PIN, the costliest work a request can ask of steuerbote. It
// runs on one PKCS#12 thread (pkcs12-thread.ts), which takes one container after the other; so one
// process asks it about two containers at a time at most, and the rest wait their turn here, costing
// nothing meanwhile (no copy of their container is queued on the thread). On AWS one instance serves
// one request at a time and never waits here; the local runtime serves every client in one process.

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
