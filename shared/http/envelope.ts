import type { MiddlewareObj, Request } from '@middy/core';
import { serviceVersion } from '#shared/config.ts';
import { HttpError } from '#shared/http/http-error.ts';
import type { ApiEvent, ApiResponse, ApiResult } from '#shared/http/types.ts';
import { describeError, logger } from '#shared/logger.ts';

type ApiRequest = Request<ApiEvent, ApiResponse>;

const messages: Record<number, string> = { 500: 'Internal error', 503: 'Service unavailable' };

/** Wraps every result and every error in the contract's envelope (§2); HEAD gets the headers only. */
export const envelope = (): MiddlewareObj<ApiEvent, ApiResponse> => ({
  after: (request: ApiRequest) => {
    request.response = toResponse(request.event, request.response as unknown as ApiResult);
  },
  onError: (request: ApiRequest) => {
    const error = request.error;
    if (!(error instanceof HttpError)) logger.error('unhandled error', { error: describeError(error) });
    const known = error instanceof HttpError ? error : new HttpError(500, 'INTERNAL', messages[500]!);
    request.response = finish(request.event, known.status, known.headers, {
      ...general(request.event, false, known.status, known.message),
      data: known.data,
      error: { code: known.code, details: known.details },
    });
  },
});

function toResponse(event: ApiEvent, result: ApiResult): ApiResponse {
  if ('raw' in result) {
    const headers = { ...result.headers, 'content-type': result.contentType, 'x-request-id': event.requestId ?? '' };
    if (isHead(event)) return { statusCode: result.status, headers, body: '' };
    return { statusCode: result.status, headers, body: Buffer.from(result.raw).toString('base64'), isBase64Encoded: true };
  }
  return finish(event, result.status, result.headers ?? {}, {
    ...general(event, true, result.status, result.message),
    data: result.data,
  });
}

function general(event: ApiEvent, success: boolean, status: number, message: string) {
  return {
    success,
    status,
    message,
    request_id: event.requestId ?? '',
    api_version: 'v2',
    service_version: serviceVersion(),
    timestamp: new Date().toISOString(),
  };
}

function finish(event: ApiEvent, status: number, headers: Record<string, string>, body: object): ApiResponse {
  return {
    statusCode: status,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8', 'x-request-id': event.requestId ?? '' },
    body: isHead(event) ? '' : JSON.stringify(body),
  };
}

const isHead = (event: ApiEvent) => event.requestContext?.http?.method === 'HEAD';
