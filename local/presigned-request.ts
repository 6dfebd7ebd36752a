// How S3 checks a request signed in its URL (Signature Version 4 in the query, as the SDK's presigner
// writes it): the signature over the method, path, query and the headers it names, the credential's
// key, and the time it was signed for. What the signature names must come as signed: a PUT bound to
// its Content-Type, Content-Length and x-amz-checksum-sha256 takes those bytes only (their checksum is
// the body's check, readBody in s3-stand-in.ts). Not checked: the scope's region and service (the
// stand-in is one region's S3), and a session token, which the local credentials never carry.

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** S3's longest validity of a presigned URL: seven days. */
const maxExpiresSeconds = 604_800;

/** Why S3 refuses a presigned request: its status, code and message, as S3 answers them. */
export interface PresignedRefusal {
  status: number;
  code: string;
  message: string;
}

export interface PresignedRequest {
  method: string;
  /** The path as it came, still encoded: S3's signature covers it so. */
  rawPath: string;
  parameters: URLSearchParams;
  headers: IncomingHttpHeaders;
}

/** Whether `name` is one of the query parameters that carry a presigned request's signature. */
export const isSignatureParameter = (name: string) => name.startsWith('X-Amz-');

const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const refusal = (status: number, code: string, message: string): PresignedRefusal => ({ status, code, message });

/** `20261129T094234Z` as a date; undefined for anything else. */
function signedAt(amzDate: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match;
  return new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
}

/**
 * The refusal S3 would give `request`, a request with its signature in the query, or undefined where
 * S3 takes it. `secretOf` gives the secret of an access key the stand-in knows.
 */
export function presignedRefusal(request: PresignedRequest, secretOf: (accessKeyId: string) => string | undefined, now: Date): PresignedRefusal | undefined {
  const { parameters, headers } = request;
  const credential = parameters.get('X-Amz-Credential') ?? '';
  const amzDate = parameters.get('X-Amz-Date') ?? '';
  const expires = Number(parameters.get('X-Amz-Expires'));
  const signedHeaders = parameters.get('X-Amz-SignedHeaders') ?? '';
  const signature = parameters.get('X-Amz-Signature') ?? '';
  const at = signedAt(amzDate);
  const [accessKeyId = '', day = '', ...scopeRest] = credential.split('/');
  if (parameters.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !at || scopeRest.length !== 3 || !signedHeaders || !/^[0-9a-f]{64}$/.test(signature))
    return refusal(
      400,
      'AuthorizationQueryParametersError',
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
    );
  if (!Number.isInteger(expires) || expires < 1 || expires > maxExpiresSeconds)
    return refusal(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be less than a week (in seconds) that is; 604800 seconds');
  const secret = secretOf(accessKeyId);
  if (secret === undefined) return refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (now.getTime() > at.getTime() + expires * 1000) return refusal(403, 'AccessDenied', 'Request has expired');
  if (at.getTime() > now.getTime() + 15 * 60_000) return refusal(403, 'AccessDenied', 'Request is not valid yet');

  const names = signedHeaders.split(';');
  if (!names.includes('host')) return refusal(400, 'AuthorizationQueryParametersError', 'Host must be signed.');
  // A signed header left out, or sent with another value, makes another signature, as at S3.
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalQuery = [...parameters.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const payload = parameters.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
  const canonical = [request.method, request.rawPath, canonicalQuery, canonicalHeaders, signedHeaders, payload].join('\n');
  const scope = [day, ...scopeRest].join('/');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const key = [day, ...scopeRest].reduce<Buffer | string>((signing, part) => hmac(signing, part), `AWS4${secret}`);
  const expected = hmac(key, toSign);
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
    return refusal(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  return undefined;
}
