// A closed-loop load generator: `concurrency` callers submitting one return after another. Only a
// 202 makes a ticket count as accepted; a request the service did not answer (it died) does not.

import { zmContractExample } from '#shared/forms/zm/openapi.ts';
import { lstaContractExample } from '#shared/forms/lsta/openapi.ts';
import { estSample, ustSample, ustvaSample } from '#test/support/samples.ts';

// The load: each form in turn, by its sample body.
const samples = { ustva: ustvaSample, est: estSample, ust: ustSample, lsta: () => lstaContractExample, zm: () => zmContractExample };
const kinds = Object.keys(samples) as (keyof typeof samples)[];

export interface SubmitOptions {
  /** Read before every request, since a restarted runtime listens on a new port. */
  apiUrl: () => string;
  apiKey: string;
  concurrency: number;
  /** Stops after this many requests, or earlier once `stop` says so. */
  count: number;
  stop?: () => boolean;
  /** Waited after a request that found nobody answering. */
  pauseOnErrorMs?: number;
}

export interface Submitted {
  submitted: number;
  tickets: string[];
  /** Answered, but not with 202. */
  refused: number;
  unanswered: number;
}

export async function submit(options: SubmitOptions): Promise<Submitted> {
  const result: Submitted = { submitted: 0, tickets: [], refused: 0, unanswered: 0 };
  const caller = async () => {
    while (result.submitted < options.count && !options.stop?.()) {
      const kind = kinds[result.submitted++ % kinds.length]!;
      try {
        const reply = await fetch(`${options.apiUrl()}/v2/${kind}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(samples[kind]()),
        });
        const text = await reply.text();
        if (reply.status === 202) result.tickets.push((JSON.parse(text) as { data: { ticket: string } }).data.ticket);
        else result.refused++;
      } catch {
        result.unanswered++;
        await new Promise((resolve) => setTimeout(resolve, options.pauseOnErrorMs ?? 0));
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, caller));
  return result;
}
