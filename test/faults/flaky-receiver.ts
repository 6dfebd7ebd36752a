// Stands between the service and the example receiver and fails a share of the webhooks at random:
// half of the failures before forwarding (the receiver never hears of it), half after (the receiver
// stored the file, but its answer is lost), which is what makes a retry a duplicate to deduplicate.
// It also notes every transfer ticket a webhook announced, an observation of its own for the audit.

import { startTestReceiver, type ReceivedRequest } from '#test/support/test-receiver.ts';
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
  const flaky = { announced: new Map<string, Set<string>>(), failed: 0 };
  const receiver = await startTestReceiver(async (_, request) => {
    note(flaky.announced, request);
    const fail = options.random.next() < options.failureRate;
    const forward = !fail || options.random.next() < 0.5;
    const status = forward ? await pass(options.target(), request) : 500;
    if (!fail) return { status };
    flaky.failed++;
    return { status: forward ? 502 : 500 };
  });
  return {
    url: receiver.url,
    announced: flaky.announced,
    get requests() {
      return receiver.requests.length;
    },
    get failed() {
      return flaky.failed;
    },
    close: () => receiver.close(),
  };
}

function note(announced: Map<string, Set<string>>, request: ReceivedRequest): void {
  try {
    const { ticket, transfer_ticket } = JSON.parse(request.body) as { ticket?: string; transfer_ticket?: string };
    if (ticket) announced.set(ticket, (announced.get(ticket) ?? new Set()).add(String(transfer_ticket)));
  } catch {
    // Forwarded all the same: the receiver answers what it makes of it.
  }
}

async function pass(target: string, request: ReceivedRequest): Promise<number> {
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'webhook-id', 'webhook-timestamp', 'webhook-signature']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  try {
    const answer = await fetch(target, { method: 'POST', headers, body: request.body });
    await answer.body?.cancel();
    return answer.status;
  } catch {
    return 502;
  }
}
