// Stand-ins for ERiC's Linux download, for the layer command and the stage tests: the real one is
// licensed to registered developers and not part of the project.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { buildEricLayer } from '#infra/eric-layer.ts';

export const elfMachine = { x8664: 62, aarch64: 183 } as const;

/** The 64-byte header of a 64-bit little-endian ELF shared library for `machine`: all a check reads. */
export function elfLibrary(machine: number): Uint8Array {
  const header = new Uint8Array(64);
  header.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]);
  header[16] = 3; // ET_DYN
  new DataView(header.buffer).setUint16(18, machine, true);
  return header;
}

/** ERiC's archive as ELSTER lays it out: `ERiC-<version>/Linux-x86_64/lib/` with the plugins below, and more beside. */
export function ericDownload(machine: number = elfMachine.x8664, { withLibrary = true } = {}): Uint8Array {
  const lib = 'ERiC-41.2.10.0/Linux-x86_64/lib/';
  return zipSync({
    ...(withLibrary ? { [`${lib}libericapi.so`]: elfLibrary(machine) } : {}),
    [`${lib}libericxerces.so`]: elfLibrary(machine),
    [`${lib}plugins2/libcheckUStVA_2026.so`]: elfLibrary(machine),
    'ERiC-41.2.10.0/Linux-x86_64/include/ericapi.h': new TextEncoder().encode('/* header */'),
    'ERiC-41.2.10.0/Dokumentation/Liesmich.txt': new TextEncoder().encode('Dokumentation'),
  });
}

const dirs: string[] = [];

/** A fresh folder holding `download.jar`, made from `archive`; removed by `removeTempDirs`. */
export function tempDirWith(archive: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'steuerbote-eric-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'download.jar'), archive);
  return dir;
}

/** A layer folder and zip as `npm run eric:layer` writes them, and the download they come from. */
export function builtEricLayer(): { folder: string; zip: string; download: string } {
  const download = path.join(tempDirWith(ericDownload()), 'download.jar');
  const folder = path.join(path.dirname(download), 'layer');
  return { folder, zip: buildEricLayer(download, folder).zip, download };
}

export function removeTempDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
