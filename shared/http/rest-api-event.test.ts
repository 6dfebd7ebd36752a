import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { fallbackHandler } from '#shared/http/fallback-handler.ts';
import { asHttpApiEvent } from '#shared/http/rest-api-event.ts';
import type { ApiEvent } from '#shared/http/types.ts';
import { apis } from '#shared/manifest.ts';
import { context } from '#test/fakes.ts';

/** A REST API's Lambda proxy event (payload 1.0), as API Gateway hands it over behind the edge. */
function restApiEvent(method: string, path: string, headers: Record<string, string[]> = {}, query: Record<string, string[]> = {}): APIGatewayProxyEvent {
  const last = (values: Record<string, string[]>) => Object.fromEntries(Object.entries(values).map(([name, each]) => [name, each.at(-1)!]));
  return {
    httpMethod: method,
    path,
    resource: '/{proxy+}',
    headers: last(headers),
    multiValueHeaders: headers,
    queryStringParameters: Object.keys(query).length ? last(query) : null,
    multiValueQueryStringParameters: Object.keys(query).length ? query : null,
    pathParameters: { proxy: path.slice(1) },
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      authorizer: undefined,
      domainName: 'api.example.com',
      domainPrefix: 'api',
      httpMethod: method,
      identity: { sourceIp: '192.0.2.1', userAgent: 'vitest' } as APIGatewayProxyEvent['requestContext']['identity'],
      path,
      protocol: 'HTTP/1.1',
      requestId: 'rest-request',
      requestTimeEpoch: 0,
      resourceId: 'proxy',
      resourcePath: '/{proxy+}',
      stage: 'api',
    },
  };
}

const fallback = fallbackHandler(apis.api.routes);
const call = (event: APIGatewayProxyEvent) => fallback(event as unknown as ApiEvent, context());

describe('a REST API event', () => {
  it('reads as the HTTP API would hand the request over: header names in lower case, repeated values joined by commas', () => {
    const event = asHttpApiEvent(
      restApiEvent('GET', '/v2/tickets', { Authorization: ['Bearer a'], authorization: ['Bearer b'], 'X-Request-Id': ['r-1'] }, { limit: ['5', '6'] }),
    );
    expect(event.headers).toEqual({ authorization: 'Bearer a,Bearer b', 'x-request-id': 'r-1' });
    expect(event.queryStringParameters).toEqual({ limit: '5,6' });
    expect([event.rawPath, event.requestContext.http.method, event.requestContext.http.sourceIp]).toEqual(['/v2/tickets', 'GET', '192.0.2.1']);
  });

  it('reaches a handler as its HTTP API event would: the method and path it names, a header sent twice in two spellings refused', async () => {
    const refused = await call(restApiEvent('GET', '/v2/ustva'));
    expect(refused.statusCode).toBe(405);
    expect(JSON.parse(refused.body!)).toMatchObject({ message: 'GET is not allowed here', error: { code: 'METHOD_NOT_ALLOWED' } });
    expect(refused.headers.allow).toBe('POST');
    expect((await call(restApiEvent('HEAD', '/v2/ustva'))).body).toBe('');
    expect((await call(restApiEvent('GET', '/v2/nothing'))).statusCode).toBe(404);

    const twice = await call(restApiEvent('GET', '/v2/nothing', { 'X-Api-Key': ['sbk_a'], 'x-api-key': ['sbk_b'] }));
    expect([twice.statusCode, JSON.parse(twice.body!).error.code]).toEqual([400, 'BAD_REQUEST']);
  });
});
