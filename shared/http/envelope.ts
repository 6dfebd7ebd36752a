import type { MiddlewareObj, Request } from '@middy/core';
import { serviceVersion } from '#shared/config.ts';
import { boundedFindings, maxTextLength, shortened } from '#shared/domain/finding-limits.ts';
import { HttpError } from '#shared/http/http-error.ts';
import type { ApiEvent, ApiResponse, ApiResult } from '#shared/http/types.ts';
import { describeError, logger } from '#shared/logger.ts';

type ApiRequest = Request<ApiEvent, ApiResponse>;

/** Whom an answer goes to: the request ID it carries, and whether it is a HEAD, which gets no body. */
export interface Addressee {
  requestId: string;
  head: boolean;
}

const addresseeOf = (event: ApiEvent): Addressee => ({ requestId: event.requestId ?? '', head: event.requestContext?.http?.method === 'HEAD' });

const messages: Record<number, string> = { 500: 'Internal error', 503: 'Service unavailable' };

/** Wraps every result and every error in the response envelope of the OpenAPI document; HEAD gets the headers only. */
export const envelope = (): MiddlewareObj<ApiEvent, ApiResponse> => ({
  after: (request: ApiRequest) => {
    request.response = toResponse(addresseeOf(request.event), request.response as unknown as ApiResult);
  },
  onError: (request: ApiRequest) => {
    const error = request.error;
    if (!(error instanceof HttpError)) logger.error('unhandled error', { error: describeError(error) });
    request.response = errorResponse(addresseeOf(request.event), error instanceof HttpError ? error : internalError());
  },
});

export const internalError = () => new HttpError(500, 'INTERNAL', messages[500]!);

/**
 * An error in the envelope: for a handler's error, or for a request the local gateway refuses itself.
 * Its message and details are bounded here, so no body, however made, gets an answer over 64 KiB.
 */
export function errorResponse(to: Addressee, error: HttpError): ApiResponse {
  return finish(to, error.status, error.headers, {
    ...general(to, false, error.status, shortened(error.message, maxTextLength.message)),
    data: error.data,
    error: { code: error.code, details: boundedFindings(error.details) },
  });
}

function toResponse(to: Addressee, result: ApiResult): ApiResponse {
  if ('raw' in result) {
    return answer(to, result.status, { ...result.headers, 'content-type': result.contentType }, Buffer.from(result.raw));
  }
  return finish(to, result.status, result.headers ?? {}, {
    ...general(to, true, result.status, result.message),
    data: result.data,
  });
}

function general(to: Addressee, success: boolean, status: number, message: string) {
  return {
    success,
    status,
    message,
    request_id: to.requestId,
    api_version: 'v2',
    service_version: serviceVersion(),
    timestamp: new Date().toISOString(),
  };
}

function finish(to: Addressee, status: number, headers: Record<string, string>, body: object): ApiResponse {
  return answer(to, status, { ...headers, 'content-type': 'application/json; charset=utf-8' }, JSON.stringify(body));
}

/**
 * The length travels as a header, so that HEAD, which drops the body, still says how long GET's
 * would be: whatever serves the answer, API Gateway or the local gateway, takes it from here.
 */
function answer(to: Addressee, status: number, headers: Record<string, string>, body: string | Buffer): ApiResponse {
  const all = { ...headers, 'content-length': String(Buffer.byteLength(body)), 'x-request-id': to.requestId };
  if (to.head) return { statusCode: status, headers: all, body: '' };
  if (typeof body === 'string') return { statusCode: status, headers: all, body };
  return { statusCode: status, headers: all, body: body.toString('base64'), isBase64Encoded: true };
}
