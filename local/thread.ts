// A part of the local runtime on a worker thread of its own: the stand-ins, a third to a half of the
// runtime's work, which on one thread left the second core idle while the gateways and the functions
// waited, and the example receiver (BENCHMARKS.md, 2026-11-25). A thread, not a process, so that a
// runtime killed with SIGKILL takes every part with it and leaves nothing listening behind.

import { parentPort, SHARE_ENV, Worker, workerData, type Transferable } from 'node:worker_threads';

type FromThread<T> = { ready: T } | { stopped: true };

export interface Thread<T> {
  /** What the thread said when it was ready (the stand-ins: their endpoints). */
  ready: T;
  /** For measuring it: its event loop, a CPU profile. */
  worker: Worker;
  /** Settles only if the thread ends without being asked to stop (an uncaught error kills it). */
  ended: Promise<void>;
  stop(): Promise<void>;
}

/** Starts `entry` (a module that calls `serveThread`) and waits until it is ready or has failed to start; `transferList` moves ports in `data` to it. */
export function startThread<T>(entry: URL, data: unknown, onError: (error: Error) => void, transferList: Transferable[] = []): Promise<Thread<T>> {
  // One environment for all threads: what the main thread sets after the start reaches the thread too.
  const worker = new Worker(entry, { workerData: data, transferList, env: SHARE_ENV, execArgv: ['--disable-warning=ExperimentalWarning'] });
  const exited = new Promise<void>((done) => worker.once('exit', () => done()));
  return new Promise((resolve, reject) => {
    let started = false;
    let stopping = false;
    const ended = exited.then(() => (stopping ? new Promise<void>(() => {}) : undefined));
    const stopped = new Promise<void>((done) => worker.on('message', (message: FromThread<T>) => ('stopped' in message ? done() : undefined)));
    const stop = async () => {
      stopping = true;
      worker.postMessage('stop');
      // A thread that has died already has nothing left to stop.
      await Promise.race([stopped, exited]);
      await worker.terminate();
    };
    worker.on('message', (message: FromThread<T>) => {
      if (!('ready' in message)) return;
      started = true;
      resolve({ ready: message.ready, worker, ended, stop });
    });
    worker.on('error', (error) => (started ? onError(error) : reject(error)));
    void exited.then(() => started || reject(new Error(`${entry.pathname} ended before it was ready`)));
  });
}

/** The thread's side: starts its part, tells the main thread, and stops the part when asked. */
export async function serveThread<D, T>(start: (data: D) => Promise<{ ready: T; stop(): Promise<void> }>): Promise<void> {
  const port = parentPort!;
  const part = await start(workerData as D);
  port.on('message', async (message) => {
    if (message !== 'stop') return;
    await part.stop();
    port.postMessage({ stopped: true } satisfies FromThread<T>);
  });
  port.postMessage({ ready: part.ready } satisfies FromThread<T>);
}
