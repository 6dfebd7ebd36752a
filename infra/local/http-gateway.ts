// Plays API Gateway's HTTP API on one machine: each request becomes a payload-format-2.0 event
// for the very handler the manifest routes it to on AWS, and the handler's result becomes the response.

import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ApiSpec } from '#infra/manifest.ts';
import { lambdaContext } from '#infra/local/lambda-context.ts';
import { RouteTable } from '#shared/http/routes.ts';

export type HttpLambda = (event: APIGatewayProxyEventV2, context: ReturnType<typeof lambdaContext>) => Promise<APIGatewayProxyStructuredResultV2>;

// API Gateway's own payload limit; the handlers enforce the contract's smaller one.
const gatewayMaxBytes = 10 * 1024 * 1024;

const textTypes = /^(application\/(json|xml|x-www-form-urlencoded)|text\/)/i;

export interface Gateway {
  url: string;
  close(): Promise<void>;
}

export async function startGateway(
  api: ApiSpec,
  handlerOf: (name: string) => HttpLambda,
  options: { host: string; port: number },
): Promise<Gateway> {
  const routes = new RouteTable(api.routes);
  const server = createServer((request, response) => {
    serve(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Internal Server Error' }));
    });
  });

  async function serve(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    if (body === undefined) {
      response.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
      response.end(JSON.stringify({ message: 'Request Entity Too Large' }));
      return;
    }
    const url = new URL(request.url ?? '/', 'http://gateway');
    const method = request.method ?? 'GET';
    const match = routes.match(method, url.pathname);
    const functionName = match?.route.function ?? api.fallback;
    const event = toEvent(request, url, body, match ? `${method} ${match.route.path}` : '$default', match?.pathParameters);
    const result = await handlerOf(functionName)(event, lambdaContext(functionName));
    writeResult(response, result);
  }

  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://${options.host}:${port}`, close: () => closeServer(server) };
}

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > gatewayMaxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function toEvent(
  request: IncomingMessage,
  url: URL,
  body: Buffer,
  routeKey: string,
  pathParameters: Record<string, string> | undefined,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const isText = textTypes.test(headers['content-type'] ?? '');
  const query = [...url.searchParams.keys()];
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    cookies: request.headers.cookie?.split(/;\s*/),
    queryStringParameters: query.length ? Object.fromEntries(query.map((key) => [key, url.searchParams.getAll(key).join(',')])) : undefined,
    pathParameters,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
  };
}

function writeResult(response: ServerResponse, result: APIGatewayProxyStructuredResultV2) {
  const body = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  const headers: Record<string, string | number | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  // HEAD keeps GET's headers but no body, so the length is not that of an empty one.
  if (response.req.method !== 'HEAD') headers['content-length'] = body.length;
  response.writeHead(result.statusCode ?? 200, headers);
  response.end(response.req.method === 'HEAD' ? undefined : body);
}

async function closeServer(server: Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
