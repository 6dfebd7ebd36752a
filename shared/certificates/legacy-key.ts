// A shrouded key under PKCS#12's own encryption (3DES with the SHA-1 derivation of RFC 7292
// appendix C) is derived and decrypted by OpenSSL in one synchronous call, about 20 ms at the
// iteration cap: four such keys in one container held the event loop for 0.1 s, at upload and at
// every transmission. So that call runs on a thread of its own, started on first use and kept for the
// next, which holds the process open only while a key is being decrypted. Its source is a string, so
// that a function's bundle needs no second entry.

import { createPrivateKey, type KeyObject } from 'node:crypto';
import { Worker } from 'node:worker_threads';

const source = `
const { parentPort } = require('node:worker_threads');
const { createPrivateKey } = require('node:crypto');
parentPort.on('message', ({ id, info, pin }) => {
  let der;
  try {
    const exported = createPrivateKey({ key: Buffer.from(info), format: 'der', type: 'pkcs8', passphrase: pin }).export({ format: 'der', type: 'pkcs8' });
    der = new Uint8Array(exported);
    exported.fill(0);
  } catch {
    parentPort.postMessage({ id });
    return;
  }
  parentPort.postMessage({ id, der }, [der.buffer]);
});
`;

let thread: Worker | undefined;
let nextId = 0;
/** Each key asked for by its ID: settled with its PKCS#8 DER, or with none when it did not decrypt or the thread ended. */
const pending = new Map<number, (der: Uint8Array | undefined) => void>();

function started(): Worker {
  if (thread) return thread;
  const worker = new Worker(source, { eval: true });
  worker.on('message', ({ id, der }: { id: number; der?: Uint8Array }) => {
    pending.get(id)?.(der);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
  });
  // An error ends the thread; its exit settles what waits, and the next key starts another.
  worker.on('error', () => undefined);
  worker.on('exit', () => {
    thread = undefined;
    for (const settle of pending.values()) settle(undefined);
    pending.clear();
  });
  thread = worker;
  return worker;
}

/** The private key of an EncryptedPrivateKeyInfo under PKCS#12's own encryption, decrypted with the PIN off the event loop. Throws when it does not decrypt. */
export async function legacyKey(info: Uint8Array, pin: string): Promise<KeyObject> {
  const worker = started();
  const id = nextId++;
  const copy = new Uint8Array(info);
  worker.ref();
  const der = await new Promise<Uint8Array | undefined>((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ id, info: copy, pin }, [copy.buffer]);
  });
  if (!der) throw new Error('the key does not decrypt with this PIN');
  try {
    return createPrivateKey({ key: Buffer.from(der.buffer, der.byteOffset, der.byteLength), format: 'der', type: 'pkcs8' });
  } finally {
    der.fill(0);
  }
}
