// The Otto binding and its streaming download against the Otto test double (test/otto-double/):
// the bytes as the double serves them, in its blocks, and each failure it can make, with nothing
// left open on the instance afterwards.

import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bindOtto, createOttoInstance, type OttoFunctions, type OttoInstance } from '#shared/eric/otto/binding.ts';
import { OttoError, ottoCodes } from '#shared/eric/otto/codes.ts';
import { ottoDownload, type OttoCertificate } from '#shared/eric/otto/download.ts';
import { MailboxDownloadError } from '#shared/ports/tax-mailbox.ts';
import { ottoDoubleHome, ottoDoublePin, ottoObjects, type OttoObjects } from '#test/otto-double/double.ts';

const container = new TextEncoder().encode('a client certificate, read by the Otto test double only');
const certificate: OttoCertificate = { pkcs12: container, pin: ottoDoublePin };
const herstellerId = '74931';
// Binary content: NULs within, and a block size that does not divide it.
const content = Buffer.concat([randomBytes(1000), Buffer.alloc(300), randomBytes(1200)]);

let otto: OttoFunctions;
let objects: OttoObjects;
let instance: OttoInstance;

const collect = async (blocks: AsyncIterable<Uint8Array>) => {
  const received: Uint8Array[] = [];
  for await (const block of blocks) received.push(block);
  return received;
};
const download = (objectId: string, options: Partial<Parameters<typeof ottoDownload>[1]> = {}) =>
  collect(ottoDownload(instance, { objectId, certificate, herstellerId, ...options }));

beforeAll(async () => {
  otto = bindOtto(join(ottoDoubleHome(), 'libotto.so'));
  objects = await ottoObjects(1000);
  await objects.put('plain', content);
  await objects.put('owned', content, { owner: new TextEncoder().encode('another certificate') });
  await objects.put('breaking', content, { fault: 'timeout 1500' });
  await objects.put('failing', content, { fault: 'server 0' });
});

const fresh = () => {
  for (const [name, value] of Object.entries(objects.env)) vi.stubEnv(name, value);
  instance = createOttoInstance(otto);
};

afterEach(async () => {
  // Whatever a download did, it left nothing open: the instance can be freed.
  expect(await otto.freeInstance(instance.handle)).toBe(ottoCodes.OTTO_OK);
  vi.unstubAllEnvs();
});

describe('a download through Otto', () => {
  it('yields the object block by block, each a copy, NULs and all', async () => {
    fresh();
    const blocks = await download('plain');
    expect(blocks.map((block) => block.length)).toEqual([1000, 1000, 500]);
    expect(Buffer.concat(blocks).equals(content)).toBe(true);
    expect((await objects.counters()).get('plain')).toEqual({ begun: 1, completed: 1 });
  });

  it('opens a certificate by path as well as from its bytes', async () => {
    fresh();
    const path = join(objects.env.OTTO_DOUBLE_OBJECTS_DIR!, 'stage.pfx');
    await writeFile(path, container);
    expect(Buffer.concat(await download('plain', { certificate: { path, pin: ottoDoublePin } })).equals(content)).toBe(true);
  });

  it('writes the container to a file for an Otto that cannot open one from bytes', async () => {
    fresh();
    const { openCertificateFromBytes: _, ...older } = otto;
    instance = { ...instance, otto: older };
    expect(Buffer.concat(await download('plain')).equals(content)).toBe(true);
  });

  it('says not_found for an object the store does not hold', async () => {
    fresh();
    const error = await download('32550000-0000-0000-0000-00000000dead').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MailboxDownloadError);
    expect(error).toMatchObject({ kind: 'not_found' });
    expect((error as Error).message).toContain('OTTO_TRANSFER_NOT_FOUND');
  });

  it('says retry when the transfer times out, after the blocks that came', async () => {
    fresh();
    const received: Uint8Array[] = [];
    const error = await (async () => {
      for await (const block of ottoDownload(instance, { objectId: 'breaking', certificate, herstellerId })) received.push(block);
    })().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'retry' });
    expect((error as Error).message).toContain('OTTO_TRANSFER_TIMEOUT');
    expect(Buffer.concat(received).equals(content.subarray(0, 1500))).toBe(true);
    expect((await objects.counters()).get('breaking')).toEqual({ begun: 1, completed: 0 });
  });

  it('says retry for a server fault', async () => {
    fresh();
    await expect(download('failing')).rejects.toMatchObject({ kind: 'retry', message: expect.stringContaining('OTTO_TRANSFER_SERVER_FEHLER') });
  });

  it('fails clearly, and not as retry, for a certificate that may not read the object', async () => {
    fresh();
    const error = await download('owned').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OttoError);
    expect(error).toMatchObject({ code: ottoCodes.OTTO_TRANSFER_UNAUTHORIZED });
  });

  it('fails clearly for a wrong PIN, naming no PIN', async () => {
    fresh();
    const error = await download('plain', { certificate: { pkcs12: container, pin: '999999' } }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: ottoCodes.OTTO_ZERTIFIKAT_PIN_FALSCH });
    expect((error as Error).message).not.toContain('999999');
  });

  it('fails clearly for a HerstellerID Otto refuses', async () => {
    fresh();
    await expect(download('plain', { herstellerId: '7493' })).rejects.toMatchObject({ code: ottoCodes.OTTO_UNGUELTIGE_HERSTELLERID });
  });

  it('ends the download quietly when the reader stops early', async () => {
    fresh();
    for await (const block of ottoDownload(instance, { objectId: 'plain', certificate, herstellerId })) {
      expect(block.length).toBe(1000);
      break;
    }
  });
});

describe("the double's lifecycle checks, through the binding", () => {
  it('answers a download ended before its empty block with EMPFANG_VORZEITIG_BEENDET', async () => {
    fresh();
    const opened = await otto.openCertificateFromBytes!(instance.handle, container, ottoDoublePin);
    const receipt = await otto.beginReceipt(instance.handle, 'plain', opened.handle, herstellerId);
    expect(receipt.code).toBe(ottoCodes.OTTO_OK);
    expect(await otto.endReceipt(receipt.handle)).toBe(ottoCodes.OTTO_EMPFANG_VORZEITIG_BEENDET);
    expect(await otto.closeCertificate(opened.handle)).toBe(ottoCodes.OTTO_OK);
  });

  it('refuses a freed handle', async () => {
    fresh();
    const buffer = await otto.createBuffer(instance.handle);
    expect(await otto.freeBuffer(buffer.handle)).toBe(ottoCodes.OTTO_OK);
    expect(await otto.freeBuffer(buffer.handle)).toBe(ottoCodes.OTTO_UNGUELTIGES_HANDLE);
  });

  it('refuses to free an instance with open sub-objects', async () => {
    fresh();
    const opened = await otto.openCertificateFromBytes!(instance.handle, container, ottoDoublePin);
    expect(await otto.freeInstance(instance.handle)).toBe(ottoCodes.OTTO_INSTANZ_UNTEROBJEKTE_NICHT_FREIGEGEBEN);
    expect(await otto.closeCertificate(opened.handle)).toBe(ottoCodes.OTTO_OK);
  });
});
