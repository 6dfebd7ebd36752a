// Stands between the service and the example receiver and fails a share of the webhooks at random:
// half of the failures before forwarding (the receiver never hears of it), half after (the receiver
// stored the file, but its answer is lost), which is what makes a retry a duplicate to deduplicate.
// It also notes every transfer ticket a webhook announced, an observation of its own for the audit.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Prng } from './prng.ts';

export interface FlakyReceiver {
  url: string;
  /** Transfer tickets announced per ticket, across all attempts. */
  announced: Map<string, Set<string>>;
  requests: number;
  failed: number;
  close(): Promise<void>;
}

export async function startFlakyReceiver(options: { target: () => string; failureRate: number; random: Prng }): Promise<FlakyReceiver> {
  const receiver: FlakyReceiver = { url: '', announced: new Map(), requests: 0, failed: 0, close: async () => undefined };
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    receiver.requests++;
    try {
      const { ticket, transfer_ticket } = JSON.parse(raw.toString('utf8')) as { ticket?: string; transfer_ticket?: string };
      if (ticket) receiver.announced.set(ticket, (receiver.announced.get(ticket) ?? new Set()).add(String(transfer_ticket)));
    } catch {
      // Forwarded all the same: the receiver answers what it makes of it.
    }
    const fail = options.random.next() < options.failureRate;
    const forward = !fail || options.random.next() < 0.5;
    let status = 500;
    if (forward) {
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'webhook-id', 'webhook-timestamp', 'webhook-signature']) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      try {
        const answer = await fetch(options.target(), { method: 'POST', headers, body: raw });
        await answer.body?.cancel();
        status = answer.status;
      } catch {
        status = 502;
      }
    }
    if (fail) {
      receiver.failed++;
      status = forward ? 502 : 500;
    }
    response.writeHead(status);
    response.end();
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
