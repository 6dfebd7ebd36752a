// libericapi.so through koffi: ERiC's single-instance API, loaded and initialised once per process
// and library, its calls serialised. EricBeende is left to the end of the process.
//
// Signatures as in ERiC's ericapi.h, quoted in the public bindings of quambene/eric-rs
// (eric-bindings/bindings/bindings_eric_40_1_8_0_linux_x86_64.rs, bindings_eric_44_2_4_0_…) and
// used by digitalservicebund/erica (erica/worker/pyeric/eric.py) and mpm/liberic-ruby
// (lib/liberic/sdk/api.rb):
//   int EricInitialisiere(const byteChar *pluginPfad, const byteChar *logPfad)
//   int EricVersion(EricRueckgabepufferHandle rueckgabeXmlPuffer)
//   EricRueckgabepufferHandle EricRueckgabepufferErzeugen(void)
//   const char *EricRueckgabepufferInhalt(EricRueckgabepufferHandle)
//   uint32_t EricRueckgabepufferLaenge(EricRueckgabepufferHandle)
//   int EricRueckgabepufferFreigeben(EricRueckgabepufferHandle)
//   int EricHoleFehlerText(int fehlerkode, EricRueckgabepufferHandle rueckgabePuffer)
//   int EricGetHandleToCertificate(EricZertifikatHandle *hToken, uint32_t *iInfoPinSupport, const byteChar *pathToKeystore)
//   int EricCloseHandleToCertificate(EricZertifikatHandle hToken)
// and from ERiC 43 on (ericapi.h of 43.2.6 in oluosiname/solobooks-eric-api, Linux-x86_64/include/;
// absent from that of 42.1.8):
//   int EricZertifikatOeffnenAusBytes(EricZertifikatHandle *hToken, const byteChar *pkcs12Container,
//                                     uint32_t containerGroesse, const byteChar *pkcs12Passwort)
//   int EricCreateTH(const char *xml, const char *verfahren, const char *datenart, const char *vorgang,
//                    const char *testmerker, const char *herstellerId, const char *datenLieferant,
//                    const char *versionClient, const byteChar *publicKey, EricRueckgabepufferHandle xmlRueckgabePuffer)
//   int EricBearbeiteVorgang(const char *datenpuffer, const char *datenartVersion, uint32_t bearbeitungsFlags,
//                            const eric_druck_parameter_t *druckParameter,
//                            const eric_verschluesselungs_parameter_t *cryptoParameter,
//                            EricTransferHandle *transferHandle,   (gone from ERiC 44 on)
//                            EricRueckgabepufferHandle rueckgabeXmlPuffer, EricRueckgabepufferHandle serverantwortXmlPuffer)
//   int EricGetErrormessagesFromXMLAnswer(const char *xml, EricRueckgabepufferHandle transferticketPuffer,
//                            EricRueckgabepufferHandle returncodeTHPuffer, EricRueckgabepufferHandle fehlertextTHPuffer,
//                            EricRueckgabepufferHandle returncodesUndFehlertexteNDHXmlPuffer)

import { chmodSync, existsSync, mkdtempSync, readdirSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LibraryHandle } from 'koffi';
import { ConfigError } from '#shared/config.ts';
import { parseXml, textOf, type XmlElement } from '#shared/xml/xml.ts';
import { koffi } from '#shared/eric/koffi.ts';
import { describeCode } from '#shared/eric/outcomes.ts';
import { structFamily, type StructFamily } from '#shared/eric/structs.ts';

/** eric_bearbeitung_flag_t */
export const ERIC_VALIDIERE = 1 << 1;
export const ERIC_SENDE = 1 << 2;
export const ERIC_DRUCKE = 1 << 5;

type Buffer_ = bigint;
type Fn = ((...args: unknown[]) => unknown) & { async: (...args: unknown[]) => void };
type TypeSpec = Parameters<ReturnType<typeof koffi>['sizeof']>[0];

const callAsync = <T>(fn: Fn, ...args: unknown[]) =>
  new Promise<T>((resolve, reject) => fn.async(...args, (error: unknown, result: T) => (error ? reject(error) : resolve(result))));

export interface TransferHeaderFields {
  verfahren: string;
  datenart: string;
  vorgang: string;
  /** Absent for a live submission. */
  testmerker?: string;
  herstellerId: string;
  datenLieferant: string;
}

/** The calls into one loaded ERiC; only ever used inside `EricLibrary.exclusive`. */
export interface EricCalls {
  readonly family: StructFamily;
  /** Creates return buffers for `work` and frees them however it ends. */
  withBuffers<T>(count: number, work: (buffers: Buffer_[]) => Promise<T>): Promise<T>;
  read(buffer: Buffer_): string;
  errorText(code: number): string;
  createTransferHeader(xml: string, fields: TransferHeaderFields, out: Buffer_): Promise<number>;
  openCertificate(path: string): Promise<{ code: number; handle: number }>;
  /** EricZertifikatOeffnenAusBytes: only ERiC 43 and later have it; older ones open certificates by path alone. */
  openCertificateFromBytes?: (pkcs12: Uint8Array, pin: string) => Promise<{ code: number; handle: number }>;
  closeCertificate(handle: number): number;
  bearbeiteVorgang(request: {
    xml: string;
    datenartVersion: string;
    flags: number;
    print: Record<string, unknown> | null;
    crypt: Record<string, unknown> | null;
    answer: Buffer_;
    serverAnswer: Buffer_;
    /** The Datenabholung's transfer handle, starting at 0, which ERiC fills in; none for every other Vorgang. ERiC 44 on has none. */
    transferHandle?: [number];
  }): Promise<number>;
  /** EricGetErrormessagesFromXMLAnswer: the transfer ticket, the TransferHeader's code and text, the NutzdatenHeaders' errors as XML. */
  errorMessages(serverAnswer: string): { transferTicket: string; code: string; text: string; nutzdatenErrors: string };
}

export interface EricLibrary {
  readonly path: string;
  /** The product version the library reports, e.g. `41.4.6.0`. */
  readonly version: string;
  readonly major: number;
  /**
   * Runs `work` once every earlier call has finished. ERiC's single-instance API is not
   * re-entrant: two calls at a time, even from koffi's worker threads, would corrupt it.
   */
  exclusive<T>(work: (calls: EricCalls) => Promise<T>): Promise<T>;
  /** Where ERiC writes eric.log, emptied after every call. */
  readonly logDir: string;
}

// One per library file and process: ERiC refuses a second EricInitialisiere, and the local
// runtime builds its functions afresh on every start within the same process.
const loaded = new Map<string, { library: EricLibrary } | { error: unknown }>();

/** Loads and initialises ERiC from ERIC_HOME on first use; throws a ConfigError naming the setting at fault. */
export function loadEric(home: string): EricLibrary {
  const path = join(home, 'libericapi.so');
  if (!existsSync(path)) throw new ConfigError(`ERIC_HOME has no libericapi.so: ${home}`);
  let entry = loaded.get(path);
  if (!entry) {
    try {
      entry = { library: load(home, path) };
    } catch (error) {
      entry = { error };
    }
    loaded.set(path, entry);
  }
  if ('error' in entry) throw entry.error;
  return entry.library;
}

function load(home: string, path: string): EricLibrary {
  const k = koffi();
  let lib: LibraryHandle;
  try {
    // ERiC loads its plugins itself; they resolve symbols of ERiC's libraries, hence global
    // (as erica does: CDLL(…, RTLD_GLOBAL)).
    lib = k.load(path, { global: true });
  } catch (error) {
    throw new ConfigError(`ERIC_HOME: libericapi.so cannot be loaded: ${error instanceof Error ? error.message : String(error)}`);
  }
  const fn = (name: string, result: TypeSpec, args: TypeSpec[]) => lib.func(name, result, args) as Fn;
  const bufferType = k.pointer(k.opaque());
  const initialise = fn('EricInitialisiere', 'int', ['const char *', 'const char *']);
  const version = fn('EricVersion', 'int', [bufferType]);
  const newBuffer = fn('EricRueckgabepufferErzeugen', bufferType, []);
  const content = fn('EricRueckgabepufferInhalt', 'const void *', [bufferType]);
  const length = fn('EricRueckgabepufferLaenge', 'uint32_t', [bufferType]);
  const freeBuffer = fn('EricRueckgabepufferFreigeben', 'int', [bufferType]);
  const errorText = fn('EricHoleFehlerText', 'int', ['int', bufferType]);
  const str = 'const char *';
  const createTH = fn('EricCreateTH', 'int', [str, str, str, str, str, str, str, str, str, bufferType]);
  const openCertificate = fn('EricGetHandleToCertificate', 'int', [k.out(k.pointer('uint32_t')), k.out(k.pointer('uint32_t')), 'const char *']);
  const closeCertificate = fn('EricCloseHandleToCertificate', 'int', ['uint32_t']);
  const errorMessages = fn('EricGetErrormessagesFromXMLAnswer', 'int', ['const char *', bufferType, bufferType, bufferType, bufferType]);

  const read = (buffer: Buffer_): string => {
    const size = length(buffer) as number;
    return size === 0 ? '' : Buffer.from(k.view(content(buffer), size)).toString('utf8');
  };
  const allocate = (count: number): Buffer_[] => {
    const buffers: Buffer_[] = [];
    for (let i = 0; i < count; i++) {
      const buffer = newBuffer() as Buffer_ | null;
      if (!buffer) {
        release(buffers);
        throw new Error('ERiC could not create a return buffer');
      }
      buffers.push(buffer);
    }
    return buffers;
  };
  const release = (buffers: Buffer_[]) => {
    for (const buffer of buffers) freeBuffer(buffer);
  };
  const withBuffersSync = <T>(count: number, work: (buffers: Buffer_[]) => T): T => {
    const buffers = allocate(count);
    try {
      return work(buffers);
    } finally {
      release(buffers);
    }
  };
  const textFor = (code: number) => withBuffersSync(1, ([buffer]) => (errorText(code, buffer) === 0 ? read(buffer!) : '') || describeCode(code).name);

  // ERiC writes eric.log here; it may hold tax data, so only this process's user may read it, and
  // it is emptied after every call (`exclusive`) rather than left to grow in /tmp for the container's life.
  const logDir = mkdtempSync(join(tmpdir(), 'steuerbote-eric-log-'));
  chmodSync(logDir, 0o700);
  // The ERiC packages keep their plugins beside the library: in plugins2 up to ERiC 42, in plugins from 43 on.
  const pluginDir = ['plugins2', 'plugins'].map((folder) => join(home, folder)).find((dir) => existsSync(dir)) ?? home;
  const started = initialise(pluginDir, logDir) as number;
  if (started !== 0) throw new ConfigError(`ERIC_HOME: ERiC did not start (${started} ${describeCode(started).name}): ${textFor(started)}`);
  const reported = withBuffersSync(1, ([buffer]) => (version(buffer) === 0 ? read(buffer!) : ''));
  const productVersion = libraryVersion(reported);
  if (!productVersion) throw new ConfigError(`ERIC_HOME: libericapi.so did not report its version`);
  const major = Number(productVersion.split('.')[0]);
  const family = structFamily(major, 'libericapi.so in ERIC_HOME');

  const fromBytes =
    major >= 43 ? fn('EricZertifikatOeffnenAusBytes', 'int', [k.out(k.pointer('uint32_t')), 'const void *', 'uint32_t', 'const char *']) : undefined;

  const bearbeite = fn('EricBearbeiteVorgang', 'int', [
    'const char *',
    'const char *',
    'uint32_t',
    k.pointer(family.druck),
    k.pointer(family.crypt),
    ...(family.transferHandle ? [k.inout(k.pointer('uint32_t'))] : []),
    bufferType,
    bufferType,
  ]);

  const calls: EricCalls = {
    family,
    async withBuffers(count, work) {
      const buffers = allocate(count);
      try {
        return await work(buffers);
      } finally {
        release(buffers);
      }
    },
    read,
    errorText: textFor,
    createTransferHeader: (xml, f, out) =>
      callAsync(createTH, xml, f.verfahren, f.datenart, f.vorgang, f.testmerker ?? null, f.herstellerId, f.datenLieferant, null, null, out),
    async openCertificate(certificatePath) {
      const handle = [0];
      const code = await callAsync<number>(openCertificate, handle, [0], certificatePath);
      return { code, handle: handle[0]! };
    },
    ...(fromBytes && {
      async openCertificateFromBytes(pkcs12, pin) {
        const handle = [0];
        const code = await callAsync<number>(fromBytes, handle, pkcs12, pkcs12.length, pin);
        return { code, handle: handle[0]! };
      },
    }),
    closeCertificate: (handle) => closeCertificate(handle) as number,
    bearbeiteVorgang: (r) =>
      callAsync(
        bearbeite,
        r.xml,
        r.datenartVersion,
        r.flags,
        r.print,
        r.crypt,
        ...(family.transferHandle ? [r.transferHandle ?? null] : []),
        r.answer,
        r.serverAnswer,
      ),
    errorMessages: (serverAnswer) =>
      withBuffersSync(4, (buffers) => {
        const [ticket, code, text, nutzdaten] = buffers as [Buffer_, Buffer_, Buffer_, Buffer_];
        const result = errorMessages(serverAnswer, ticket, code, text, nutzdaten) as number;
        if (result !== 0) return { transferTicket: '', code: '', text: '', nutzdatenErrors: '' };
        return { transferTicket: read(ticket), code: read(code), text: read(text), nutzdatenErrors: read(nutzdaten) };
      }),
  };

  let tail: Promise<unknown> = Promise.resolve();
  return {
    path,
    version: productVersion,
    major,
    logDir,
    exclusive(work) {
      const run = tail.then(() => work(calls)).finally(() => emptyLogs(logDir));
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/**
 * Truncates ERiC's log files, never removes them: ERiC may hold one open, and a removed file it still
 * writes to would keep its space, and its content, until the process ends.
 */
export function emptyLogs(logDir: string): void {
  for (const name of readdirSync(logDir)) truncateSync(join(logDir, name), 0);
}

/**
 * The product version of libericapi in EricVersion's answer, `41.4.6.0` (ERiC writes it
 * comma-separated, "41, 4, 6, 0", as mpm/liberic-ruby lib/liberic/response/version.rb reads it).
 */
export function libraryVersion(xml: string): string | undefined {
  const parsed = parseXml(xml);
  if (!parsed.ok) return undefined;
  const libraries = [parsed.element.Bibliothek ?? []].flat() as XmlElement[];
  const eric = libraries.find((library) => /^(lib)?ericapi\b/i.test(textOf(library.Name) ?? ''));
  const version = textOf(eric?.Produktversion)
    ?.split(',')
    .map((part) => part.trim())
    .join('.');
  return version && /^\d+(\.\d+)*$/.test(version) ? version : undefined;
}
