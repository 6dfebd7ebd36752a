// `steuerbote trigger <event>`: makes the sandbox produce an event by filing a test UStVA whose tax
// number is one of the sandbox's test values (docs/guides/filing.md, "Sandbox test values"): a
// delivered, a rejected or a failed ticket. Against ERiC those numbers mean nothing special.
import type { Steuerbote } from '../client.ts';
import type { Submission } from '../types.ts';
import { didYouMean } from './suggest.ts';
import type { Io } from './submit.ts';
import { jsonText } from './json-output.ts';
import { UsageError } from './usage-error.ts';

/** The sandbox's test tax numbers of the test tax office 9198, by the ticket's end they bring. */
const taxNumbers = {
  'ticket.delivered': '9198011310010',
  'ticket.rejected': '9198080000015',
  'ticket.failed': '9198080000023',
} as const;
export const triggers = Object.keys(taxNumbers) as (keyof typeof taxNumbers)[];

/** The event asked for, by its name with or without `ticket.`. */
export function triggerOf(word: string | undefined): keyof typeof taxNumbers {
  const name = word && !word.includes('.') ? `ticket.${word}` : word;
  if (name && name in taxNumbers) return name as keyof typeof taxNumbers;
  throw new UsageError(`trigger takes ${triggers.join(', ')}${word ? `, not ${JSON.stringify(word)}${didYouMean(word, triggers)}` : ''}`);
}

/** A test UStVA of last month, 100 euros at 19 %, to the tax number that brings `event`. */
export function triggerBody(event: keyof typeof taxNumbers, today: Date): Submission<'ustva'> {
  const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  return {
    test: true,
    year: month.getUTCFullYear(),
    period: String(month.getUTCMonth() + 1).padStart(2, '0'),
    tax_number: taxNumbers[event],
    supplier: { name: 'steuerbote trigger', street: 'Teststr. 1', postal_code: '80331', city: 'München' },
    kennzahlen: { kz81: 100, kz83: '19.00' },
    client_reference: `trigger ${event}`,
  } as Submission<'ustva'>;
}

export async function trigger(client: Steuerbote, event: keyof typeof taxNumbers, io: Io, today = new Date()): Promise<number> {
  const accepted = await client.submit('ustva', triggerBody(event, today));
  if (io.json) io.stdout.write(await jsonText(accepted, io.json));
  else io.stdout.write(`${accepted.ticket}  filed to the sandbox: ${event} follows\n`);
  return 0;
}
