// What tests need to work with the ERiC test double: where a family's build lives, the secrets it
// accepts, and the counters it keeps about how it was called.

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import koffi from 'koffi';
import { inject } from 'vitest';
import type { DoubleMajor } from '#test/eric-double/build.ts';

/** TEST_PIN in ericapi.c: any other PIN is refused as ERIC_CRYPT_E_PIN_WRONG. */
export const doublePin = '123456';

/** ERIC_HOME of the double built for `major`'s struct family. */
export const ericDoubleHome = (major: DoubleMajor) => inject('ericDoubleHomes')[major];

/** The double only checks that the certificate file exists and can be read. */
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
}

/** The double's test-only counters, read from the same loaded library the adapter uses. */
export function doubleCounters(home: string): DoubleCounters {
  const lib = koffi.load(join(home, 'libericapi.so'), { global: true });
  const counter = (name: string) => lib.func(name, 'int', []) as () => number;
  return {
    sends: counter('EricDoubleSends'),
    openBuffers: counter('EricDoubleOpenBuffers'),
    openCertificates: counter('EricDoubleOpenCertificates'),
    reentries: counter('EricDoubleReentries'),
  };
}
