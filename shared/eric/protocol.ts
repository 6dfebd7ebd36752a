// Where ERiC puts the PDF protocol of a transmission: a callback, where the ERiC version has one,
// or else a file in a directory only this process's user can enter, read and removed afterwards.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { koffi } from '#shared/eric/koffi.ts';
import type { StructFamily } from '#shared/eric/structs.ts';

export interface ProtocolTarget {
  /** eric_druck_parameter_t for EricBearbeiteVorgang. */
  parameters: Record<string, unknown>;
  /** The PDF ERiC produced, if it produced one. */
  take(): Promise<Uint8Array | undefined>;
  dispose(): Promise<void>;
}

export async function protocolTarget(family: StructFamily): Promise<ProtocolTarget> {
  if (family.pdfByCallback) {
    let pdf: Uint8Array | undefined;
    // ERiC calls back from the worker thread of the asynchronous call; koffi runs this on the main
    // thread meanwhile, which is free because it only awaits that call. The bytes are ERiC's until
    // the callback returns, so they are copied.
    const k = koffi();
    const callback = k.register((_name: string, data: bigint, size: number) => {
      pdf = new Uint8Array(k.view(data, size).slice(0));
      return 0;
    }, k.pointer(family.pdfCallback));
    return {
      parameters: family.printParameters({ callback }),
      take: async () => pdf,
      dispose: async () => k.unregister(callback),
    };
  }
  // mkdtemp creates the directory with mode 0700.
  const directory = await mkdtemp(join(tmpdir(), 'steuerbote-eric-pdf-'));
  const pdfName = join(directory, 'protocol.pdf');
  return {
    parameters: family.printParameters({ pdfName }),
    take: () =>
      readFile(pdfName).then(
        (bytes) => new Uint8Array(bytes),
        () => undefined,
      ),
    dispose: () => rm(directory, { recursive: true, force: true }),
  };
}
