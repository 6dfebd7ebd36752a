import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { ApiEvent } from '#shared/http/types.ts';

// Behind the edge limits a stage's API is a REST API (infra/constructs/edge-api.ts), whose Lambda
// proxy event is API Gateway's payload format 1.0; the HTTP API and the local gateway hand over 2.0,
// the one format the handlers read. So a 1.0 event is read as the HTTP API would have handed the same
// request over: header names in lower case, and a header or query parameter sent more than once as its
// values joined by commas, which is how a header sent twice is told (single-headers.ts).

const isRestApiEvent = (event: ApiEvent | APIGatewayProxyEvent): event is APIGatewayProxyEvent => 'httpMethod' in event;

/** Each name's values, the multi-valued map API Gateway gives beside the single one, joined by commas. */
function joined(multi: Record<string, string[] | undefined> | null, nameOf = (name: string) => name): Record<string, string> {
  const all: Record<string, string> = {};
  for (const [name, values = []] of Object.entries(multi ?? {})) {
    const key = nameOf(name);
    all[key] = [...(key in all ? [all[key]] : []), ...values].join(',');
  }
  return all;
}

/** The request a REST API event holds, as an HTTP API event. */
export function asHttpApiEvent(event: APIGatewayProxyEvent): ApiEvent {
  const { httpMethod: method, path, requestContext: context, multiValueQueryStringParameters: query } = event;
  const { identity, domainName = '', domainPrefix = '', requestTime = '' } = context;
  const routeKey = `${method} ${event.resource}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    // A REST API's event holds the query decoded only; no handler reads it raw.
    rawQueryString: '',
    headers: joined(event.multiValueHeaders, (name) => name.toLowerCase()),
    queryStringParameters: query ? joined(query) : undefined,
    pathParameters: event.pathParameters ?? undefined,
    requestContext: {
      ...context,
      domainName,
      domainPrefix,
      routeKey,
      time: requestTime,
      timeEpoch: context.requestTimeEpoch,
      http: { method, path, protocol: context.protocol, sourceIp: identity.sourceIp, userAgent: identity.userAgent ?? '' },
    },
    body: event.body ?? undefined,
    isBase64Encoded: event.isBase64Encoded,
  };
}

/** Reads a REST API's event as an HTTP API's, before any other middleware looks at it. */
export const restApiEvents = (): MiddlewareObj<ApiEvent> => ({
  before: (request) => {
    const event = request.event as ApiEvent | APIGatewayProxyEvent;
    if (isRestApiEvent(event)) request.event = asHttpApiEvent(event);
  },
});
