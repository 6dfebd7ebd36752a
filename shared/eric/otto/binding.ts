// libotto.so through koffi: Otto's functions for a streaming download, and one Otto instance per
// process and library, kept for the life of the container (Otto's documentation asks for an instance
// per worker, not per task). An instance must never be used by two threads at once, so its calls,
// each run on one of koffi's worker threads, wait for one another.
//
// Signatures as otto.h of ERiC 43.2.6 declares them (docs/sources.md), handles as opaque pointers:
//   OttoStatusCode OttoInstanzErzeugen(const byteChar *logPfad, OttoLogCallback logCallback,
//                                      void *logCallbackBenutzerdaten, OttoInstanzHandle *instanz)
//   OttoStatusCode OttoInstanzFreigeben(OttoInstanzHandle instanz)
//   OttoStatusCode OttoZertifikatOeffnen(OttoInstanzHandle instanz, const byteChar *zertifikatsPfad,
//                                        const byteChar *zertifikatsPasswort, OttoZertifikatHandle *zertifikat)
//   OttoStatusCode OttoZertifikatOeffnenAusBytes(OttoInstanzHandle instanz, const byteChar *pkcs12Container,
//                                        uint32_t containerGroesse, const byteChar *zertifikatsPasswort,
//                                        OttoZertifikatHandle *zertifikat)           (from 43 on)
//   OttoStatusCode OttoZertifikatSchliessen(OttoZertifikatHandle zertifikat)
//   OttoStatusCode OttoRueckgabepufferErzeugen(OttoInstanzHandle instanz, OttoRueckgabepufferHandle *rueckgabepuffer)
//   uint64_t OttoRueckgabepufferGroesse(OttoRueckgabepufferHandle rueckgabepuffer)
//   const byteChar *OttoRueckgabepufferInhalt(OttoRueckgabepufferHandle rueckgabepuffer)
//   OttoStatusCode OttoRueckgabepufferFreigeben(OttoRueckgabepufferHandle rueckgabepuffer)
//   OttoStatusCode OttoEmpfangBeginnen(OttoInstanzHandle instanz, const byteChar *objektId,
//                                      OttoZertifikatHandle zertifikat, const byteChar *herstellerId,
//                                      OttoEmpfangHandle *empfang)
//   OttoStatusCode OttoEmpfangFortsetzen(OttoEmpfangHandle empfang, OttoRueckgabepufferHandle datenBlock)
//   OttoStatusCode OttoEmpfangBeenden(OttoEmpfangHandle empfang)
//   const char *OttoHoleFehlertext(OttoStatusCode statuscode)

import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '#shared/config.ts';
import { koffi } from '#shared/eric/koffi.ts';
import { emptyLogs } from '#shared/eric/library.ts';
import { ottoCodeName } from '#shared/eric/otto/codes.ts';

/** An opaque handle of Otto's: an instance, a certificate, a return buffer, a download. */
export type OttoHandle = object;
type Fn = ((...args: unknown[]) => unknown) & { async: (...args: unknown[]) => void };

export interface OttoFunctions {
  readonly path: string;
  createInstance(logDir: string): { code: number; handle: OttoHandle };
  freeInstance(instance: OttoHandle): Promise<number>;
  openCertificate(instance: OttoHandle, path: string, pin: string): Promise<{ code: number; handle: OttoHandle }>;
  /** Absent from Otto before ERiC 43, which opens certificates by path alone. */
  openCertificateFromBytes?: (instance: OttoHandle, pkcs12: Uint8Array, pin: string) => Promise<{ code: number; handle: OttoHandle }>;
  closeCertificate(certificate: OttoHandle): Promise<number>;
  createBuffer(instance: OttoHandle): Promise<{ code: number; handle: OttoHandle }>;
  /** A copy of the buffer's bytes (`Groesse` of them: binary blocks may hold NULs), so Otto may reuse the buffer. */
  read(buffer: OttoHandle): Uint8Array;
  freeBuffer(buffer: OttoHandle): Promise<number>;
  beginReceipt(instance: OttoHandle, objectId: string, certificate: OttoHandle, herstellerId: string): Promise<{ code: number; handle: OttoHandle }>;
  continueReceipt(receipt: OttoHandle, block: OttoHandle): Promise<number>;
  endReceipt(receipt: OttoHandle): Promise<number>;
  errorText(code: number): string;
}

const callAsync = <T>(fn: Fn, ...args: unknown[]) =>
  new Promise<T>((resolve, reject) => fn.async(...args, (error: unknown, result: T) => (error ? reject(error) : resolve(result))));

/** Binds libotto.so at `path`; throws a ConfigError when it is missing or lacks a function. */
export function bindOtto(path: string): OttoFunctions {
  const k = koffi();
  let lib: ReturnType<typeof k.load>;
  try {
    lib = k.load(path);
  } catch (error) {
    throw new ConfigError(`OTTO_HOME: libotto.so cannot be loaded: ${error instanceof Error ? error.message : String(error)}`);
  }
  const fn = (name: string, result: Parameters<typeof k.sizeof>[0], args: Parameters<typeof k.sizeof>[0][]) => lib.func(name, result, args) as Fn;
  const handle = k.pointer(k.opaque());
  const out = k.out(k.pointer(handle));
  const str = 'const char *';
  const createInstance = fn('OttoInstanzErzeugen', 'int', [str, 'void *', 'void *', out]);
  const freeInstance = fn('OttoInstanzFreigeben', 'int', [handle]);
  const openCertificate = fn('OttoZertifikatOeffnen', 'int', [handle, str, str, out]);
  const closeCertificate = fn('OttoZertifikatSchliessen', 'int', [handle]);
  const createBuffer = fn('OttoRueckgabepufferErzeugen', 'int', [handle, out]);
  const size = fn('OttoRueckgabepufferGroesse', 'uint64_t', [handle]);
  const content = fn('OttoRueckgabepufferInhalt', 'const void *', [handle]);
  const freeBuffer = fn('OttoRueckgabepufferFreigeben', 'int', [handle]);
  const begin = fn('OttoEmpfangBeginnen', 'int', [handle, str, handle, str, out]);
  const next = fn('OttoEmpfangFortsetzen', 'int', [handle, handle]);
  const end = fn('OttoEmpfangBeenden', 'int', [handle]);
  const errorText = fn('OttoHoleFehlertext', str, ['int']);
  let fromBytes: Fn | undefined;
  try {
    fromBytes = fn('OttoZertifikatOeffnenAusBytes', 'int', [handle, 'const void *', 'uint32_t', str, out]);
  } catch {
    fromBytes = undefined;
  }

  const opened = async (call: Promise<number>, slot: [OttoHandle | null]) => ({ code: await call, handle: slot[0]! });
  return {
    path,
    createInstance(logDir) {
      const slot: [OttoHandle | null] = [null];
      return { code: createInstance(logDir, null, null, slot) as number, handle: slot[0]! };
    },
    freeInstance: (instance) => callAsync(freeInstance, instance),
    openCertificate(instance, certificatePath, pin) {
      const slot: [OttoHandle | null] = [null];
      return opened(callAsync(openCertificate, instance, certificatePath, pin, slot), slot);
    },
    ...(fromBytes && {
      openCertificateFromBytes(instance: OttoHandle, pkcs12: Uint8Array, pin: string) {
        const slot: [OttoHandle | null] = [null];
        return opened(callAsync(fromBytes, instance, pkcs12, pkcs12.length, pin, slot), slot);
      },
    }),
    closeCertificate: (certificate) => callAsync(closeCertificate, certificate),
    createBuffer(instance) {
      const slot: [OttoHandle | null] = [null];
      return opened(callAsync(createBuffer, instance, slot), slot);
    },
    read(buffer) {
      const length = Number(size(buffer));
      return length === 0 ? new Uint8Array(0) : new Uint8Array(k.view(content(buffer) as object, length)).slice();
    },
    freeBuffer: (buffer) => callAsync(freeBuffer, buffer),
    beginReceipt(instance, objectId, certificate, herstellerId) {
      const slot: [OttoHandle | null] = [null];
      return opened(callAsync(begin, instance, objectId, certificate, herstellerId, slot), slot);
    },
    continueReceipt: (receipt, block) => callAsync(next, receipt, block),
    endReceipt: (receipt) => callAsync(end, receipt),
    errorText: (code) => (errorText(code) as string | null) || ottoCodeName(code),
  };
}

/** One Otto instance: its calls in turn, and where it writes otto.log. */
export interface OttoInstance {
  readonly otto: OttoFunctions;
  readonly handle: OttoHandle;
  readonly logDir: string;
  /** Runs `call` once every earlier call on this instance has returned. */
  inTurn<T>(call: () => Promise<T>): Promise<T>;
  /** Empties otto.log, which may name objects and certificates, once a download is over. */
  emptyLog(): void;
}

export function createOttoInstance(otto: OttoFunctions): OttoInstance {
  // Only this process's user may read the log, as ERiC's (shared/eric/library.ts).
  const logDir = mkdtempSync(join(tmpdir(), 'steuerbote-otto-log-'));
  chmodSync(logDir, 0o700);
  const created = otto.createInstance(logDir);
  if (created.code !== 0)
    throw new ConfigError(`OTTO_HOME: Otto did not start (${created.code} ${ottoCodeName(created.code)}): ${otto.errorText(created.code)}`);
  let tail: Promise<unknown> = Promise.resolve();
  return {
    otto,
    handle: created.handle,
    logDir,
    inTurn(call) {
      const run = tail.then(call);
      tail = run.catch(() => undefined);
      return run;
    },
    emptyLog: () => emptyLogs(logDir),
  };
}

const instances = new Map<string, OttoInstance>();

/** The process's Otto instance for the libotto.so in `home`, created on first use. */
export function ottoInstance(home: string): OttoInstance {
  const path = join(home, 'libotto.so');
  if (!existsSync(path)) throw new ConfigError(`OTTO_HOME has no libotto.so: ${home}`);
  let instance = instances.get(path);
  if (!instance) {
    instance = createOttoInstance(bindOtto(path));
    instances.set(path, instance);
  }
  return instance;
}
