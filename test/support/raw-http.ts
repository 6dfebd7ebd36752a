// Requests fetch cannot send: repeated headers, broken HTTP, oversized headers, clients that send
// slowly or not at all. The answer is read until the server closes the connection.

import { connect } from 'node:net';

export interface RawReply {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed body, when it is JSON. */
  json: any;
  /** From connecting until the server closed the connection. */
  ms: number;
}

/** Sends `parts` to the server of `url`, `gapMs` apart, and reads until the server closes. */
export function rawRequest(url: string, parts: (string | Uint8Array)[], { gapMs = 0 } = {}): Promise<RawReply> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may close while a slow client is still sending: that is an answer too.
    socket.on('error', (error: NodeJS.ErrnoException) => error.code !== 'EPIPE' && error.code !== 'ECONNRESET' && reject(error));
    socket.on('close', () => resolve(parse(Buffer.concat(chunks), Date.now() - started)));
    void (async () => {
      for (const part of parts) {
        if (socket.destroyed || socket.writableEnded) return;
        socket.write(part);
        if (gapMs) await new Promise((wait) => setTimeout(wait, gapMs));
      }
    })();
  });
}

function parse(bytes: Buffer, ms: number): RawReply {
  const end = bytes.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = bytes
    .subarray(0, end < 0 ? bytes.length : end)
    .toString('latin1')
    .split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const text = end < 0 ? '' : bytes.subarray(end + 4).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, text, json, ms };
}

const headerLines = (headers: [string, string][]) => headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');

/** A request as lines of HTTP/1.1, the connection closed after the answer. */
export const http11 = (requestLine: string, headers: [string, string][], body = '') =>
  `${requestLine} HTTP/1.1\r\nHost: steuerbote\r\nConnection: close\r\n${headerLines(headers)}` +
  `${body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : ''}\r\n${body}`;

/**
 * The head of an HTTP/1.1 request announcing a body of `length` bytes, for a test that then sends
 * less of it or none: the connection is left for the server to close.
 */
export const http11Head = (requestLine: string, headers: [string, string][], length: number) =>
  `${requestLine} HTTP/1.1\r\nHost: steuerbote\r\n${headerLines(headers)}Content-Length: ${length}\r\n\r\n`;
