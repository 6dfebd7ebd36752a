// The PKCS#12 thread: every container is read, its MAC checked and its keys derived and decrypted
// here, off the event loop that serves requests. A derivation at the iteration cap holds this thread
// for a tenth of a second or more (node-forge's, legacy-pbe.ts), a legacy key about 20 ms
// (OpenSSL's); the main thread meanwhile only waits (pkcs12-thread.ts). What it hands back: the
// refusal, or the certificate's DER, its private key as a KeyObject and what the certificate says.

import { parentPort } from 'node:worker_threads';
import { macParts, macVerifies } from '#shared/certificates/container-mac.ts';
import { readLeaf, type Refused } from '#shared/certificates/container-reader.ts';
import { invalid, wrongPin } from '#shared/certificates/pkcs12-limits.ts';
import type { Answer, Request } from '#shared/certificates/pkcs12-thread.ts';
import type { X509Facts } from '#shared/certificates/x509-facts.ts';
import { nameProblems } from '#shared/domain/certificate.ts';

/** A container none of whose certificates has names short enough to keep is refused before any key is decrypted. */
function namesRefusal(facts: X509Facts[]): Refused | undefined {
  const problems = facts.map((one) => nameProblems(one)[0]);
  const [first] = problems;
  return first && problems.every(Boolean) ? { ok: false, ...first } : undefined;
}

function answer(request: Request): Answer['result'] {
  if (request.op === 'pin') {
    const parts = macParts(request.container);
    if ('ok' in parts) return parts;
    return macVerifies(parts, request.pin) ? { ok: true } : wrongPin;
  }
  const leaf = readLeaf(request.container, request.pin, request.screenNames ? namesRefusal : undefined);
  return leaf.ok ? { ok: true, certificate: new Uint8Array(leaf.certificate.raw), key: leaf.key, facts: leaf.facts } : leaf;
}

parentPort?.on('message', (request: Request) => {
  let result: Answer['result'];
  try {
    result = answer(request);
  } catch {
    result = invalid('is not a PKCS#12 container that can be read');
  } finally {
    request.container.fill(0);
  }
  parentPort?.postMessage({ id: request.id, result } satisfies Answer);
});
