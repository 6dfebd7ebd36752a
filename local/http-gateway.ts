// Plays API Gateway's HTTP API on one machine: each request becomes a payload-format-2.0 event
// for the very handler the manifest routes it to on AWS, and the handler's result becomes the response.
// What no handler sees (a body over the gateway's limit, broken HTTP, a request line or Host it
// cannot serve, a timeout, a connection over the limit) is answered here, in the same envelope, with
// a log line. What a function would refuse on its headers alone (shared/http/admission.ts: the
// Expect, a header sent twice, and on an authenticated route the API key) is refused here before the
// body is read, and the connection closed, so an unknown caller's body costs no memory.

import { randomUUID } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { functions, type ApiSpec, type FunctionName, type FunctionSpec } from '../shared/manifest.ts';
import { lambdaContext } from '#local/lambda-context.ts';
import { badRequest, readTarget, refusal, type RequestTarget } from '#local/request-target.ts';
import { admit } from '../shared/http/admission.ts';
import { errorResponse, internalError } from '../shared/http/envelope.ts';
import { HttpError } from '../shared/http/http-error.ts';
import { chooseRequestId } from '../shared/http/request-id.ts';
import { RouteTable } from '../shared/http/routes.ts';
import { transportLimits as limits } from '../shared/http/transport.ts';
import { describeError, logger } from '../shared/logger.ts';
import type { ApiKeyStore } from '../shared/ports/api-key-store.ts';

export type HttpLambda = (event: APIGatewayProxyEventV2, context: ReturnType<typeof lambdaContext>) => Promise<APIGatewayProxyStructuredResultV2>;

const textTypes = /^(application\/(json|xml|x-www-form-urlencoded)|text\/)/i;

const tooLarge = () => refusal(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds ${limits.maxBodyBytes} bytes`);
const tooManyConnections = (max: number) =>
  refusal(503, 'UNAVAILABLE', `The local runtime serves at most ${max} connections at once; retry after ${limits.retryAfterSeconds} seconds`, {
    'retry-after': String(limits.retryAfterSeconds),
  });

/** A function's own refusal, given by the gateway before the body: the connection closes, its body unread. */
const closing = (error: HttpError) =>
  new HttpError(error.status, error.code, error.message, { details: error.details, data: error.data, headers: { ...error.headers, connection: 'close' } });

// A function granted the API keys table authenticates its caller: only authentication reads that
// table (`callers`, shared/wiring/adapters.ts), and a function is granted exactly what its code
// needs (test/infra/code-needs.test.ts).
const authenticates = (name: FunctionName) => Boolean((functions[name] as FunctionSpec).tables?.apiKeys);

/** Node's reasons for refusing a connection's request, as answers. */
function clientErrorOf(code: string | undefined, timeouts: Timeouts): HttpError {
  if (code === 'HPE_HEADER_OVERFLOW') return refusal(431, 'HEADERS_TOO_LARGE', `The request line and headers exceed ${limits.maxHeaderBytes} bytes`);
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return refusal(
      408,
      'REQUEST_TIMEOUT',
      `The request must arrive within ${timeouts.requestTimeoutSeconds} s, its headers within ${timeouts.headersTimeoutSeconds} s`,
    );
  }
  return badRequest('The request is not well-formed HTTP/1.1');
}

/** Every answer the gateway gives itself is logged by its status, code and reason, never by what was sent. */
function logRefusal(requestId: string, error: HttpError, parserCode?: string) {
  logger.warn('request refused by the gateway', {
    request_id: requestId,
    status: error.status,
    code: error.code,
    reason: error.message,
    parser_code: parserCode,
  });
}

type Timeouts = Required<Pick<GatewayOptions, 'headersTimeoutSeconds' | 'requestTimeoutSeconds'>>;

export interface Gateway {
  url: string;
  close(): Promise<void>;
}

export interface GatewayOptions {
  host: string;
  port: number;
  /** Connections served at once; one beyond is answered 503 at its first request and closed. */
  maxConnections?: number;
  /** Seconds a request's headers may take to arrive (at most `requestTimeoutSeconds`); then 408. */
  headersTimeoutSeconds?: number;
  /** Seconds the whole request may take to arrive; then 408. */
  requestTimeoutSeconds?: number;
  /**
   * The store the functions find API keys in: given, a request to an authenticated route is refused
   * without a valid key before its body is read. Without it, as for the example receiver, every
   * request is handed on with its body and its function alone decides.
   */
  keys?: () => ApiKeyStore;
}

export async function startGateway(api: ApiSpec, handlerOf: (name: string) => HttpLambda, options: GatewayOptions): Promise<Gateway> {
  const routes = new RouteTable(api.routes);
  const maxConnections = options.maxConnections ?? limits.maxConnections;
  const timeouts: Timeouts = {
    headersTimeoutSeconds: options.headersTimeoutSeconds ?? limits.headersTimeoutSeconds,
    requestTimeoutSeconds: options.requestTimeoutSeconds ?? limits.requestTimeoutSeconds,
  };
  // The answer each connection is giving, so an error on it is answered through it, not beside it.
  const answering = new WeakMap<Duplex, ServerResponse>();
  // Connections accepted while `maxConnections` others were open: each is answered 503 and closed.
  const turnedAway = new WeakSet<Duplex>();
  let served = 0;
  const server = createServer(
    {
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: timeouts.headersTimeoutSeconds * 1000,
      requestTimeout: timeouts.requestTimeoutSeconds * 1000,
      keepAliveTimeout: limits.keepAliveSeconds * 1000,
      // How often Node looks for expired requests: its default of 30 s would stretch every timeout by as much.
      connectionsCheckingInterval: 1000,
      // A missing Host is refused by readTarget, in the envelope; Node's own refusal would be a bare 400.
      requireHostHeader: false,
    },
    (request, response) => handle(request, response, false),
  );
  server.on('connection', (socket: Socket) => {
    if (served >= maxConnections) return void turnedAway.add(socket);
    served++;
    socket.once('close', () => served--);
  });
  // Node hands CONNECT over as a tunnel; the API is no proxy, so it gets the envelope and the connection ends.
  server.on('connect', (request: IncomingMessage, socket: Socket) => {
    const requestId = chooseRequestId(headersOf(request)['x-request-id']);
    const error = badRequest('CONNECT is not served: the API is no proxy');
    logRefusal(requestId, error);
    socket.end(rawAnswer(errorResponse({ requestId, head: false }, error)));
  });
  // Node takes any Expect that merely contains 100-continue for it; admit decides what is understood.
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => handle(request, response, true));
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => handle(request, response, false));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const response = answering.get(socket);
    if (error.code === 'ECONNRESET' || !socket.writable) socket.destroy();
    else if (response && !response.writableEnded) refuse(response, clientErrorOf(error.code, timeouts), error.code);
    else {
      const requestId = randomUUID();
      const answer = clientErrorOf(error.code, timeouts);
      logRefusal(requestId, answer, error.code);
      socket.end(rawAnswer(errorResponse({ requestId, head: false }, answer)));
    }
  });

  function handle(request: IncomingMessage, response: ServerResponse, expectsContinue: boolean) {
    answering.set(request.socket, response);
    serve(request, response, expectsContinue).catch((error: unknown) => {
      logger.error('gateway could not serve a request', { error: describeError(error) });
      refuse(response, internalError());
    });
  }

  /** The request's target, route and function, once nothing its connection and headers alone decide refuses it. */
  async function admitted(request: IncomingMessage) {
    if (turnedAway.has(request.socket)) throw tooManyConnections(maxConnections);
    const target = readTarget(request);
    const match = routes.match(request.method ?? 'GET', target.path);
    const functionName = match?.route.function ?? api.fallback;
    try {
      await admit(headersOf(request), options.keys && authenticates(functionName) ? options.keys() : undefined);
    } catch (error) {
      throw error instanceof HttpError ? closing(error) : error;
    }
    return { target, match, functionName };
  }

  /** `expectsContinue`: the client waits for 100 Continue before it sends the body, given only once the request is admitted. */
  async function serve(request: IncomingMessage, response: ServerResponse, expectsContinue: boolean) {
    let admittedRequest: Awaited<ReturnType<typeof admitted>>;
    try {
      admittedRequest = await admitted(request);
    } catch (error) {
      if (error instanceof HttpError) return refuse(response, error);
      throw error;
    }
    const { target, match, functionName } = admittedRequest;
    if (expectsContinue) response.writeContinue();
    const body = await readBody(request);
    if (body === undefined) return refuse(response, tooLarge());
    const routeKey = match ? `${match.route.method} ${match.route.path}` : '$default';
    const event = toEvent(request, target, body, routeKey, match?.pathParameters);
    const result = await handlerOf(functionName)(event, lambdaContext(functionName));
    writeResult(response, result);
  }

  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://${options.host}:${port}`, close: () => closeServer(server) };
}

/** An error answer from the gateway itself, in the envelope; once an answer has begun, the connection is cut instead. */
function refuse(response: ServerResponse, error: HttpError, parserCode?: string) {
  const request = response.req;
  const to = { requestId: chooseRequestId(headersOf(request)['x-request-id']), head: request.method === 'HEAD' };
  logRefusal(to.requestId, error, parserCode);
  if (response.headersSent) return void response.destroy();
  writeResult(response, errorResponse(to, error));
}

/** An answer written straight to a connection on which Node could not make out a request. */
function rawAnswer(result: APIGatewayProxyStructuredResultV2 & { statusCode: number; headers: Record<string, string> }): string {
  const lines = [
    `HTTP/1.1 ${result.statusCode} ${STATUS_CODES[result.statusCode]}`,
    ...Object.entries(result.headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${result.body ?? ''}`;
}

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limits.maxBodyBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The headers as API Gateway hands them over: names in lower case, a repeated header's values joined
 * with commas. Node's own `request.headers` would keep only the first of some (Authorization among
 * them) and join others with ", ", so a repeated header could pass for one.
 */
function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let at = 0; at < request.rawHeaders.length; at += 2) {
    const name = request.rawHeaders[at]!.toLowerCase();
    const value = request.rawHeaders[at + 1]!;
    if (name !== 'cookie') headers[name] = name in headers ? `${headers[name]},${value}` : value;
  }
  return headers;
}

function toEvent(
  request: IncomingMessage,
  target: RequestTarget,
  body: Buffer,
  routeKey: string,
  pathParameters: Record<string, string> | undefined,
): APIGatewayProxyEventV2 {
  const headers = headersOf(request);
  // Bytes that are not UTF-8 travel base64-encoded, so the handler sees them as sent rather than replaced.
  const isText = textTypes.test(headers['content-type'] ?? '') && isUtf8(body);
  const searchParams = new URLSearchParams(target.query);
  const query = [...searchParams.keys()];
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: target.path,
    rawQueryString: target.query,
    headers,
    cookies: request.headers.cookie?.split(/;\s*/),
    queryStringParameters: query.length ? Object.fromEntries(query.map((key) => [key, searchParams.getAll(key).join(',')])) : undefined,
    pathParameters,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: target.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: request.method ?? 'GET',
        path: target.path,
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
  // HEAD keeps the length the handler gives for GET's body; anything else is measured.
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
