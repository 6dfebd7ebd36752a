import { S3ServiceException, type S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { S3ReceivedFileStore } from '#receiver/s3-received-file-store.ts';
import { S3ProtocolStore, S3FilingStore } from '#shared/adapters/s3-stores.ts';
import { MissingOrRefused } from '#shared/ports/missing-or-refused.ts';
import { deliveryMarker } from '#receiver/store-once.ts';

type Input = Record<string, unknown> & { Key: string };
type Sent = { command: string; input: Input };

/**
 * An S3 client that keeps objects in a map and, like S3, refuses `IfNoneMatch: '*'` on an existing key
 * with 412, and a read of a missing key with 403 AccessDenied, as it does to a caller that may not list.
 */
function fakeS3(options: { failPdfPut?: boolean } = {}) {
  const objects = new Map<string, Uint8Array>();
  const sent: Sent[] = [];
  const client = {
    send: async (command: { input: unknown }) => {
      const input = command.input as Input;
      const name = command.constructor.name;
      sent.push({ command: name, input });
      if (name === 'GetObjectCommand') {
        if (!objects.has(input.Key)) throw new S3ServiceException({ name: 'AccessDenied', $fault: 'client', $metadata: { httpStatusCode: 403 } });
        return { Body: { transformToByteArray: async () => objects.get(input.Key) } };
      }
      if (input.IfNoneMatch === '*' && objects.has(input.Key)) {
        throw new S3ServiceException({ name: 'PreconditionFailed', $fault: 'client', $metadata: { httpStatusCode: 412 } });
      }
      if (options.failPdfPut && input.ContentType === 'application/pdf') {
        throw new S3ServiceException({ name: 'InternalError', $fault: 'server', $metadata: { httpStatusCode: 500 } });
      }
      objects.set(input.Key, input.Body as Uint8Array);
      return {};
    },
  } as unknown as S3Client;
  return { objects, sent, store: new S3ReceivedFileStore(client, 'bucket', 'receiver/') };
}

const pdf = Buffer.from('%PDF-1.7 x');
const marker = `receiver/${deliveryMarker('msg_1')}`;

describe('S3ReceivedFileStore', () => {
  it('creates the file under the receiver prefix with a conditional put', async () => {
    const { sent, store } = fakeS3();
    expect(await store.save('tk_a/p.pdf', pdf)).toBe('stored');
    expect(sent).toEqual([
      {
        command: 'PutObjectCommand',
        input: { Bucket: 'bucket', Key: 'receiver/tk_a/p.pdf', Body: pdf, ContentType: 'application/pdf', IfNoneMatch: '*' },
      },
    ]);
  });

  it('finds a stored file and compares it: the same bytes are a duplicate, others a conflict, and neither is put', async () => {
    const { objects, sent, store } = fakeS3();
    await store.save('tk_a/p.pdf', pdf);
    expect(await store.save('tk_a/p.pdf', Buffer.from(pdf))).toBe('duplicate');
    expect(await store.save('tk_a/p.pdf', Buffer.from('%PDF-1.7 y'))).toBe('conflict');
    expect(sent.filter(({ command }) => command === 'GetObjectCommand')).toHaveLength(2);
    expect(objects.get('receiver/tk_a/p.pdf')).toBe(pdf);
  });

  it('asks for the delivery marker by reading it, refused as not there, marks after the file, and answers a repeat without a write', async () => {
    const { objects, sent, store } = fakeS3();
    expect(await store.save('tk_a/p.pdf', pdf, 'msg_1')).toBe('stored');
    expect(sent.map(({ command, input }) => [command, input.Key])).toEqual([
      ['GetObjectCommand', marker],
      ['PutObjectCommand', 'receiver/tk_a/p.pdf'],
      ['PutObjectCommand', marker],
    ]);
    expect(sent[2]!.input).toMatchObject({ IfNoneMatch: '*' });

    expect(await store.save('tk_a/p.pdf', Buffer.from('%PDF-1.7 other'), 'msg_1')).toBe('duplicate');
    expect(sent.slice(3).map(({ command }) => command)).toEqual(['GetObjectCommand']);
    expect(objects.get('receiver/tk_a/p.pdf')).toBe(pdf);
  });

  it('takes a key that only begins with the marker for no marker', async () => {
    const { objects, store } = fakeS3();
    objects.set(`${marker}x`, Buffer.from('another'));
    expect(await store.save('tk_a/p.pdf', pdf, 'msg_1')).toBe('stored');
  });

  it('marks nothing when the file cannot be put, and passes the failure on', async () => {
    const { objects, sent, store } = fakeS3({ failPdfPut: true });
    await expect(store.save('tk_a/p.pdf', pdf, 'msg_1')).rejects.toThrow(S3ServiceException);
    expect(sent.map(({ command }) => command)).toEqual(['GetObjectCommand', 'PutObjectCommand']);
    expect(objects.size).toBe(0);
  });
});

describe('reading an object that may not be there', () => {
  const answering = (name: string, httpStatusCode: number) =>
    ({
      send: async () => {
        throw new S3ServiceException({ name, $fault: 'client', $metadata: { httpStatusCode } });
      },
    }) as unknown as S3Client;

  it('is nothing where S3 says NoSuchKey, MissingOrRefused where it says AccessDenied, and any other fault as it came', async () => {
    expect(await new S3FilingStore(answering('NoSuchKey', 404), 'bucket').get('tk_a')).toBeUndefined();
    expect(await new S3ProtocolStore(answering('NoSuchKey', 404), 'bucket').get('tk_a', 'p.pdf')).toBeUndefined();
    await expect(new S3FilingStore(answering('AccessDenied', 403), 'bucket').get('tk_a')).rejects.toThrow(MissingOrRefused);
    await expect(new S3ProtocolStore(answering('AccessDenied', 403), 'bucket').get('tk_a', 'p.pdf')).rejects.toThrow(/protocols\/tk_a\/p\.pdf/);
    await expect(new S3ProtocolStore(answering('SlowDown', 503), 'bucket').get('tk_a', 'p.pdf')).rejects.not.toThrow(MissingOrRefused);
  });
});
