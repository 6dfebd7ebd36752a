// A webhook receiver whose answers a test scripts: it records every request and replies as told.

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Waits this long before answering, to play a slow receiver. */
  delayMs?: number;
}

export interface TestReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** Decides the answer to request number `n` (1-based). */
  answer: (n: number, request: ReceivedRequest) => Reply | Promise<Reply>;
  close(): Promise<void>;
}

export async function startTestReceiver(answer: TestReceiver['answer'] = () => ({ status: 200 })): Promise<TestReceiver> {
  const receiver: TestReceiver = { url: '', requests: [], answer, close: async () => undefined };
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const received = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
    receiver.requests.push(received);
    const reply = await receiver.answer(receiver.requests.length, received);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (response.destroyed) return;
    response.writeHead(reply.status, reply.headers);
    response.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
