// `steuerbote notices` and `steuerbote appeal` against the real local runtime over HTTP: an income tax
// return that asks for Bescheiddaten, `notices wait` running mailbox checks until its notice is there,
// the notice's PDF streamed to a file that is not overwritten unasked, the list for scripts, and an
// appeal from the notice that prints its deadline.

import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { einspruchExample } from '#shared/forms/einspruch/openapi.ts';
import { runCli } from '#test/support/cli.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { estSample } from '#test/support/samples.ts';

let service: LocalService;
let env: Record<string, string>;
let work: string;
let ticket: string;
let noticeId: string;

beforeAll(async () => {
  // The record comes a moment after delivery, so the first check may find nothing and `wait` must check again.
  service = await startService({ env: { SANDBOX_NOTICE_DELAY_SECONDS: '2', SANDBOX_DIVA_CONSENT: 'true' } });
  env = { STEUERBOTE_URL: service.runtime.apiUrl, STEUERBOTE_API_KEY: service.runtime.apiKey };
  work = await mkdtemp(join(tmpdir(), 'steuerbote-notices-'));
  const filed = await service.submit('est', { ...estSample(), bescheiddaten: true, client_reference: 'cli-notice' });
  expect(filed.status).toBe(202);
  ticket = filed.json.data.ticket;
});
afterAll(() => service?.stop());

describe('steuerbote notices', () => {
  it('wait follows the filing and runs mailbox checks until its notice is stored, then prints it', async () => {
    const run = await runCli(['notices', 'wait', ticket, '--timeout', '120', '--json'], { env });
    expect(run.stderr).toMatch(/mailbox check chk_\S+ done: \d+ found, \d+ stored/);
    expect(run.code, run.stderr).toBe(0);
    const notices = JSON.parse(run.stdout);
    expect(notices).toEqual([
      expect.objectContaining({ ticket, datenart: 'ESB', attachments: [expect.objectContaining({ n: 1, content_type: 'application/pdf' })] }),
    ]);
    noticeId = notices[0].notice_id;
  }, 150_000);

  it('pdf streams the notice to a file, and keeps an existing file unless --force', async () => {
    const file = join(work, 'bescheid.pdf');
    const saved = await runCli(['notices', 'pdf', noticeId, '-o', file], { env });
    expect(saved.code, saved.stderr).toBe(0);
    const pdf = await readFile(file);
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(saved.stderr).toBe(`saved ${file} (${pdf.byteLength} bytes)\n`);

    await writeFile(file, 'mine');
    const refused = await runCli(['notices', 'pdf', noticeId, '1', '-o', file], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`steuerbote: ${file} exists: add --force to overwrite it, or name another file with -o\n`);
    expect(await readFile(file, 'utf8')).toBe('mine');
    expect((await runCli(['notices', 'pdf', noticeId, '-o', file, '--force'], { env })).code).toBe(0);
    expect(await readFile(file)).toEqual(pdf);
  });

  it('list filters for scripts with --json and --jq, and names a filter the service refuses by its flag, once; show and check print theirs', async () => {
    const ids = await runCli(['notices', 'list', '--year', String(estSample().year), '--json', '--jq', '.[].notice_id'], { env });
    expect(ids.code, ids.stderr).toBe(0);
    expect(ids.stdout).toBe(`${noticeId}\n`);
    expect((await runCli(['notices', 'list', '--state', 'stored', '--json'], { env })).stdout).toBe('[]\n');
    const bad = await runCli(['notices', 'list', '--year', 'last'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('steuerbote: --year must be a year such as 2025, not "last"\n');
    const shown = await runCli(['notices', 'show', noticeId], { env });
    expect(shown.stdout).toMatch(new RegExp(`^ticket\\s+${ticket}$`, 'm'));
    expect(shown.stdout).toMatch(/^attachment 1\s+\S+\.pdf \(\d+ bytes, application\/pdf\)$/m);
    const check = await runCli(['notices', 'check', '--json-fields', 'status,found'], { env });
    expect(check.code, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout)).toEqual({ status: 'done', found: 0 });
    const typo = await runCli(['notices', 'list', '--json-fields', 'notice_id,yaer'], { env });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^steuerbote: --json-fields: no field "yaer"; did you mean year\?/);
  });
});

describe('steuerbote appeal', () => {
  it('files an appeal from the notice, taking its tax number, year and date, and prints the ticket and the deadline', async () => {
    const body = join(work, 'appellant.json');
    await writeFile(body, JSON.stringify({ einspruch: { einspruchsfuehrer: einspruchExample.einspruch.einspruchsfuehrer } }));
    const checked = await runCli(['appeal', noticeId, '--reason', 'Werbungskosten: Die Fahrten fehlen.', '--file', body, '--validate'], { env });
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
    const deadline = /^deadline\s+(\d{4}-\d{2}-\d{2})$/m.exec(checked.stdout)?.[1];
    expect(deadline).toBeDefined();

    const run = await runCli(['appeal', noticeId, '--reason', 'Werbungskosten: Die Fahrten fehlen.', '--file', body], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^ticket\s+tk_\S+$/m);
    expect(run.stdout).toMatch(new RegExp(`^deadline\\s+${deadline}$`, 'm'));
    const appealTicket = /^ticket\s+(tk_\S+)$/m.exec(run.stdout)![1]!;
    await service.waitForStatus(appealTicket, ['delivered']);
    const nutzdaten = (await service.call('GET', `/v2/ticket/${appealTicket}/nutzdaten`)).text;
    expect(nutzdaten).toContain(`<Steuernummer>${estSample().tax_number}</Steuernummer>`);
    expect(nutzdaten).toContain('<Schlagwort>Werbungskosten</Schlagwort>');
  });

  it('says once what is missing: the appellant, or the reason', async () => {
    const noAppellant = await runCli(['appeal', noticeId, '--reason', 'Die Fahrten fehlen.'], { env });
    expect(noAppellant.code).toBe(2);
    expect(noAppellant.stderr).toMatch(/^steuerbote: the appeal needs its appellant: name who appeals in --file body\.json/);
    expect(noAppellant.stderr.trim().split('\n')).toHaveLength(1);
    const noReason = await runCli(['appeal', noticeId], { env });
    expect(noReason.stderr).toBe('steuerbote: say why with --reason TEXT (or give einspruch.begruendungen in --file)\n');
    const misplaced = await runCli(['list', '--reason', 'x'], { env });
    expect(misplaced.stderr).toBe('steuerbote: --reason is for appeal only; see steuerbote --help\n');
  });
});
