// One object downloaded through Otto, block by block: OttoEmpfangBeginnen, then OttoEmpfangFortsetzen
// until it hands out an empty block, then OttoEmpfangBeenden. Each block is copied out of Otto's
// buffer and yielded before the next is asked for, so memory holds one block; nothing starts before
// the first block is asked for, and whatever was opened is released however the download ends.

import { withPrivateFile } from '#shared/eric/private-file.ts';
import { downloadFailure, ottoCodes } from '#shared/eric/otto/codes.ts';
import type { OttoHandle, OttoInstance } from '#shared/eric/otto/binding.ts';

/** The certificate that may read the object: a container in memory (a client's) or a file (the stage's), with its PIN. */
export type OttoCertificate = { pkcs12: Uint8Array; pin: string } | { path: string; pin: string };

export interface OttoDownload {
  objectId: string;
  certificate: OttoCertificate;
  herstellerId: string;
}

/** The object's bytes as they arrive; throws MailboxDownloadError (`not_found`, `retry`) or OttoError. */
export async function* ottoDownload(instance: OttoInstance, request: OttoDownload): AsyncGenerator<Uint8Array> {
  const { otto, handle } = instance;
  const call = <T>(work: () => Promise<T>) => instance.inTurn(work);
  const fail = (code: number) => downloadFailure(code, request.objectId, otto.errorText(code));
  const opened = <T extends { code: number }>(result: T) => {
    if (result.code !== ottoCodes.OTTO_OK) throw fail(result.code);
    return result;
  };
  try {
    const certificate = opened(await call(() => openCertificate(instance, request.certificate))).handle;
    try {
      const buffer = opened(await call(() => otto.createBuffer(handle))).handle;
      try {
        const receipt = opened(await call(() => otto.beginReceipt(handle, request.objectId, certificate, request.herstellerId))).handle;
        yield* blocks(instance, receipt, buffer, fail);
      } finally {
        await call(() => otto.freeBuffer(buffer));
      }
    } finally {
      await call(() => otto.closeCertificate(certificate));
    }
  } finally {
    instance.emptyLog();
  }
}

async function* blocks(instance: OttoInstance, receipt: OttoHandle, buffer: OttoHandle, fail: (code: number) => Error): AsyncGenerator<Uint8Array> {
  const { otto } = instance;
  let ended = false;
  try {
    for (;;) {
      // The block is read in the same turn: no other call on the instance comes between.
      const { code, block } = await instance.inTurn(async () => {
        const result = await otto.continueReceipt(receipt, buffer);
        return { code: result, block: result === ottoCodes.OTTO_OK ? otto.read(buffer) : undefined };
      });
      if (!block) throw fail(code);
      if (block.length === 0) break;
      yield block;
    }
    ended = true;
    const code = await instance.inTurn(() => otto.endReceipt(receipt));
    if (code !== ottoCodes.OTTO_OK) throw fail(code);
  } finally {
    // Ended before the empty block (a failure, or a reader that stopped), Otto says so: no news.
    if (!ended) await instance.inTurn(() => otto.endReceipt(receipt));
  }
}

function openCertificate(instance: OttoInstance, certificate: OttoCertificate): Promise<{ code: number; handle: OttoHandle }> {
  const { otto, handle } = instance;
  if ('path' in certificate) return otto.openCertificate(handle, certificate.path, certificate.pin);
  return (
    otto.openCertificateFromBytes?.(handle, certificate.pkcs12, certificate.pin) ??
    withPrivateFile(certificate.pkcs12, (path) => otto.openCertificate(handle, path, certificate.pin))
  );
}
