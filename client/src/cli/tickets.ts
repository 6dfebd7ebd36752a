// `steuerbote status|ticket|protocol <ticket>`: one ticket, as its routes answer; `status --watch` and
// `protocol --wait` follow it until it has finished.
import { writeFile } from 'node:fs/promises';
import type { Steuerbote } from '../client.ts';
import { TicketWaitTimeout } from '../errors.ts';
import type { TicketStatus } from '../types.ts';
import { findingLine } from './findings.ts';
import type { Io } from './submit.ts';
import { jsonText } from './json-output.ts';

/** A record's plain fields, one a line, name and value in two columns. */
export const fields = (data: object) =>
  Object.entries(data)
    .filter(([, value]) => value !== null && value !== undefined && typeof value !== 'object')
    .map(([name, value]) => `${name.padEnd(20)} ${String(value)}\n`)
    .join('');

const finishedBadly = (status: string) => status === 'rejected' || status === 'failed';

export interface Following {
  /** Stop following after this long; the ticket goes on. */
  timeoutSeconds: number;
  /** The longest pause between two looks. */
  intervalMs?: number;
}

/** Follows the ticket to its end, telling each new status on stderr; after the timeout, says so and answers undefined. */
export async function follow(client: Steuerbote, ticket: string, { timeoutSeconds, intervalMs }: Following, io: Io): Promise<TicketStatus | undefined> {
  try {
    return await client.waitForTicket(ticket, {
      timeoutMs: timeoutSeconds * 1000,
      intervalMs,
      onStatus: ({ status }) => io.stderr.write(`${ticket}: ${status}\n`),
    });
  } catch (error) {
    if (!(error instanceof TicketWaitTimeout)) throw error;
    io.stderr.write(`steuerbote: ${ticket} was still ${error.lastStatus ?? 'queued'} after --timeout ${timeoutSeconds} s; it goes on: ask again later\n`);
    return undefined;
  }
}

function printStatus(data: TicketStatus, io: Io): void {
  io.stdout.write(fields(data));
  if (data.error)
    io.stdout.write(`${'error'.padEnd(20)} ${data.error.code}: ${data.error.message}\n${data.error.details.map((d) => `  ${findingLine(d)}\n`).join('')}`);
}

export async function status(client: Steuerbote, ticket: string, watch: Following | undefined, io: Io): Promise<number> {
  const data = watch ? await follow(client, ticket, watch, io) : await client.status(ticket);
  if (!data) return 1;
  if (io.json) io.stdout.write(await jsonText(data, io.json));
  else printStatus(data, io);
  return finishedBadly(data.status) ? 1 : 0;
}

export async function metadata(client: Steuerbote, ticket: string, io: Io): Promise<number> {
  const data = await client.ticket(ticket);
  io.stdout.write(io.json ? await jsonText(data, io.json) : fields(data));
  return finishedBadly(data.status) ? 1 : 0;
}

/**
 * To `-o FILE`; without it to stdout when that is a pipe or file, else to `<ticket>.pdf`. With `wait`
 * the ticket is followed first: one that ends rejected or failed has no protocol, and says why.
 */
export async function protocol(
  client: Steuerbote,
  ticket: string,
  out: string | undefined,
  wait: Following | undefined,
  io: Io & { stdoutIsTerminal: boolean },
): Promise<number> {
  if (wait) {
    const final = await follow(client, ticket, wait, io);
    if (!final) return 1;
    if (finishedBadly(final.status)) {
      io.stderr.write(`steuerbote: ${ticket} ended ${final.status}, with no protocol${final.error ? `: ${final.error.code}: ${final.error.message}` : ''}\n`);
      return 1;
    }
  }
  const pdf = await client.protocol(ticket);
  if (!out && !io.stdoutIsTerminal) {
    io.stdout.write(pdf);
    return 0;
  }
  const file = out ?? `${ticket}.pdf`;
  await writeFile(file, pdf);
  io.stderr.write(`saved ${file} (${pdf.byteLength} bytes)\n`);
  return 0;
}
