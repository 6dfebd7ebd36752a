// The PKCS#12 thread (pkcs12-worker.ts), started on first use and kept for the next container, which
// holds the process open only while a container is being read. Reading one costs up to several
// derivations at the iteration cap, each a tenth of a second or more of CPU: on this thread they held
// the event loop, at upload, at a per-submission PIN and at every transmission. From source the thread
// runs the module itself; in a function's bundle, the thread's own bundle built beside it
// (infra/constructs/steuerbote-function.ts), so that no function's bundle carries the container
// reader, its ASN.1 schemas or node-forge.

import type { KeyObject } from 'node:crypto';
import { basename } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Refused } from '#shared/certificates/container-reader.ts';
import type { X509Facts } from '#shared/certificates/x509-facts.ts';

/** The thread's source, and its bundle beside a function's. */
export const threadSource = 'shared/certificates/pkcs12-worker.ts';
export const threadBundle = 'pkcs12-worker.mjs';

/** What the thread is asked about a container: whether the PIN opens it, or its private key's certificate. */
export type Question = { container: Uint8Array; pin: string } & ({ op: 'pin' } | { op: 'leaf'; screenNames: boolean });

export type Request = Question & { id: number };

export interface Answer {
  id: number;
  result: Refused | { ok: true } | { ok: true; certificate: Uint8Array; key: KeyObject; facts: X509Facts };
}

let thread: Worker | undefined;
let nextId = 0;
/** Each container asked about by its ID: settled with its answer, or with none when the thread ended. */
const pending = new Map<number, (result: Answer['result'] | undefined) => void>();

function started(): Worker {
  if (thread) return thread;
  const bundled = !import.meta.url.endsWith('.ts');
  const worker = new Worker(new URL(bundled ? `./${threadBundle}` : `./${basename(threadSource)}`, import.meta.url));
  worker.on('message', ({ id, result }: Answer) => {
    pending.get(id)?.(result);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
  });
  // An error ends the thread; its exit settles what waits, and the next container starts another.
  worker.on('error', () => undefined);
  worker.on('exit', () => {
    thread = undefined;
    for (const settle of pending.values()) settle(undefined);
    pending.clear();
  });
  thread = worker;
  return worker;
}

/** Asks the thread about a copy of the container (the thread wipes it); throws when the thread ends first. */
export async function onThread(question: Question): Promise<Answer['result']> {
  const worker = started();
  const id = nextId++;
  const container = new Uint8Array(question.container);
  worker.ref();
  const result = await new Promise<Answer['result'] | undefined>((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ ...question, id, container } satisfies Request, [container.buffer]);
  });
  if (!result) throw new Error('the PKCS#12 thread ended before it answered');
  return result;
}
