// The local S3: the part of S3's REST interface steuerbote and its tools call, path-style, over
// objects kept in a LevelDB database (s3-objects.ts). Create and head a bucket; put (also only-if-absent, the
// `If-None-Match: *` conditional write, and in parts: a multipart upload; also by a presigned URL, whose
// signature, expiry and signed headers it checks as S3 does, presigned-request.ts), get (also by a
// presigned URL, whose signature it does not check), head and delete an object; list a bucket's keys by
// prefix, 1,000 a page. What else S3 offers is answered 501 NotImplemented, never approximated.
// Other requests are not authenticated: the stand-in listens on the loopback interface only. S3 tells a
// caller that may list the bucket that a missing key is not there (404 NoSuchKey), and refuses one
// that may not (403 AccessDenied), as no function of a stage may: `missingKeys` says which it plays.
//
// Object Lock as a production stage's bucket has it: on from the bucket's creation
// (`x-amz-bucket-object-lock-enabled`) or turned on later (PutObjectLockConfiguration, without a
// default retention), and read back (GetObjectLockConfiguration); in a bucket with it on, a put may
// set a version's retention and legal hold, with a checksum of its body as S3 demands; a locked
// version is deleted by its version ID only with governance mode bypassed, and never while on legal
// hold. The stand-in keeps the current version of each key alone, so what S3 would do by keeping a
// locked version beside a newer one or a delete marker (a put or a delete without version ID over a
// locked object) it answers NotImplemented.

import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { buildXml } from '../shared/xml/build.ts';
import { isSignatureParameter, presignedRefusal } from '#local/presigned-request.ts';
import { isLocked, md5Of, type ObjectStore, type Retention, type StoredObject } from '#local/s3-objects.ts';

const maxObjectBytes = 64 * 1024 * 1024;
// S3's limit on a key: 1,024 bytes of UTF-8.
const maxKeyBytes = 1024;
const maxKeysPerPage = 1000;
const namespace = 'http://s3.amazonaws.com/doc/2006-03-01/';
// The SDK names the operation in this query parameter; anything else in the query asks for a feature.
const operationParameter = 'x-id';

class S3Error extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const notImplemented = (what: string) => new S3Error(501, 'NotImplemented', `The local S3 stand-in does not offer ${what}.`);
const noSuchBucket = () => new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist.');

// S3's rules for a general purpose bucket's name: 3 to 63 lowercase letters, digits, dots and
// hyphens, a letter or digit at each end, no two dots in a row, not shaped like an IPv4 address, and
// none of the prefixes and suffixes S3 keeps for itself. Checked after decoding, so an encoded "/"
// can never make one bucket's name reach into another's keys.
const bucketName = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const reservedBucketName = /\.\.|^\d+\.\d+\.\d+\.\d+$|^(xn--|sthree-|amzn-s3-demo-)|(-s3alias|--ol-s3|\.mrap|--x-s3|--table-s3)$/;
const isBucketName = (name: string) => bucketName.test(name) && !reservedBucketName.test(name);

/** How a read of a key that is not there is answered: as to a caller with s3:ListBucket, or as to one without. */
export type MissingKeys = 'NoSuchKey' | 'AccessDenied';

export interface S3StandIn {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves `store`, which stays the caller's to close once the stand-in is closed. `credentials` are the
 * access keys (by ID, their secrets) whose signatures a presigned PUT may carry.
 */
export async function startS3StandIn(options: {
  store: ObjectStore;
  host: string;
  missingKeys?: MissingKeys;
  credentials?: Readonly<Record<string, string>>;
}): Promise<S3StandIn> {
  const { store, missingKeys = 'NoSuchKey', credentials = {} } = options;
  const uploads = new Map<string, Upload>();

  const serve = async (request: IncomingMessage, response: ServerResponse) => {
    // Not through URL's path: it resolves `..`, which in an S3 key is just a name.
    const [path = '', search = ''] = (request.url ?? '/').split('?', 2);
    const [bucket = '', ...keyParts] = path.slice(1).split('/').map(decodePart);
    const key = keyParts.join('/');
    const parameters = new URLSearchParams(search);
    const method = request.method ?? 'GET';
    const query = [...parameters.keys()].filter((name) => name !== operationParameter);
    if (!bucket) throw notImplemented('listing buckets');
    if (!isBucketName(bucket)) throw new S3Error(400, 'InvalidBucketName', 'The specified bucket is not valid.');

    if (key === '') {
      if (method === 'PUT' && query.length === 0) {
        await drain(request);
        const objectLock = String(request.headers['x-amz-bucket-object-lock-enabled']).toLowerCase() === 'true';
        if (!(await store.createBucket(bucket, { objectLock }))) throw new S3Error(409, 'BucketAlreadyOwnedByYou', 'The bucket is already yours.');
        return send(response, 200);
      }
      if (!store.hasBucket(bucket)) throw noSuchBucket();
      if (query.length === 1 && query[0] === 'object-lock') return objectLockConfiguration(store, bucket, request, response);
      if (method === 'HEAD' && query.length === 0) return send(response, 200);
      if (method === 'GET' && parameters.get('list-type') === '2') return send(response, 200, await listPage(store, bucket, parameters));
      throw notImplemented(`${method} on a bucket${query.length ? ` with ${query.join(', ')}` : ''}`);
    }

    if (query.includes('uploads') || query.includes('uploadId')) return multipart(store, uploads, bucket, key, parameters, request, response);
    const versionId = method === 'DELETE' ? parameters.get('versionId') : null;
    // A presigned GET carries its signature and what the answer's headers are to say in its query; a presigned PUT its signature.
    const presigned = (name: string) =>
      (method === 'GET' && (isSignatureParameter(name) || name === 'response-content-disposition')) || (method === 'PUT' && isSignatureParameter(name));
    const unknown = query.filter((name) => (name !== 'versionId' || versionId === null) && !presigned(name));
    if (unknown.length > 0) throw notImplemented(`objects' ${unknown.join(', ')}`);
    if (method === 'PUT' && parameters.has('X-Amz-Signature')) {
      const refused = presignedRefusal({ method, rawPath: path, parameters, headers: request.headers }, (id) => credentials[id], new Date());
      if (refused) throw new S3Error(refused.status, refused.code, refused.message);
    }
    if (Buffer.byteLength(key) > maxKeyBytes) throw new S3Error(400, 'KeyTooLongError', 'Your key is too long.');
    if (!store.hasBucket(bucket)) throw noSuchBucket();
    const current = store.get(bucket, key);
    const locked = current !== undefined && isLocked(current, new Date());

    if (method === 'PUT') {
      const lock = lockOf(request);
      const body = await readBody(request);
      if (lock && !store.objectLock(bucket)) throw new S3Error(400, 'InvalidRequest', 'Bucket is missing Object Lock Configuration');
      if (lock && !hasChecksum(request))
        throw new S3Error(400, 'InvalidRequest', 'Content-MD5 OR x-amz-checksum- HTTP header is required for Put Object requests with Object Lock parameters');
      const onlyIfAbsent = request.headers['if-none-match'] === '*';
      // The precondition is S3's first answer: an object there, locked or not, fails it.
      if (locked && !onlyIfAbsent) throw notImplemented('a new version over a locked one, which S3 keeps beside it');
      const contentType = request.headers['content-type'] ?? 'application/octet-stream';
      const stored = await store.put(bucket, key, body, contentType, { onlyIfAbsent, ...lock });
      if (stored === undefined) throw new S3Error(412, 'PreconditionFailed', 'At least one of the preconditions you specified did not hold.');
      return send(response, 200, undefined, { etag: stored.etag, 'x-amz-version-id': stored.version });
    }
    if (method === 'DELETE') {
      if (versionId === null) {
        if (locked) throw notImplemented('a delete marker over a locked version, which S3 keeps beneath it');
      } else {
        // A version that is not the current one is not kept here: there is nothing to delete.
        if (current?.version !== versionId) return send(response, 204, undefined, { 'x-amz-version-id': versionId });
        if (locked && !mayRemove(current, request)) throw new S3Error(403, 'AccessDenied', 'Access Denied because object protected by object lock.');
      }
      await store.delete(bucket, key);
      return send(response, 204, undefined, versionId === null ? {} : { 'x-amz-version-id': versionId });
    }
    if (method === 'GET' || method === 'HEAD') {
      if (request.headers.range) throw notImplemented('ranged reads');
      const object = current;
      if (!object) {
        const refused = missingKeys === 'AccessDenied';
        if (method === 'HEAD') return send(response, refused ? 403 : 404);
        throw refused ? new S3Error(403, 'AccessDenied', 'Access Denied') : new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
      }
      response.writeHead(200, {
        'content-type': object.contentType,
        'content-length': object.body.length,
        etag: object.etag,
        'last-modified': object.lastModified.toUTCString(),
        'x-amz-version-id': object.version,
        ...(object.retention && {
          'x-amz-object-lock-mode': object.retention.mode,
          'x-amz-object-lock-retain-until-date': object.retention.until.toISOString(),
        }),
        ...(object.legalHold && { 'x-amz-object-lock-legal-hold': object.legalHold }),
        ...(parameters.has('response-content-disposition') && { 'content-disposition': parameters.get('response-content-disposition')! }),
      });
      return response.end(method === 'GET' ? object.body : undefined);
    }
    throw notImplemented(`${method} on an object`);
  };

  const server: Server = createServer((request, response) => {
    serve(request, response).catch((error: unknown) => {
      const s3Error = error instanceof S3Error ? error : new S3Error(500, 'InternalError', error instanceof Error ? error.message : String(error));
      if (response.headersSent) return response.destroy();
      // A request refused before its body was read still has it coming; reading it keeps the connection usable.
      request.resume();
      const body = request.method === 'HEAD' ? undefined : buildXml({ Error: { Code: s3Error.code, Message: s3Error.message } }, { declaration: true });
      send(response, s3Error.status, body);
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, options.host, () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/** A multipart upload under way: its parts in memory, as S3 keeps them apart until the upload is completed (or a restart drops it). */
interface Upload {
  bucket: string;
  key: string;
  contentType: string;
  parts: Map<number, Buffer>;
}

/**
 * CreateMultipartUpload, UploadPart, CompleteMultipartUpload and AbortMultipartUpload: the object
 * exists only once completed, of its parts in order of their numbers, so an upload a crash leaves
 * unfinished is never an object.
 */
async function multipart(
  store: ObjectStore,
  uploads: Map<string, Upload>,
  bucket: string,
  key: string,
  parameters: URLSearchParams,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if (!store.hasBucket(bucket)) throw noSuchBucket();
  const method = request.method ?? 'GET';
  if (method === 'POST' && parameters.has('uploads')) {
    await drain(request);
    const uploadId = randomBytes(16).toString('base64url');
    uploads.set(uploadId, { bucket, key, contentType: request.headers['content-type'] ?? 'application/octet-stream', parts: new Map() });
    return send(
      response,
      200,
      buildXml({ InitiateMultipartUploadResult: { '@_xmlns': namespace, Bucket: bucket, Key: key, UploadId: uploadId } }, { declaration: true }),
    );
  }
  const uploadId = parameters.get('uploadId') ?? '';
  const upload = uploads.get(uploadId);
  if (!upload || upload.bucket !== bucket || upload.key !== key) throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist.');
  if (method === 'PUT') {
    const partNumber = Number(parameters.get('partNumber'));
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
      throw invalidArgument('Part number must be an integer between 1 and 10000, inclusive');
    const body = await readBody(request);
    upload.parts.set(partNumber, body);
    return send(response, 200, undefined, { etag: `"${md5Of(body, 'hex')}"` });
  }
  if (method === 'DELETE') {
    uploads.delete(uploadId);
    return send(response, 204);
  }
  if (method === 'POST') {
    await drain(request);
    uploads.delete(uploadId);
    const body = Buffer.concat([...upload.parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part));
    const stored = await store.put(bucket, key, body, upload.contentType, {});
    return send(
      response,
      200,
      buildXml({ CompleteMultipartUploadResult: { '@_xmlns': namespace, Bucket: bucket, Key: key, ETag: stored!.etag } }, { declaration: true }),
    );
  }
  throw notImplemented(`${method} of a multipart upload`);
}

/** GetObjectLockConfiguration and PutObjectLockConfiguration: whether Object Lock is on, and turning it on. */
async function objectLockConfiguration(store: ObjectStore, bucket: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method === 'GET') {
    if (!store.objectLock(bucket)) throw new S3Error(404, 'ObjectLockConfigurationNotFoundError', 'Object Lock configuration does not exist for this bucket');
    return send(response, 200, buildXml({ ObjectLockConfiguration: { '@_xmlns': namespace, ObjectLockEnabled: 'Enabled' } }, { declaration: true }));
  }
  if (request.method !== 'PUT') throw notImplemented(`${request.method} of a bucket's Object Lock configuration`);
  const xml = (await readBody(request)).toString('utf8');
  if (!hasChecksum(request)) throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: Content-MD5');
  // A default retention would lock every new version, submitted data too: steuerbote locks each record as it writes it.
  if (/<Rule[\s>]/.test(xml)) throw notImplemented('a default retention of Object Lock');
  if (!/<ObjectLockEnabled>\s*Enabled\s*<\/ObjectLockEnabled>/.test(xml))
    throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema');
  await store.enableObjectLock(bucket);
  return send(response, 200);
}

async function listPage(store: ObjectStore, bucket: string, parameters: URLSearchParams): Promise<string> {
  if (parameters.get('delimiter')) throw notImplemented('listings with a delimiter');
  const prefix = parameters.get('prefix') ?? '';
  const maxKeys = Math.min(maxKeysPerPage, Math.max(0, Number(parameters.get('max-keys') ?? maxKeysPerPage) || 0));
  const token = parameters.get('continuation-token');
  const after = token === null ? (parameters.get('start-after') ?? '') : Buffer.from(token, 'base64url').toString('utf8');
  const urlEncoded = parameters.get('encoding-type') === 'url';
  const encode = (text: string) => (urlEncoded ? text.split('/').map(encodeURIComponent).join('/') : text);

  const { objects, more: truncated } = await store.list(bucket, prefix, after, maxKeys);
  return buildXml(
    {
      ListBucketResult: {
        '@_xmlns': namespace,
        Name: bucket,
        Prefix: encode(prefix),
        KeyCount: String(objects.length),
        MaxKeys: String(maxKeys),
        IsTruncated: String(truncated),
        ...(urlEncoded && { EncodingType: 'url' }),
        ...(token !== null && { ContinuationToken: token }),
        ...(truncated && { NextContinuationToken: Buffer.from(objects.at(-1)!.key, 'utf8').toString('base64url') }),
        Contents: objects.map(({ key, size, lastModified }) => ({
          Key: encode(key),
          LastModified: lastModified.toISOString(),
          Size: String(size),
          StorageClass: 'STANDARD',
        })),
      },
    },
    { declaration: true },
  );
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new S3Error(400, 'InvalidURI', 'Could not parse the specified URI.');
  }
}

const invalidArgument = (message: string) => new S3Error(400, 'InvalidArgument', message);

/** The Object Lock settings a put asks for, checked as S3 checks them; undefined without any. */
function lockOf(request: IncomingMessage): { retention?: Retention; legalHold?: 'ON' | 'OFF' } | undefined {
  const mode = request.headers['x-amz-object-lock-mode'];
  const until = request.headers['x-amz-object-lock-retain-until-date'];
  const legalHold = request.headers['x-amz-object-lock-legal-hold'];
  if (mode === undefined && until === undefined && legalHold === undefined) return undefined;
  if ((mode === undefined) !== (until === undefined))
    throw invalidArgument('x-amz-object-lock-retain-until-date and x-amz-object-lock-mode must both be supplied');
  if (mode !== undefined && mode !== 'GOVERNANCE' && mode !== 'COMPLIANCE') throw invalidArgument('Unknown wormMode directive.');
  if (legalHold !== undefined && legalHold !== 'ON' && legalHold !== 'OFF') throw invalidArgument("Legal Hold must be either of 'ON' or 'OFF'");
  const date = until === undefined ? undefined : new Date(String(until));
  if (date && Number.isNaN(date.getTime())) throw invalidArgument('The retain until date must be provided in ISO 8601 format');
  if (date && date <= new Date()) throw invalidArgument('The retain until date must be in the future!');
  return { ...(mode && date && { retention: { mode, until: date } }), ...(legalHold && { legalHold }) };
}

const hasChecksum = (request: IncomingMessage) =>
  request.headers['content-md5'] !== undefined || Object.keys(request.headers).some((name) => name.startsWith('x-amz-checksum-'));

/** Governance mode yields to a request that bypasses it; compliance mode and a legal hold to none. */
const mayRemove = (object: StoredObject, request: IncomingMessage) =>
  object.legalHold !== 'ON' && object.retention?.mode === 'GOVERNANCE' && request.headers['x-amz-bypass-governance-retention'] === 'true';

async function readBody(request: IncomingMessage): Promise<Buffer> {
  // Chunked uploads with signed chunks come from streams of unknown length; steuerbote sends whole buffers.
  if (String(request.headers['x-amz-content-sha256']).startsWith('STREAMING-') || String(request.headers['content-encoding']).includes('aws-chunked'))
    throw notImplemented('chunked uploads (aws-chunked)');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxObjectBytes) throw new S3Error(400, 'EntityTooLarge', `The local S3 stand-in keeps objects of up to ${maxObjectBytes} bytes.`);
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
  const md5 = request.headers['content-md5'];
  if (md5 !== undefined && md5 !== md5Of(body, 'base64')) throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
  for (const name of Object.keys(request.headers).filter((header) => header.startsWith('x-amz-checksum-') && header !== 'x-amz-checksum-type')) {
    const algorithm = name.slice('x-amz-checksum-'.length);
    const checksum = checksums[algorithm];
    if (!checksum) throw notImplemented(`checksums other than ${Object.keys(checksums).join(', ')} (${name})`);
    if (request.headers[name] !== checksum(body))
      throw new S3Error(400, 'BadDigest', `The ${algorithm.toUpperCase()} you specified did not match the calculated checksum.`);
  }
  return body;
}

/** The checksums the stand-in verifies, by their header's name: SHA-256, which Object Lock's callers send, and CRC32, the SDK's default. */
const checksums: Readonly<Record<string, (body: Buffer) => string>> = {
  sha256: (body) => createHash('sha256').update(body).digest('base64'),
  crc32: (body) => {
    const digest = Buffer.alloc(4);
    digest.writeUInt32BE(crc32(body));
    return digest.toString('base64');
  },
};

async function drain(request: IncomingMessage): Promise<void> {
  for await (const _chunk of request);
}

function send(response: ServerResponse, status: number, xml?: string, headers: Record<string, string> = {}): void {
  const body = xml === undefined ? undefined : Buffer.from(xml, 'utf8');
  response.writeHead(status, {
    'x-amz-request-id': randomBytes(8).toString('hex'),
    ...headers,
    ...(body ? { 'content-type': 'application/xml', 'content-length': body.length } : { 'content-length': 0 }),
  });
  response.end(body);
}
