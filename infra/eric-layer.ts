// ERiC as a Lambda layer: built from ERiC's Linux x86-64 download (`npm run eric:layer`, in
// infra/cli/eric-layer.ts) as a folder and a zip beside it, holding the libraries under `eric/`,
// which Lambda unpacks to /opt/eric; and checked when a stage takes it (`-c ericLayer=…`, docs/eric.md).

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync, zipSync, type Unzipped } from 'fflate';

/** ERIC_HOME on Lambda: a layer's folders land below /opt. */
export const ericHome = '/opt/eric';
export const layerFolder = 'eric';
const library = 'libericapi.so';
/** Lambda's limit for a function's code and all its layers, unpacked. */
export const lambdaUnpackedLimit = 250 * 1024 * 1024;

/**
 * Refuses a layer (a folder or zip, as this command writes them) without an x86-64 `eric/libericapi.so`,
 * so a wrong path fails the synth rather than the first transmission.
 */
export function assertEricLayer(source: string): void {
  if (!existsSync(source)) throw new Error(`ERiC layer ${source} does not exist; build it with npm run eric:layer`);
  const libraryPath = `${layerFolder}/${library}`;
  const bytes = statSync(source).isDirectory()
    ? readIfExists(path.join(source, libraryPath))
    : readArchive(source, (name) => name === libraryPath)[libraryPath];
  if (!bytes) throw new Error(`ERiC layer ${source} holds no ${libraryPath}; build it with npm run eric:layer`);
  assertX8664(bytes, `${libraryPath} in ${source}`);
}

/** Writes `<out>/eric/…` and `<out>.zip` from ERiC's download; returns what it wrote. */
export function buildEricLayer(archive: string, out: string): { zip: string; files: number; bytes: number } {
  const names: string[] = [];
  readArchive(archive, (name) => {
    names.push(name);
    return false;
  });
  const root = libraryFolder(names, archive);
  const unpacked = readArchive(archive, (name) => name.startsWith(root) && !name.endsWith('/'));
  assertX8664(unpacked[root + library]!, `${library} in ${archive}`);

  const layer: Record<string, Uint8Array> = {};
  for (const [name, bytes] of Object.entries(unpacked).sort(([a], [b]) => a.localeCompare(b))) {
    const relative = name.slice(root.length);
    if (relative.split('/').includes('..')) throw new Error(`${archive} names a file outside its folder: ${name}`);
    layer[`${layerFolder}/${relative}`] = bytes;
  }

  // Only a folder this command wrote before is replaced, so a mistyped --out never loses anything else.
  if (existsSync(out) && readdirSync(out).some((entry) => entry !== layerFolder)) {
    throw new Error(`--out ${out} holds more than an ERiC layer; choose a new folder`);
  }
  rmSync(path.join(out, layerFolder), { recursive: true, force: true });
  for (const [name, bytes] of Object.entries(layer)) {
    mkdirSync(path.dirname(path.join(out, name)), { recursive: true });
    writeFileSync(path.join(out, name), bytes);
  }
  const zip = `${path.resolve(out)}.zip`;
  // Readable by all (Lambda runs as another user than the one that unpacks), and dated alike on
  // every run, so the same ERiC makes the same zip and CDK does not publish a new layer version.
  writeFileSync(zip, zipSync(layer, { os: 3, attrs: 0o644 << 16, mtime: new Date(2000, 0, 1) }));
  return { zip, files: Object.keys(layer).length, bytes: Object.values(layer).reduce((sum, bytes) => sum + bytes.length, 0) };
}

/**
 * ERiC's Linux download keeps the libraries in `ERiC-<version>/Linux-x86_64/lib/`, the plugins in
 * `plugins2/` (or `plugins/` in newer releases) below it; the whole folder goes into the layer.
 */
function libraryFolder(names: string[], archive: string): string {
  const found = names.filter((name) => path.posix.basename(name) === library);
  const candidates = found.length > 1 ? found.filter((name) => name.includes('Linux-x86_64/')) : found;
  if (candidates.length === 0) throw new Error(`${archive} holds no ${library}: download ERiC for Linux x86-64`);
  if (candidates.length > 1) throw new Error(`${archive} holds ${library} more than once: ${candidates.join(', ')}`);
  const folder = path.posix.dirname(candidates[0]!);
  return folder === '.' ? '' : `${folder}/`;
}

const elfMachines: Record<number, string> = { 3: 'x86 (32-bit)', 40: 'ARM (32-bit)', 62: 'x86-64', 183: 'aarch64' };

/** Lambda runs the ERiC functions on x86-64. ELF header: magic, class (2: 64-bit) at 4, machine at 18. */
function assertX8664(bytes: Uint8Array, name: string): void {
  const isElf = bytes.length >= 64 && bytes[0] === 0x7f && bytes[1] === 0x45 && bytes[2] === 0x4c && bytes[3] === 0x46;
  if (!isElf) throw new Error(`${name} is not a Linux library (no ELF header): download ERiC for Linux x86-64`);
  const machine = bytes[18]! | (bytes[19]! << 8);
  if (bytes[4] !== 2 || machine !== 62) {
    throw new Error(`${name} is built for ${elfMachines[machine] ?? `ELF machine ${machine}`}, not x86-64: download ERiC for Linux x86-64`);
  }
}

/** The entries `keep` accepts, unpacked; `keep` sees every name, so it can list them too. */
function readArchive(archive: string, keep: (name: string) => boolean): Unzipped {
  const bytes = readIfExists(archive);
  if (!bytes) throw new Error(`${archive} does not exist`);
  try {
    return unzipSync(bytes, { filter: (file) => keep(file.name) });
  } catch (error) {
    throw new Error(`${archive} is not a readable zip archive (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
}

function readIfExists(file: string): Uint8Array | undefined {
  return existsSync(file) && statSync(file).isFile() ? readFileSync(file) : undefined;
}
