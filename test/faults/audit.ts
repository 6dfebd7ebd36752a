// Follows every accepted ticket through the API until it settles, then compares what the service
// says with what the tax authority's ledger and the receiver's side observed.

import { deliveriesByTicket } from './authority-ledger.ts';
import type { Figures } from './figures.ts';

const terminal = new Set(['delivered', 'rejected', 'failed']);

export interface AuditOptions {
  apiUrl: string;
  apiKey: string;
  tickets: readonly string[];
  ledgerFile: string;
  /** Also wait until each delivered ticket's webhook is no longer pending. */
  webhooks: boolean;
  drainMs: number;
  /** Transfer tickets the webhooks announced, per ticket, when a receiver watched them. */
  announced?: Map<string, Set<string>>;
}

export interface Settled {
  figures: Figures;
  /** The last metadata the API gave for each ticket. */
  tickets: Map<string, any>;
}

export async function settle(options: AuditOptions): Promise<Settled> {
  const settled = new Map<string, any>();
  let open = [...options.tickets];
  const deadline = Date.now() + options.drainMs;
  while (open.length && Date.now() < deadline) {
    const stillOpen: string[] = [];
    await inParallel(open, 16, async (ticket) => {
      const data = await fetch(`${options.apiUrl}/v2/ticket/${ticket}`, { headers: { authorization: `Bearer ${options.apiKey}` } })
        .then((reply) => reply.json() as Promise<{ data?: any }>)
        .then((body) => body.data)
        .catch(() => undefined);
      if (data) settled.set(ticket, data);
      const done = data && terminal.has(data.status) && !(options.webhooks && data.status === 'delivered' && data.webhook?.status === 'pending');
      if (!done) stillOpen.push(ticket);
    });
    open = stillOpen;
    if (open.length) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { figures: judge(options, settled), tickets: settled };
}

function judge(options: AuditOptions, settled: Map<string, any>): Figures {
  const ledger = deliveriesByTicket(options.ledgerFile);
  let lost = 0;
  let transmittedTwice = 0;
  let resentAfterCrash = 0;
  const count = (status: string) => [...settled.values()].filter((data) => data.status === status).length;
  for (const ticket of options.tickets) {
    const data = settled.get(ticket);
    if (!data || !terminal.has(data.status)) {
      lost++;
      continue;
    }
    const deliveries = ledger.get(ticket) ?? [];
    const pids = new Set(deliveries.map((entry) => entry.pid));
    const announced = options.announced?.get(ticket) ?? new Set<string>();
    // Two deliveries from one process can only be a second transmission. Across processes, the
    // sandbox may be sent to again after a crash, by design (docs/guides/filing.md, "Ticket lifecycle"): that is
    // a resend of what nobody recorded, unless the record names an earlier delivery than the last,
    // which means a delivery already recorded was sent again.
    const twice =
      pids.size < deliveries.length ||
      (data.status === 'delivered' && data.transfer_ticket !== deliveries.at(-1)?.transfer_ticket) ||
      [...announced].some((announcedTicket) => announcedTicket !== data.transfer_ticket);
    if (twice) transmittedTwice++;
    else if (deliveries.length > 1) resentAfterCrash++;
  }
  return {
    accepted: options.tickets.length,
    delivered: count('delivered'),
    rejected: count('rejected'),
    failed: count('failed'),
    lost,
    transmittedTwice,
    resentAfterCrash,
    ...(options.webhooks
      ? { webhooksUndelivered: [...settled.values()].filter((data) => data.status === 'delivered' && data.webhook?.status !== 'delivered').length }
      : {}),
  };
}

/** Runs `work` over `items`, at most `limit` at a time. */
export async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
