// `steuerbote submit <kind> <file.json…>`: files a batch, each file under a key derived from its content,
// and with --wait follows every ticket to its end, saving each protocol as it arrives.
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { Steuerbote } from '../client.ts';
import { SteuerboteError, TicketWaitTimeout, type Finding } from '../errors.ts';
import type { Kind, Submission } from '../types.ts';
import { findingLine, firstFinding } from './findings.ts';
import { keyForFile } from './idempotency-key.ts';
import { onInterrupt, type Interruptible } from './interrupt.ts';
import { badStages, progressFor, type Progress, type Stage } from './progress.ts';
import { table } from './table.ts';
import { readInput } from './read-input.ts';
import { jsonText, type JsonOutput } from './json-output.ts';

export interface SubmitRequest extends Interruptible {
  kind: Kind;
  files: readonly string[];
  wait: boolean;
  out: string | undefined;
  certificate: string | undefined;
  pin: string | undefined;
  timeoutSeconds: number;
}

export interface FileResult {
  file: string;
  status: Stage;
  ticket?: string;
  replayed?: boolean;
  transfer_ticket?: string;
  protocol?: string;
  /** What the check found worth a look without refusing the file (`APPLICATION_LATE`, …), from the 202. */
  hints?: readonly Finding[];
  error?: { code: string; message: string; details: readonly Finding[] };
}

/** Every field a result can have, for --json-fields to check. */
const every: Record<keyof FileResult, true> = {
  file: true,
  status: true,
  ticket: true,
  replayed: true,
  transfer_ticket: true,
  protocol: true,
  hints: true,
  error: true,
};
const resultFields = Object.keys(every);

export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WriteStream;
  json: JsonOutput;
}

/** Answers that mean the file itself is wrong; any other error stops the batch (a key, the network). */
const fileErrors = new Set([400, 413, 415, 422]);

const readAll = (files: readonly string[]) => Promise.all(files.map(async (file) => ({ file, content: await readInput(file) })));

/** `march.json` → `march.pdf`; a second `march.json` from another folder → `march-2.pdf`. */
function protocolNames(files: readonly string[]): Map<string, string> {
  const used = new Map<string, number>();
  return new Map(
    files.map((file) => {
      const stem = basename(file, extname(file));
      const seen = (used.get(stem) ?? 0) + 1;
      used.set(stem, seen);
      return [file, `${seen === 1 ? stem : `${stem}-${seen}`}.pdf`];
    }),
  );
}

function bodyOf(content: Buffer, certificate: string | undefined): unknown {
  const body: unknown = JSON.parse(content.toString('utf8'));
  if (certificate && typeof body === 'object' && body !== null && !Array.isArray(body)) return { ...body, certificate_id: certificate };
  return body;
}

async function fileOne(
  client: Steuerbote,
  request: SubmitRequest,
  progress: Progress,
  file: string,
  content: Buffer,
  pdfName: string,
  pollMs: number,
): Promise<FileResult> {
  const fail = (status: Stage, code: string, message: string, details: readonly Finding[] = [], ticket?: string): FileResult => {
    const note = firstFinding(details) || message;
    progress.update(file, { stage: status, ticket, note });
    return { file, status, ...(ticket && { ticket }), error: { code, message, details } };
  };
  let body: unknown;
  try {
    body = bodyOf(content, request.certificate);
  } catch (error) {
    return fail('invalid', 'MALFORMED_JSON', `not JSON: ${(error as Error).message}`);
  }
  progress.update(file, { stage: 'submitting' });
  let accepted;
  try {
    const idempotencyKey = keyForFile(request.kind, content, request.certificate);
    accepted = await client.submit(request.kind, body as Submission<Kind>, { idempotencyKey, elsterPin: request.pin });
  } catch (error) {
    if (error instanceof SteuerboteError && fileErrors.has(error.status)) return fail('invalid', error.code, error.message, error.details);
    throw error;
  }
  const { ticket, replayed, hints } = accepted;
  const result: FileResult = { file, ticket, replayed, status: accepted.status, ...(hints?.length && { hints }) };
  if (!request.wait) {
    // A file filed before is told as the service has its ticket now (delivered, say, with the tax
    // authority's transfer ticket); a new one as accepted.
    const stage = replayed ? accepted.status : 'accepted';
    const transfer_ticket = stage === 'delivered' ? ((await client.ticket(ticket)).transfer_ticket ?? undefined) : undefined;
    progress.update(file, {
      stage,
      ticket,
      note: replayed ? `filed before: same ticket${transfer_ticket ? `, transfer ticket ${transfer_ticket}` : ''}` : undefined,
    });
    return { ...result, status: stage, ...(transfer_ticket && { transfer_ticket }) };
  }
  let final;
  try {
    final = await client.waitForTicket(ticket, {
      timeoutMs: request.timeoutSeconds * 1000,
      intervalMs: pollMs,
      // The end is told once it has been dealt with: with the saved protocol, or with what to fix.
      onStatus: ({ status }) => (status === 'queued' || status === 'processing' ? progress.update(file, { stage: status, ticket }) : undefined),
    });
  } catch (error) {
    if (!(error instanceof TicketWaitTimeout)) throw error;
    progress.update(file, { stage: (error.lastStatus as Stage) ?? 'queued', ticket, note: 'still going; ask again with steuerbote status' });
    return { ...result, status: (error.lastStatus as Stage) ?? 'queued', error: { code: 'WAIT_TIMEOUT', message: error.message, details: [] } };
  }
  if (final.status !== 'delivered') {
    const { code = 'FAILED', message = final.status, details = [] } = final.error ?? {};
    return { ...fail(final.status, code, message, details, ticket), replayed };
  }
  const { transfer_ticket } = await client.ticket(ticket);
  let protocol: string | undefined;
  if (request.out) {
    protocol = join(request.out, pdfName);
    await writeFile(protocol, await client.protocol(ticket));
  }
  progress.update(file, { stage: 'delivered', ticket, note: protocol });
  return { ...result, status: 'delivered', transfer_ticket: transfer_ticket ?? undefined, ...(protocol && { protocol }) };
}

export async function submit(client: Steuerbote, request: SubmitRequest, io: Io): Promise<number> {
  const read = await readAll(request.files);
  if (request.out) await mkdir(request.out, { recursive: true });
  const names = protocolNames(request.files);
  // Each ticket is asked after less often the more there are, to stay well inside the client's budget
  // of requests a minute (600 unless the service says otherwise).
  const pollMs = Math.min(10_000, Math.max(1000, read.length * 200));
  const progress = progressFor(io.stderr, request.files);
  const tickets = new Set<string>();
  const watched: Progress = {
    update(file, change) {
      if (change.ticket) tickets.add(change.ticket);
      progress.update(file, change);
    },
    finish: () => progress.finish(),
  };
  const stopWatching = onInterrupt(progress, () => [...tickets], io.stderr, request);
  let results: FileResult[];
  try {
    results = await Promise.all(read.map(({ file, content }) => fileOne(client, request, watched, file, content, names.get(file)!, pollMs)));
  } finally {
    stopWatching();
    progress.finish();
  }
  io.stdout.write(io.json ? await jsonText(results, io.json, resultFields) : summary(results, io.stdout.isTTY ? io.stdout.columns : undefined));
  return results.every((result) => (request.wait ? result.status === 'delivered' : !badStages.has(result.status))) ? 0 : 1;
}

function summary(results: readonly FileResult[], columns: number | undefined): string {
  const rows = results.map((result) => [
    result.file,
    result.ticket ?? '-',
    `${result.status}${result.replayed ? ' (filed before)' : ''}`,
    result.transfer_ticket ?? '-',
    result.protocol ?? (result.error ? firstFinding(result.error.details) || result.error.message : ''),
  ]);
  const counts = new Map<string, number>();
  for (const { status } of results) counts.set(status, (counts.get(status) ?? 0) + 1);
  const tally = [...counts].map(([status, count]) => `${count} ${status}`).join(', ');
  const hints = results.flatMap(({ file, hints = [] }) => hints.map((hint) => `  · ${file}: ${findingLine(hint)}\n`));
  return `${table(['FILE', 'TICKET', 'STATUS', 'TRANSFER TICKET', 'PROTOCOL OR WHAT TO FIX'], rows, { maxWidth: columns ? columns - 1 : undefined, shrinkable: [0, 4] })}\n${results.length} file${results.length === 1 ? '' : 's'}: ${tally}\n${hints.length > 0 ? `hints, none of which refused a file:\n${hints.join('')}` : ''}`;
}
