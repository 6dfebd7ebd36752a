import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  GetObjectLockConfigurationCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  PutObjectLockConfigurationCommand,
  PutObjectTaggingCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { S3ProtocolStore } from '../shared/adapters/s3-stores.ts';
import { ObjectStore } from '#local/s3-objects.ts';
import { startS3StandIn, type S3StandIn } from '#local/s3-stand-in.ts';

const Bucket = 'bucket';
let dir: string;
let store: ObjectStore;
let standIn: S3StandIn;
let client: S3Client;

const clientConfig = (port = standIn.port) => ({
  endpoint: `http://127.0.0.1:${port}`,
  region: 'eu-central-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  forcePathStyle: true,
  maxAttempts: 1,
});
const clientWith = (requestChecksumCalculation: 'WHEN_REQUIRED' | 'WHEN_SUPPORTED', port = standIn.port) =>
  new S3Client({ ...clientConfig(port), requestChecksumCalculation });
const start = async () => {
  store = await ObjectStore.open(dir);
  standIn = await startS3StandIn({ store, host: '127.0.0.1', credentials: { local: 'local' } });
  client = clientWith('WHEN_REQUIRED');
};
const stop = async () => {
  client.destroy();
  await standIn.close();
  await store.close();
};
const put = (Key: string, body = Key, extra = {}) =>
  client.send(new PutObjectCommand({ Bucket, Key, Body: Buffer.from(body), ContentType: 'text/plain', ...extra }));
const read = async (Key: string) => await client.send(new GetObjectCommand({ Bucket, Key })).then((out) => out.Body!.transformToString());
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { name: string; $metadata: { httpStatusCode?: number } }) => error,
  );
const list = async (input: { Prefix?: string; MaxKeys?: number } = {}) => {
  const keys: string[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken, ...input }));
    keys.push(...(page.Contents ?? []).map((object) => object.Key!));
    ContinuationToken = page.NextContinuationToken;
  } while (ContinuationToken);
  return keys;
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 's3-stand-in-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(async () => {
  await start();
  // A production stage's bucket: Object Lock on from its creation.
  await client.send(new CreateBucketCommand({ Bucket, ObjectLockEnabledForBucket: true })).catch(() => undefined);
});
afterEach(stop);

describe('the local S3 stand-in, called through the SDK', () => {
  it('keeps what is put: bytes, content type, an MD5 ETag and the time', async () => {
    const { ETag } = await put('a/b/c.json', '{"x":1}', { ContentType: 'application/json' });
    expect(ETag).toBe(`"${createHash('md5').update('{"x":1}').digest('hex')}"`);
    const got = await client.send(new GetObjectCommand({ Bucket, Key: 'a/b/c.json' }));
    expect(await got.Body!.transformToString()).toBe('{"x":1}');
    expect(got.ContentType).toBe('application/json');
    expect(got.ETag).toBe(ETag);
    expect(Date.now() - got.LastModified!.getTime()).toBeLessThan(60_000);
    const head = await client.send(new HeadObjectCommand({ Bucket, Key: 'a/b/c.json' }));
    expect(head.ContentLength).toBe(7);
  });

  it('answers NoSuchKey for what is not there, and for what was deleted; deleting it again is no error', async () => {
    expect((await errorOf(read('nothing-here')))?.name).toBe('NoSuchKey');
    await put('gone');
    await client.send(new DeleteObjectCommand({ Bucket, Key: 'gone' }));
    expect((await errorOf(read('gone')))?.name).toBe('NoSuchKey');
    await client.send(new DeleteObjectCommand({ Bucket, Key: 'gone' }));
    expect((await errorOf(client.send(new HeadObjectCommand({ Bucket, Key: 'gone' }))))?.$metadata.httpStatusCode).toBe(404);
  });

  it('answers AccessDenied for what is not there when it plays a caller that may not list the bucket, as S3 does', async () => {
    await put('there');
    const refusing = await startS3StandIn({ store, host: '127.0.0.1', missingKeys: 'AccessDenied' });
    const unlisted = clientWith('WHEN_REQUIRED', refusing.port);
    try {
      const missing = await errorOf(unlisted.send(new GetObjectCommand({ Bucket, Key: 'nothing-here' })));
      expect([missing?.name, missing?.$metadata.httpStatusCode]).toEqual(['AccessDenied', 403]);
      expect((await errorOf(unlisted.send(new HeadObjectCommand({ Bucket, Key: 'nothing-here' }))))?.$metadata.httpStatusCode).toBe(403);
      expect(await (await unlisted.send(new GetObjectCommand({ Bucket, Key: 'there' }))).Body!.transformToString()).toBe('there');
    } finally {
      unlisted.destroy();
      await refusing.close();
    }
  });

  it('writes only-if-absent in one step: of ten racing conditional puts exactly one wins', async () => {
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => errorOf(put('once', `writer ${i}`, { IfNoneMatch: '*' }))));
    const refused = outcomes.filter((error) => error !== undefined);
    expect(refused).toHaveLength(9);
    expect(refused.every((error) => error!.$metadata.httpStatusCode === 412)).toBe(true);
    expect(await read('once')).toMatch(/^writer \d$/);
  });

  it('lists by prefix in key order, a page at a time, and past 1,000 keys', async () => {
    const keys = Array.from({ length: 1_005 }, (_, i) => `many/${String(i).padStart(4, '0')}`);
    for (let at = 0; at < keys.length; at += 100) await Promise.all(keys.slice(at, at + 100).map((key) => put(key)));
    await put('many-not/x');
    await put('many.json');
    expect(await list({ Prefix: 'many/' })).toEqual(keys);
    expect(await list({ Prefix: 'many/000', MaxKeys: 3 })).toEqual(keys.slice(0, 10));
    expect(await list({ Prefix: 'many' })).toEqual([...keys, 'many-not/x', 'many.json'].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
    expect(await list({ Prefix: 'nowhere/' })).toEqual([]);
  }, 60_000);

  it('keeps its objects across a restart', async () => {
    await put('kept/one', 'still here');
    await stop();
    await start();
    expect(await read('kept/one')).toBe('still here');
    expect(await list({ Prefix: 'kept/' })).toEqual(['kept/one']);
  });

  it('answers what it does not offer with NotImplemented, and a missing bucket with NoSuchBucket', async () => {
    const tagging = await errorOf(client.send(new PutObjectTaggingCommand({ Bucket, Key: 'x', Tagging: { TagSet: [] } })));
    expect(tagging?.$metadata.httpStatusCode).toBe(501);
    expect((await errorOf(client.send(new ListObjectsV2Command({ Bucket, Delimiter: '/' }))))?.name).toBe('NotImplemented');
    expect((await errorOf(client.send(new GetObjectCommand({ Bucket: 'other', Key: 'x' }))))?.name).toBe('NoSuchBucket');
    expect((await errorOf(client.send(new CreateBucketCommand({ Bucket }))))?.name).toBe('BucketAlreadyOwnedByYou');
  });

  it('takes any key S3 takes, "." and ".." parts included, up to 1,024 bytes', async () => {
    await put('a/../../b/./c');
    expect(await read('a/../../b/./c')).toBe('a/../../b/./c');
    expect(await list({ Prefix: 'a/..' })).toEqual(['a/../../b/./c']);
    expect((await errorOf(put('ä'.repeat(513))))?.name).toBe('KeyTooLongError');
  });

  it('refuses a bucket name S3 refuses with InvalidBucketName', async () => {
    for (const name of ['ab', 'a'.repeat(64), 'Upper', 'under_score', '-start', 'end-', 'two..dots', '192.168.1.1', 'xn--abc', 'name-s3alias']) {
      const created = await errorOf(client.send(new CreateBucketCommand({ Bucket: name })));
      const written = await errorOf(client.send(new PutObjectCommand({ Bucket: name, Key: 'x', Body: 'x' })));
      for (const error of [created, written]) expect([name, error?.name, error?.$metadata.httpStatusCode]).toEqual([name, 'InvalidBucketName', 400]);
    }
    for (const name of ['a.b-c', `3${'a'.repeat(61)}9`]) await client.send(new CreateBucketCommand({ Bucket: name }));
  });

  it("keeps an encoded '/' in a bucket name from reaching another bucket's keys", async () => {
    // The SDK itself refuses a '/' in a bucket name; a plain HTTP client sends it encoded.
    const base = `http://127.0.0.1:${standIn.port}/${Bucket}%2Fsmuggled`;
    const created = await fetch(base, { method: 'PUT' });
    const written = await fetch(`${base}/x`, { method: 'PUT', body: 'smuggled' });
    for (const reply of [created, written]) {
      expect(reply.status).toBe(400);
      expect(await reply.text()).toContain('<Code>InvalidBucketName</Code>');
    }
    expect(await list({ Prefix: 'smuggled' })).toEqual([]);
  });

  it('refuses bytes that do not match their Content-MD5', async () => {
    const error = await errorOf(put('checked', 'abc', { ContentMD5: Buffer.alloc(16).toString('base64') }));
    expect(error?.name).toBe('BadDigest');
    expect((await errorOf(read('checked')))?.name).toBe('NoSuchKey');
  });

  describe('Object Lock', () => {
    const inTenYears = () => new Date(Date.now() + 3653 * 86_400_000);
    const locked = (Key: string, extra = {}) =>
      put(Key, Key, { ObjectLockMode: 'GOVERNANCE', ObjectLockRetainUntilDate: inTenYears(), ChecksumAlgorithm: 'SHA256', ...extra });
    const remove = (Key: string, extra = {}) => client.send(new DeleteObjectCommand({ Bucket, Key, ...extra }));

    it('keeps a record as the protocol store locks it, the SDK adding the checksum S3 demands', async () => {
      // The service's client computes checksums as the SDK does by default (shared/adapters/s3-client.ts).
      const service = clientWith('WHEN_SUPPORTED');
      const retainUntil = inTenYears();
      try {
        await new S3ProtocolStore(service, Bucket).put('tk_a', 'p.pdf', Buffer.from('%PDF'), { retainUntil });
        await new S3ProtocolStore(service, Bucket).put('tk_b', 'p.pdf', Buffer.from('%PDF'));
      } finally {
        service.destroy();
      }
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: 'protocols/tk_a/p.pdf' }));
      expect(head).toMatchObject({ ObjectLockMode: 'GOVERNANCE', ObjectLockRetainUntilDate: retainUntil, VersionId: expect.any(String) });
      expect((await client.send(new HeadObjectCommand({ Bucket, Key: 'protocols/tk_b/p.pdf' }))).ObjectLockMode).toBeUndefined();
    });

    it('refuses lock settings without a checksum of the body, and settings S3 refuses', async () => {
      const withoutChecksum = await errorOf(put('plain', 'x', { ObjectLockMode: 'GOVERNANCE', ObjectLockRetainUntilDate: inTenYears() }));
      expect([withoutChecksum?.name, withoutChecksum?.$metadata.httpStatusCode]).toEqual(['InvalidRequest', 400]);
      expect((await errorOf(locked('past', { ObjectLockRetainUntilDate: new Date(Date.now() - 1000) })))?.name).toBe('InvalidArgument');
      expect((await errorOf(locked('no-mode', { ObjectLockMode: undefined })))?.name).toBe('InvalidArgument');
      for (const Key of ['plain', 'past', 'no-mode']) expect((await errorOf(read(Key)))?.name).toBe('NoSuchKey');
    });

    it('deletes a locked version only by its ID with governance bypassed, never under legal hold or in compliance mode', async () => {
      const { VersionId } = await locked('gov');
      expect((await errorOf(remove('gov', { VersionId })))?.name).toBe('AccessDenied');
      // S3 would keep the locked version beneath a delete marker or a newer version; the stand-in keeps no old versions.
      expect((await errorOf(remove('gov')))?.$metadata.httpStatusCode).toBe(501);
      expect((await errorOf(put('gov', 'replaced')))?.$metadata.httpStatusCode).toBe(501);
      expect(await read('gov')).toBe('gov');
      await remove('gov', { VersionId, BypassGovernanceRetention: true });
      expect((await errorOf(read('gov')))?.name).toBe('NoSuchKey');

      const held = await locked('held', { ObjectLockLegalHoldStatus: 'ON' });
      expect((await client.send(new HeadObjectCommand({ Bucket, Key: 'held' }))).ObjectLockLegalHoldStatus).toBe('ON');
      expect((await errorOf(remove('held', { VersionId: held.VersionId, BypassGovernanceRetention: true })))?.name).toBe('AccessDenied');
      const compliance = await locked('compliance', { ObjectLockMode: 'COMPLIANCE' });
      expect((await errorOf(remove('compliance', { VersionId: compliance.VersionId, BypassGovernanceRetention: true })))?.name).toBe('AccessDenied');
      expect(await read('held')).toBe('held');
      expect(await read('compliance')).toBe('compliance');
    });

    it('locks nothing in a bucket without Object Lock, until it is turned on, never to go off again', async () => {
      const Older = 'older';
      await client.send(new CreateBucketCommand({ Bucket: Older }));
      const lockOf = () => errorOf(client.send(new GetObjectLockConfigurationCommand({ Bucket: Older })));
      expect((await lockOf())?.name).toBe('ObjectLockConfigurationNotFoundError');
      const record = () =>
        client.send(
          new PutObjectCommand({
            Bucket: Older,
            Key: 'p.pdf',
            Body: Buffer.from('%PDF'),
            ObjectLockMode: 'GOVERNANCE',
            ObjectLockRetainUntilDate: inTenYears(),
            ChecksumAlgorithm: 'SHA256',
          }),
        );
      const refused = await errorOf(record());
      expect([refused?.name, refused?.$metadata.httpStatusCode]).toEqual(['InvalidRequest', 400]);

      const enabled = { ObjectLockEnabled: 'Enabled' as const };
      const withRule = { ...enabled, Rule: { DefaultRetention: { Mode: 'GOVERNANCE' as const, Days: 1 } } };
      expect(
        (await errorOf(client.send(new PutObjectLockConfigurationCommand({ Bucket: Older, ObjectLockConfiguration: withRule }))))?.$metadata.httpStatusCode,
      ).toBe(501);
      await client.send(new PutObjectLockConfigurationCommand({ Bucket: Older, ObjectLockConfiguration: enabled }));
      expect((await client.send(new GetObjectLockConfigurationCommand({ Bucket: Older }))).ObjectLockConfiguration).toEqual(enabled);
      await record();
      expect((await client.send(new HeadObjectCommand({ Bucket: Older, Key: 'p.pdf' }))).ObjectLockMode).toBe('GOVERNANCE');

      // Kept across a restart, as the bucket and its objects are.
      await stop();
      await start();
      expect((await client.send(new GetObjectLockConfigurationCommand({ Bucket: Older }))).ObjectLockConfiguration).toEqual(enabled);
      expect((await client.send(new GetObjectLockConfigurationCommand({ Bucket }))).ObjectLockConfiguration).toEqual(enabled);
    });

    it('answers a put only if absent over a locked version with the failed precondition, as S3 does', async () => {
      await locked('once');
      const again = await errorOf(put('once', 'again', { IfNoneMatch: '*' }));
      expect(again?.$metadata.httpStatusCode).toBe(412);
      expect(await read('once')).toBe('once');
    });

    it('deletes an unlocked object by its version ID, and finds nothing to delete under another', async () => {
      const { VersionId } = await put('free');
      await remove('free', { VersionId: 'another' });
      expect(await read('free')).toBe('free');
      await remove('free', { VersionId });
      expect((await errorOf(read('free')))?.name).toBe('NoSuchKey');
    });

    it('refuses a body that does not match its SHA-256 checksum', async () => {
      const reply = await fetch(`http://127.0.0.1:${standIn.port}/${Bucket}/sha`, {
        method: 'PUT',
        body: 'abc',
        headers: { 'x-amz-checksum-sha256': createHash('sha256').update('abd').digest('base64') },
      });
      expect(reply.status).toBe(400);
      expect(await reply.text()).toContain('<Code>BadDigest</Code>');
    });

    it('takes the CRC32 checksum an SDK client sends by default, and refuses a body that does not match it', async () => {
      const defaults = clientWith('WHEN_SUPPORTED');
      try {
        await defaults.send(new PutObjectCommand({ Bucket, Key: 'crc', Body: Buffer.from('crc') }));
      } finally {
        defaults.destroy();
      }
      expect(await read('crc')).toBe('crc');
      const reply = await fetch(`http://127.0.0.1:${standIn.port}/${Bucket}/crc`, {
        method: 'PUT',
        body: 'abc',
        headers: { 'x-amz-checksum-crc32': 'AAAAAA==' },
      });
      expect(reply.status).toBe(400);
      expect(await reply.text()).toContain('<Code>BadDigest</Code>');
      expect(await read('crc')).toBe('crc');
    });
  });
});

describe('a presigned PUT, as S3 takes one', () => {
  const pdf = Buffer.from('%PDF-1.4 the bytes the URL was made for');
  const sha256 = createHash('sha256').update(pdf).digest('base64');
  // Bound to type, size and checksum as the attachments' upload URL is (shared/adapters/s3-attachment-files.ts).
  const urlFor = (Key: string, options: { signingDate?: Date; secret?: string } = {}) => {
    const signer = options.secret ? new S3Client({ ...clientConfig(), credentials: { accessKeyId: 'local', secretAccessKey: options.secret } }) : client;
    return getSignedUrl(signer, new PutObjectCommand({ Bucket, Key, ContentType: 'application/pdf', ContentLength: pdf.length, ChecksumSHA256: sha256 }), {
      expiresIn: 60,
      signableHeaders: new Set(['content-type', 'content-length']),
      unhoistableHeaders: new Set(['x-amz-checksum-sha256']),
      ...(options.signingDate && { signingDate: options.signingDate }),
    });
  };
  const upload = async (url: string, body: Buffer = pdf, headers: Record<string, string> = {}) => {
    const reply = await fetch(url, { method: 'PUT', body, headers: { 'content-type': 'application/pdf', 'x-amz-checksum-sha256': sha256, ...headers } });
    return { status: reply.status, text: await reply.text() };
  };

  it('stores the bytes it was signed for', async () => {
    expect((await upload(await urlFor('up/ok'))).status).toBe(200);
    expect(await read('up/ok')).toBe(pdf.toString());
  });

  it('refuses other bytes of the same length by their checksum, and of another length by the signature', async () => {
    const url = await urlFor('up/other');
    const same = Buffer.from(pdf);
    same[10] = 0x21;
    expect(await upload(url, same)).toMatchObject({ status: 400, text: expect.stringContaining('<Code>BadDigest</Code>') });
    expect(await upload(url, Buffer.concat([pdf, Buffer.from('!')]))).toMatchObject({ status: 403, text: expect.stringContaining('SignatureDoesNotMatch') });
    const otherSum = createHash('sha256').update(same).digest('base64');
    expect(await upload(url, same, { 'x-amz-checksum-sha256': otherSum })).toMatchObject({
      status: 403,
      text: expect.stringContaining('SignatureDoesNotMatch'),
    });
    expect(await upload(url, pdf, { 'content-type': 'text/plain' })).toMatchObject({ status: 403, text: expect.stringContaining('SignatureDoesNotMatch') });
    expect(await errorOf(read('up/other'))).toMatchObject({ name: 'NoSuchKey' });
  });

  it('refuses a URL whose time is up, or signed with another secret', async () => {
    expect(await upload(await urlFor('up/late', { signingDate: new Date(Date.now() - 120_000) }))).toMatchObject({
      status: 403,
      text: expect.stringContaining('Request has expired'),
    });
    expect(await upload(await urlFor('up/forged', { secret: 'not-local' }))).toMatchObject({
      status: 403,
      text: expect.stringContaining('SignatureDoesNotMatch'),
    });
    expect(await errorOf(read('up/late'))).toMatchObject({ name: 'NoSuchKey' });
  });
});
