// What tests need to work with the ERiC test double: where a family's build lives, the secrets it
// accepts, and the counters it keeps about how it was called.

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import koffi from 'koffi';
import { inject } from 'vitest';
import type { DoubleMajor } from '#test/eric-double/build.ts';

/** TEST_PIN in ericapi.c: for a container no test registered, any other PIN is refused as ERIC_CRYPT_E_PIN_WRONG. */
export const doublePin = '123456';

/** ERIC_HOME of the double built for `major`'s struct family. */
export const ericDoubleHome = (major: DoubleMajor) => inject('ericDoubleHomes')[major];

/** The stage's certificate as the double sees it: a file it can read, opened with `doublePin`. */
export async function doubleCertificate(): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'steuerbote-eric-cert-')), 'test-double-certificate.pfx');
  await writeFile(path, 'not a certificate: read by the ERiC test double only\n', { mode: 0o600 });
  return path;
}

export interface DoubleCounters {
  /** Transmissions that got as far as the (simulated) server. */
  sends(): number;
  openBuffers(): number;
  openCertificates(): number;
  /** Calls that arrived while another was still running. */
  reentries(): number;
  /** From now on `container` opens with `pin` alone. */
  registerCertificate(container: Uint8Array, pin: string): void;
  /** The sends signed with `container`, once registered. */
  sendsWith(container: Uint8Array): number;
}

/** The double's test-only counters, read from the same loaded library the adapter uses. */
export function doubleCounters(home: string): DoubleCounters {
  const lib = koffi.load(join(home, 'libericapi.so'), { global: true });
  const counter = (name: string) => lib.func(name, 'int', []) as () => number;
  const register = lib.func('EricDoubleRegisterCertificate', 'int', ['const void *', 'uint32_t', 'const char *']) as (...args: unknown[]) => number;
  const sendsWith = lib.func('EricDoubleSendsWith', 'int', ['const void *', 'uint32_t']) as (...args: unknown[]) => number;
  return {
    sends: counter('EricDoubleSends'),
    openBuffers: counter('EricDoubleOpenBuffers'),
    openCertificates: counter('EricDoubleOpenCertificates'),
    reentries: counter('EricDoubleReentries'),
    registerCertificate(container, pin) {
      const code = register(container, container.length, pin);
      if (code !== 0) throw new Error(`the ERiC double did not register the certificate (${code})`);
    },
    sendsWith: (container) => sendsWith(container, container.length),
  };
}
