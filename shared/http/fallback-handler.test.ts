import { describe, expect, it } from 'vitest';
import { apis } from '#shared/manifest.ts';
import { fallbackHandler } from '#shared/http/fallback-handler.ts';
import { apiEvent, context } from '#test/fakes.ts';

const api = fallbackHandler(apis.api.routes);
const receiver = fallbackHandler(apis.receiver.routes);

const call = (handler: typeof api, method: string, path: string) => handler(apiEvent(method, path), context());

describe('fallbackHandler', () => {
  it('answers an unknown path with 404 NOT_FOUND', async () => {
    const response = await call(api, 'GET', '/v2/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.headers.allow).toBeUndefined();
    expect(JSON.parse(response.body ?? '')).toMatchObject({ success: false, data: null, error: { code: 'NOT_FOUND' } });
  });

  it.each([
    ['GET', '/v2/ustva', 'POST'],
    ['HEAD', '/v2/est', 'POST'],
    ['POST', '/v2/status/tk_abc', 'GET, HEAD'],
    ['DELETE', '/v2/version', 'GET, HEAD'],
  ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
    const response = await call(api, method, path);
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe(allow);
  });

  it('names the refused method in a METHOD_NOT_ALLOWED body, and sends none to HEAD', async () => {
    expect(JSON.parse((await call(api, 'GET', '/v2/ustva')).body ?? '')).toMatchObject({
      message: 'GET is not allowed here',
      error: { code: 'METHOD_NOT_ALLOWED' },
    });
    expect((await call(api, 'HEAD', '/v2/ustva')).body).toBe('');
  });

  it('knows only its own API routes', async () => {
    expect((await call(api, 'GET', '/dummy/hook-endpoint')).statusCode).toBe(404);
    const wrongMethod = await call(receiver, 'GET', '/dummy/hook-endpoint');
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST');
    expect((await call(receiver, 'POST', '/v2/ustva')).statusCode).toBe(404);
  });

  it('refuses HEAD where the GET acts, allowing GET alone', async () => {
    const response = await call(receiver, 'HEAD', '/dummy/hook-run/tk_abc');
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET');
    expect(response.body).toBe('');
  });
});
