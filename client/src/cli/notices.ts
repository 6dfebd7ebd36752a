// `steuerbote notices list|show|pdf|wait|check`: what the tax office sent back, as the notices' routes
// answer; `wait` and `check` run mailbox checks (POST /v2/mailbox/checks) and follow them to their end.
import type { Steuerbote } from '../client.ts';
import { FilingNotDelivered, MailboxCheckWaitTimeout, NoticeWaitTimeout } from '../errors.ts';
import type { MailboxCheck, Notice, NoticeListQuery } from '../types.ts';
import { jsonText } from './json-output.ts';
import { pageLimit, upTo } from './list.ts';
import { saveStream } from './save-stream.ts';
import type { Io } from './submit.ts';
import { table } from './table.ts';
import { fields } from './tickets.ts';
import { UsageError } from './usage-error.ts';

export const noticeActions = ['list', 'show', 'pdf', 'wait', 'check'] as const;

export interface NoticeListRequest {
  certificate?: string;
  datenart?: string;
  year?: string;
  state?: string;
  /** Stored at or after: an ISO time. */
  since?: string;
  limit: number;
}

/** Every field a notice can have, for --json-fields to check even when no notice matches. */
const every: Record<keyof Notice, true> = {
  notice_id: true,
  datenart: true,
  state: true,
  test: true,
  certificate_id: true,
  ticket: true,
  filing_transfer_ticket: true,
  year: true,
  tax_office: true,
  tax_number: true,
  notice_date: true,
  available_until: true,
  created_at: true,
  confirmed_at: true,
  data: true,
  attachments: true,
  links: true,
};
const noticeFields = Object.keys(every);

function noticeTable(notices: readonly Notice[]): string {
  const rows = notices.map((n) => [
    n.notice_id,
    n.datenart,
    String(n.year ?? ''),
    n.ticket ?? '',
    n.state,
    n.notice_date ?? '',
    n.created_at.slice(0, 19).replace('T', ' '),
  ]);
  return table(['NOTICE', 'DATENART', 'YEAR', 'TICKET', 'STATE', 'DATE', 'STORED (UTC)'], rows);
}

const printed = async (notices: readonly Notice[], io: Io) => (io.json ? jsonText(notices, io.json, noticeFields) : noticeTable(notices));

export async function list(client: Steuerbote, request: NoticeListRequest, io: Io): Promise<number> {
  const query = {
    ...(request.certificate && { certificate_id: request.certificate }),
    ...(request.datenart && { datenart: request.datenart }),
    ...(request.year && { year: request.year }),
    ...(request.state && { state: request.state }),
    ...(request.since && { since: request.since }),
    limit: Math.min(request.limit, pageLimit),
  } as Omit<NoticeListQuery, 'cursor'>;
  const found = await upTo(client.notices.all(query), request.limit, {
    certificate_id: ['--certificate', request.certificate],
    datenart: ['--datenart', request.datenart],
    year: ['--year', request.year],
    state: ['--state', request.state],
    since: ['--since', request.since],
  });
  io.stdout.write(!io.json && found.items.length === 0 ? 'no notices match\n' : await printed(found.items, io));
  if (found.more) io.stderr.write(`more notices match than the ${request.limit} shown: raise --limit, or narrow with --since/--year\n`);
  return 0;
}

const fileLine = (what: string, file: { file_name: string; file_size: number; content_type: string }) =>
  `${what.padEnd(20)} ${file.file_name} (${file.file_size} bytes, ${file.content_type})\n`;

export async function show(client: Steuerbote, id: string, io: Io): Promise<number> {
  const notice = await client.notices.get(id);
  if (io.json) io.stdout.write(await jsonText(notice, io.json));
  else
    io.stdout.write(
      `${fields(notice)}${notice.data ? fileLine('data', notice.data) : `${'data'.padEnd(20)} none: the record carries no data package\n`}${notice.attachments.map((file) => fileLine(`attachment ${file.n}`, file)).join('')}`,
    );
  return 0;
}

export interface PdfRequest {
  id: string;
  /** The attachment's `n` as typed; the first when absent. */
  n?: string;
  /** `-o FILE`; `-` for stdout. */
  out?: string;
  force: boolean;
}

/**
 * Attachment n of the notice: to `-o FILE`; without it to stdout when that is a pipe or file, else to
 * the attachment's own file name. Streamed, checked against the size and SHA-256 the notice names.
 */
export async function pdf(client: Steuerbote, request: PdfRequest, io: Io & { stdoutIsTerminal: boolean }): Promise<number> {
  const notice = await client.notices.get(request.id);
  const numbers = notice.attachments.map(({ n }) => n);
  if (numbers.length === 0) {
    io.stderr.write(
      `steuerbote: ${request.id} has no attachment: its ${notice.datenart} record came without the notice as a PDF (see notices show ${request.id})\n`,
    );
    return 1;
  }
  const attachment = notice.attachments.find(({ n }) => String(n) === (request.n ?? String(numbers[0])));
  if (!attachment)
    throw new UsageError(`${request.id} has attachment${numbers.length === 1 ? '' : 's'} ${numbers.join(', ')}, not ${JSON.stringify(request.n)}`);
  const target = request.out ?? (io.stdoutIsTerminal ? attachment.file_name : '-');
  const file = await client.notices.attachment(request.id, attachment.n);
  const saved = await saveStream(file.body, target === '-' ? io.stdout : target, {
    force: request.force,
    size: attachment.file_size,
    sha256: attachment.file_sha256,
  });
  if (target !== '-') io.stderr.write(`saved ${target} (${saved} bytes)\n`);
  return 0;
}

const checkLine = (check: MailboxCheck) =>
  `mailbox check ${check.check_id} ${check.status}: ${check.found ?? 0} found, ${check.stored ?? 0} stored, ${check.confirmed ?? 0} confirmed\n`;

export async function wait(client: Steuerbote, ticket: string, timeoutSeconds: number, io: Io): Promise<number> {
  let notices: Notice[];
  try {
    notices = await client.notices.waitFor(ticket, {
      timeoutMs: timeoutSeconds * 1000,
      onStatus: ({ status }) => io.stderr.write(`${ticket}: ${status}\n`),
      onCheck: (check) => io.stderr.write(checkLine(check)),
    });
  } catch (error) {
    if (error instanceof NoticeWaitTimeout || error instanceof MailboxCheckWaitTimeout) {
      io.stderr.write(
        `steuerbote: no notice answered ${ticket} within --timeout ${timeoutSeconds} s: ask again later (did the filing ask for bescheiddaten?)\n`,
      );
      return 1;
    }
    if (error instanceof FilingNotDelivered) {
      io.stderr.write(`steuerbote: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  io.stdout.write(await printed(notices, io));
  return 0;
}

export async function check(client: Steuerbote, request: { certificate?: string; live: boolean; timeoutSeconds: number }, io: Io): Promise<number> {
  let final: MailboxCheck;
  try {
    final = await client.mailbox.check(
      { test: !request.live, ...(request.certificate && { certificate_id: request.certificate }) },
      { timeoutMs: request.timeoutSeconds * 1000, onStatus: (state) => io.stderr.write(`${state.check_id}: ${state.status}\n`) },
    );
  } catch (error) {
    if (!(error instanceof MailboxCheckWaitTimeout)) throw error;
    io.stderr.write(`steuerbote: ${error.checkId} was still ${error.lastStatus ?? 'queued'} after --timeout ${request.timeoutSeconds} s; it goes on\n`);
    return 1;
  }
  io.stdout.write(io.json ? await jsonText(final, io.json) : fields(final));
  return final.status === 'done' ? 0 : 1;
}
