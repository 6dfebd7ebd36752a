import { afterEach, describe, expect, it, vi } from 'vitest';
import { serviceVersion } from '#shared/config.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { HttpError } from '#shared/http/http-error.ts';
import type { ApiHandler } from '#shared/http/types.ts';
import { logger } from '#shared/logger.ts';
import { apiEvent, context } from '#test/fakes.ts';

const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const call = (handler: ApiHandler, method = 'GET', headers: Record<string, string> = {}) =>
  apiHandler(handler)(apiEvent(method, '/v2/thing', { headers }), context());

const bodyOf = (response: { body?: string }) => JSON.parse(response.body ?? '') as Record<string, unknown>;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('envelope', () => {
  it('keeps an error answer under 64 KiB, however many and long its details and message', async () => {
    const huge = '\u0001'.repeat(1_000_000);
    const details = Array.from({ length: 90_000 }, () => ({ path: huge, code: 'UNKNOWN_FIELD', message: huge, expected: huge }));
    const response = await call(async () => {
      throw new HttpError(422, 'VALIDATION_FAILED', huge, { details });
    });
    expect(Buffer.byteLength(response.body ?? '')).toBeLessThan(64 * 1024);
    const { error } = bodyOf(response) as { error: { details: { code: string; count?: number }[] } };
    const listed = error.details.length - 1;
    expect(error.details.at(-1)).toEqual(expect.objectContaining({ code: 'FINDINGS_TRUNCATED', count: 90_000 - listed }));
  });

  it('wraps a result in the success envelope with its status, headers and data', async () => {
    const response = await call(
      async () => ({ status: 202, message: 'Submission accepted', data: { ticket: 'tk_x' }, headers: { location: '/v2/ticket/tk_x' } }),
      'POST',
      { 'x-request-id': 'req-1' },
    );
    expect(response.statusCode).toBe(202);
    expect(response.headers).toEqual({
      location: '/v2/ticket/tk_x',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(response.body ?? '')),
      'x-request-id': 'req-1',
    });
    const body = bodyOf(response);
    expect(body).toEqual({
      success: true,
      status: 202,
      message: 'Submission accepted',
      request_id: 'req-1',
      api_version: 'v2',
      service_version: serviceVersion(),
      timestamp: expect.stringMatching(isoTimestamp),
      data: { ticket: 'tk_x' },
    });
    expect(Number.isNaN(Date.parse(body.timestamp as string))).toBe(false);
  });

  it('carries the generated request ID in body and header alike', async () => {
    const response = await call(async () => ({ status: 200, message: 'ok', data: null }));
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(bodyOf(response).request_id).toBe(response.headers['x-request-id']);
  });

  it('turns an HttpError into its status, code, details and headers, with data null', async () => {
    const details = [{ path: 'year', code: 'REQUIRED', message: 'is required' }];
    const response = await call(
      async () => {
        throw new HttpError(401, 'UNAUTHORIZED', 'A key is required', { details, headers: { 'www-authenticate': 'Bearer' } });
      },
      'GET',
      { 'x-request-id': 'req-2' },
    );
    expect(response.statusCode).toBe(401);
    expect(response.headers).toEqual({
      'www-authenticate': 'Bearer',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(response.body ?? '')),
      'x-request-id': 'req-2',
    });
    expect(bodyOf(response)).toEqual({
      success: false,
      status: 401,
      message: 'A key is required',
      request_id: 'req-2',
      api_version: 'v2',
      service_version: serviceVersion(),
      timestamp: expect.stringMatching(isoTimestamp),
      data: null,
      error: { code: 'UNAUTHORIZED', details },
    });
  });

  it('keeps the data an HttpError carries', async () => {
    const response = await call(async () => {
      throw new HttpError(409, 'PROTOCOL_NOT_READY', 'Not yet', { data: { status: 'queued' } });
    });
    expect(bodyOf(response)).toMatchObject({ success: false, data: { status: 'queued' }, error: { code: 'PROTOCOL_NOT_READY', details: [] } });
  });

  it('answers any other error with a bare 500 INTERNAL and logs no stack', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const response = await call(async () => {
      throw new Error('DynamoDB said: tax number 9198011310010 at /srv/secret.ts:12');
    });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('9198011310010');
    expect(response.body).not.toContain('secret.ts');
    expect(response.body).not.toMatch(/stack/i);
    expect(bodyOf(response)).toMatchObject({
      success: false,
      status: 500,
      message: 'Internal error',
      data: null,
      error: { code: 'INTERNAL', details: [] },
    });
    expect(logged).toHaveBeenCalledOnce();
    expect(JSON.stringify(logged.mock.calls)).not.toContain('stack');
  });

  it('answers 500 when a handler returns nothing usable', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const response = await call((async () => undefined) as unknown as ApiHandler);
    expect(response.statusCode).toBe(500);
    expect(bodyOf(response)).toMatchObject({ error: { code: 'INTERNAL' } });
  });

  it('answers HEAD with the status and headers of GET but no body', async () => {
    const handler: ApiHandler = async () => ({ status: 200, message: 'ok', data: { big: 'x'.repeat(100) }, headers: { etag: '"1"' } });
    const get = await call(handler, 'GET', { 'x-request-id': 'same' });
    const head = await call(handler, 'HEAD', { 'x-request-id': 'same' });
    expect(head.statusCode).toBe(get.statusCode);
    expect(head.headers).toEqual(get.headers);
    expect(head.body).toBe('');
  });

  it('tells HEAD the length of the body GET sends, byte for byte', async () => {
    const handler: ApiHandler = async () => ({ status: 200, message: 'ok', data: { name: 'Müller €' } });
    const get = await call(handler, 'GET', { 'x-request-id': 'same' });
    const head = await call(handler, 'HEAD', { 'x-request-id': 'same' });
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body ?? '')));
    const error = await call(async () => {
      throw new HttpError(404, 'NOT_FOUND', 'No such ticket');
    }, 'HEAD');
    expect(Number(error.headers['content-length'])).toBeGreaterThan(100);
  });

  it('answers HEAD of an error with its status and headers but no body', async () => {
    const response = await call(async () => {
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'No', { headers: { allow: 'POST' } });
    }, 'HEAD');
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.body).toBe('');
  });

  it('sends a raw result base64-encoded with its own content type', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7 raw');
    const handler: ApiHandler = async () => ({
      status: 200,
      raw: pdf,
      contentType: 'application/pdf',
      headers: { 'content-disposition': 'attachment; filename="p.pdf"' },
    });
    const response = await call(handler, 'GET', { 'x-request-id': 'req-3' });
    expect(response.statusCode).toBe(200);
    expect(response.isBase64Encoded).toBe(true);
    expect(Buffer.from(response.body ?? '', 'base64').toString('latin1')).toBe('%PDF-1.7 raw');
    expect(response.headers).toEqual({
      'content-disposition': 'attachment; filename="p.pdf"',
      'content-type': 'application/pdf',
      'content-length': '12',
      'x-request-id': 'req-3',
    });

    const head = await call(handler, 'HEAD', { 'x-request-id': 'req-3' });
    expect(head.statusCode).toBe(200);
    expect(head.headers).toEqual(response.headers);
    expect(head.body).toBe('');
  });
});
