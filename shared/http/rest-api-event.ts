import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { ApiEvent } from '#shared/http/types.ts';

// Behind the edge limits a stage's API is a REST API (infra/constructs/edge-api.ts), whose Lambda
// proxy event is API Gateway's payload format 1.0; the HTTP API and the local gateway hand over 2.0,
// the one format the handlers read. So a 1.0 event is read as the HTTP API would have handed the same
// request over: header names in lower case, and a header or query parameter sent more than once as its
// values joined by commas, which is how a header sent twice is told (single-headers.ts).

type Values = Record<string, string | undefined>;
type MultiValues = Record<string, string[] | undefined>;

const isRestApiEvent = (event: ApiEvent | APIGatewayProxyEvent): event is APIGatewayProxyEvent => 'httpMethod' in event;

/** Each name's values, from the multi-valued map where API Gateway gives one, joined by commas. */
function joined(multi: MultiValues | null, single: Values | null, nameOf = (name: string) => name): Record<string, string> {
  const all = new Map<string, string[]>();
  const add = (name: string, values: readonly string[]) => all.set(nameOf(name), [...(all.get(nameOf(name)) ?? []), ...values]);
  if (multi) for (const [name, values] of Object.entries(multi)) add(name, values ?? []);
  else for (const [name, value] of Object.entries(single ?? {})) if (value !== undefined) add(name, [value]);
  return Object.fromEntries([...all].map(([name, values]) => [name, values.join(',')]));
}

/** The request a REST API event holds, as an HTTP API event. */
export function asHttpApiEvent(event: APIGatewayProxyEvent): ApiEvent {
  const { httpMethod: method, path, requestContext: context } = event;
  const routeKey = `${method} ${event.resource}`;
  const query = joined(event.multiValueQueryStringParameters, event.queryStringParameters);
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: new URLSearchParams(
      Object.entries(event.multiValueQueryStringParameters ?? {}).flatMap(([name, values]) => (values ?? []).map((value): [string, string] => [name, value])),
    ).toString(),
    headers: joined(event.multiValueHeaders, event.headers, (name) => name.toLowerCase()),
    ...(Object.keys(query).length > 0 && { queryStringParameters: query }),
    ...(event.pathParameters && { pathParameters: event.pathParameters }),
    ...(event.stageVariables && { stageVariables: event.stageVariables }),
    requestContext: {
      accountId: context.accountId,
      apiId: context.apiId,
      domainName: context.domainName ?? '',
      domainPrefix: context.domainPrefix ?? '',
      http: { method, path, protocol: context.protocol, sourceIp: context.identity.sourceIp, userAgent: context.identity.userAgent ?? '' },
      requestId: context.requestId,
      routeKey,
      stage: context.stage,
      time: context.requestTime ?? '',
      timeEpoch: context.requestTimeEpoch,
    },
    ...(event.body !== null && { body: event.body }),
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
