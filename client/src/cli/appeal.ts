// `steuerbote appeal <notice-id> --reason TEXT [--file body.json] [--validate]`: an appeal (Einspruch)
// against a notice fetched from the mailbox. The service takes the tax number, year and Bescheid date
// from the notice (`notice_id`) and answers the deadline as a hint; the file gives the rest of the
// body (the appellant, more reasons), and --reason adds one reason.
import type { Steuerbote } from '../client.ts';
import { SteuerboteError, type Finding } from '../errors.ts';
import type { Submission } from '../types.ts';
import { findingLine } from './findings.ts';
import { keyForFile } from './idempotency-key.ts';
import { jsonText } from './json-output.ts';
import { readInput } from './read-input.ts';
import type { Io } from './submit.ts';
import { fields } from './tickets.ts';
import { UsageError } from './usage-error.ts';

export interface AppealRequest {
  noticeId: string;
  reason?: string;
  file?: string;
  validate: boolean;
}

type Body = Record<string, unknown> & { einspruch?: Record<string, unknown> & { begruendungen?: { begruendung?: unknown[] } } };

/** ELSTER's Schlagwort is at most 99 characters; a reason written `Keyword: text` names its own. */
export function reasonOf(text: string): { schlagwort: string; text: string } {
  const keyword = /^([^:\n]{1,99}):\s+(\S[\s\S]*)$/.exec(text.trim());
  return keyword ? { schlagwort: keyword[1]!.trim(), text: keyword[2]! } : { schlagwort: 'Begründung', text: text.trim() };
}

async function bodyFrom(file: string | undefined): Promise<Body> {
  if (file === undefined) return {};
  let body: unknown;
  try {
    body = JSON.parse((await readInput(file, '--file ')).toString('utf8'));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--file ${file} is not JSON: ${(error as Error).message}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new UsageError(`--file ${file} must hold a JSON object: the appeal's body`);
  return body as Body;
}

/** The deadline hints in a line each: the last day, and whether it has passed. */
function deadlineLines(findings: readonly Finding[]): string {
  const due = findings.find(({ code }) => code === 'APPEAL_DEADLINE');
  const passed = findings.find(({ code }) => code === 'APPEAL_DEADLINE_PASSED');
  return `${due ? `${'deadline'.padEnd(20)} ${due.expected ?? due.message}\n` : ''}${passed ? `${'late'.padEnd(20)} ${passed.message}\n` : ''}`;
}

const otherHints = (findings: readonly Finding[]) =>
  findings
    .filter(({ code }) => code !== 'APPEAL_DEADLINE' && code !== 'APPEAL_DEADLINE_PASSED')
    .map((finding) => `  ${finding.severity === 'hint' ? '·' : '✖'} ${findingLine(finding)}\n`)
    .join('');

/** ERiC's rule that an appeal names who appeals: the person is in no notice, so the file must give it. */
const appellantMissing = (findings: readonly Finding[]) => findings.some(({ rule }) => rule === 'Einspruchsfuehrer_Pflicht');
const appellantTip = 'name who appeals in --file body.json, as {"einspruch": {"einspruchsfuehrer": [{"name": …, "vorname": …, "adresse": …}]}}';

export async function appeal(client: Steuerbote, request: AppealRequest, io: Io): Promise<number> {
  const given = await bodyFrom(request.file);
  const reasons = given.einspruch?.begruendungen?.begruendung ?? [];
  if (request.reason === undefined && reasons.length === 0) throw new UsageError('say why with --reason TEXT (or give einspruch.begruendungen in --file)');
  if (request.reason !== undefined && request.reason.trim() === '') throw new UsageError('--reason takes the reason as text, not an empty one');
  // The notice's Testmerker is the appeal's unless the file says otherwise: a test notice is contested in test.
  const notice = await client.notices.get(request.noticeId);
  const body = {
    ...given,
    notice_id: request.noticeId,
    test: given.test ?? notice.test,
    einspruch: {
      ...given.einspruch,
      begruendungen: { ...given.einspruch?.begruendungen, begruendung: [...reasons, ...(request.reason === undefined ? [] : [reasonOf(request.reason)])] },
    },
  } as Submission<'einspruch'>;
  if (request.validate) {
    const result = await client.validate('einspruch', body);
    if (io.json) io.stdout.write(await jsonText(result, io.json));
    else io.stdout.write(`${'valid'.padEnd(20)} ${result.valid ? 'yes' : 'no'}\n${deadlineLines(result.findings)}${otherHints(result.findings)}`);
    if (appellantMissing(result.findings)) io.stderr.write(`steuerbote: ${appellantTip}\n`);
    return result.valid ? 0 : 1;
  }
  const idempotencyKey = keyForFile('einspruch', Buffer.from(JSON.stringify(body)), undefined);
  const accepted = await client.submit('einspruch', body, { idempotencyKey }).catch((error: unknown) => {
    throw error instanceof SteuerboteError && appellantMissing(error.details) ? new UsageError(`the appeal needs its appellant: ${appellantTip}`) : error;
  });
  if (io.json) io.stdout.write(await jsonText(accepted, io.json));
  else {
    const hints = accepted.hints ?? [];
    io.stdout.write(`${fields({ ticket: accepted.ticket, status: accepted.status, replayed: accepted.replayed })}${deadlineLines(hints)}${otherHints(hints)}`);
  }
  return 0;
}
