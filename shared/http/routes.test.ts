import { describe, expect, it } from 'vitest';
import { apis, type RouteSpec } from '#shared/manifest.ts';
import { RouteTable } from '#shared/http/routes.ts';

const table = new RouteTable(apis.api.routes);

describe('RouteTable.match', () => {
  it('matches a literal path by method', () => {
    expect(table.match('POST', '/v2/ustva')?.route.function).toBe('submitUstva');
    expect(table.match('GET', '/v2/version')).toMatchObject({ route: { function: 'getVersion' }, pathParameters: {} });
  });

  it('fills {param} from one path segment', () => {
    expect(table.match('GET', '/v2/status/tk_abc')).toEqual({
      route: { method: 'GET', path: '/v2/status/{ticket}', function: 'getStatus' },
      pathParameters: { ticket: 'tk_abc' },
    });
    expect(table.match('HEAD', '/v2/response/tk_abc')?.route.function).toBe('getProtocol');
  });

  it('decodes a parameter, and keeps one that does not decode', () => {
    expect(table.match('GET', '/v2/ticket/tk%5Fa%20b')?.pathParameters).toEqual({ ticket: 'tk_a b' });
    expect(table.match('GET', '/v2/ticket/%E0%A4%A')?.pathParameters).toEqual({ ticket: '%E0%A4%A' });
  });

  it('does not let a parameter span segments or be empty', () => {
    expect(table.match('GET', '/v2/status/a/b')).toBeUndefined();
    expect(table.match('GET', '/v2/status/')).toBeUndefined();
    expect(table.match('GET', '/v2/status')).toBeUndefined();
  });

  it('matches whole paths only', () => {
    expect(table.match('GET', '/v2/version/')).toBeUndefined();
    expect(table.match('GET', '/x/v2/version')).toBeUndefined();
    expect(table.match('POST', '/v2/ustvax')).toBeUndefined();
  });

  it('filters by method', () => {
    expect(table.match('GET', '/v2/ustva')).toBeUndefined();
    expect(table.match('POST', '/v2/status/tk_abc')).toBeUndefined();
  });

  it('treats regex characters in a literal segment literally', () => {
    const dotted = new RouteTable([{ method: 'GET', path: '/v2/openapi.json', function: 'getVersion' }]);
    expect(dotted.match('GET', '/v2/openapi.json')).toBeDefined();
    expect(dotted.match('GET', '/v2/openapiXjson')).toBeUndefined();
  });

  it('names several parameters', () => {
    const routes: RouteSpec[] = [{ method: 'GET', path: '/a/{first}/b/{second}', function: 'getVersion' }];
    expect(new RouteTable(routes).match('GET', '/a/1/b/2')?.pathParameters).toEqual({ first: '1', second: '2' });
  });
});

describe('HEAD', () => {
  const receiver = new RouteTable(apis.receiver.routes);

  it('is served by the function of a safe GET', () => {
    expect(table.match('HEAD', '/v2/openapi.json')?.route).toEqual({ method: 'HEAD', path: '/v2/openapi.json', function: 'getOpenapi' });
  });

  it('is not served where the GET acts, nor where there is no GET', () => {
    expect(receiver.match('GET', '/dummy/hook-run/tk_abc')?.route.function).toBe('receiverRun');
    expect(receiver.match('HEAD', '/dummy/hook-run/tk_abc')).toBeUndefined();
    expect(receiver.allowedMethods('/dummy/hook-run/tk_abc')).toEqual(['GET']);
    expect(table.match('HEAD', '/v2/ustva')).toBeUndefined();
  });
});

describe('RouteTable.allowedMethods', () => {
  it('lists each method a path allows once', () => {
    expect(table.allowedMethods('/v2/ustva')).toEqual(['POST']);
    expect(table.allowedMethods('/v2/status/tk_abc')).toEqual(['GET', 'HEAD']);
    expect(table.allowedMethods('/v2/version')).toEqual(['GET', 'HEAD']);
  });

  it('allows nothing on an unknown path', () => {
    expect(table.allowedMethods('/v2/nothing')).toEqual([]);
    expect(table.allowedMethods('/v1/ustva')).toEqual([]);
  });
});
