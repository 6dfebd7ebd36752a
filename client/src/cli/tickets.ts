// `steuerbote status|ticket|protocol <ticket>`: one ticket, as its routes answer.
import { writeFile } from 'node:fs/promises';
import type { Steuerbote } from '../client.ts';
import { findingLine } from './findings.ts';
import type { Io } from './submit.ts';
import { jsonText } from './json-output.ts';

const fields = (data: object) =>
  Object.entries(data)
    .filter(([, value]) => value !== null && value !== undefined && typeof value !== 'object')
    .map(([name, value]) => `${name.padEnd(20)} ${String(value)}\n`)
    .join('');

const finishedBadly = (status: string) => status === 'rejected' || status === 'failed';

export async function status(client: Steuerbote, ticket: string, io: Io): Promise<number> {
  const data = await client.status(ticket);
  if (io.json) io.stdout.write(jsonText(data, io.json));
  else {
    io.stdout.write(fields(data));
    if (data.error)
      io.stdout.write(`${'error'.padEnd(20)} ${data.error.code}: ${data.error.message}\n${data.error.details.map((d) => `  ${findingLine(d)}\n`).join('')}`);
  }
  return finishedBadly(data.status) ? 1 : 0;
}

export async function metadata(client: Steuerbote, ticket: string, io: Io): Promise<number> {
  const data = await client.ticket(ticket);
  io.stdout.write(io.json ? jsonText(data, io.json) : fields(data));
  return finishedBadly(data.status) ? 1 : 0;
}

/** To `-o FILE`; without it to stdout when that is a pipe or file, else to `<ticket>.pdf`. */
export async function protocol(client: Steuerbote, ticket: string, out: string | undefined, io: Io & { stdoutIsTerminal: boolean }): Promise<number> {
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
