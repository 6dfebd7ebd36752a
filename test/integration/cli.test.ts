// The `steuerbote` command against the real local runtime over HTTP: a month's batch with one bad
// file, a rerun that files nothing new, the progress display in a terminal and plain lines elsewhere,
// validate, one ticket's routes, certificates, and the exit codes and one-line errors.

import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { mkdir, mkdtemp, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { spawn, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/adapters/dynamo-client.ts';
import { tableName } from '#shared/config.ts';
import { closedPort } from '#test/support/closed-port.ts';
import { container, testPin } from '#test/support/certificates.ts';
import { runCli, type CliRun } from '#test/support/cli.ts';
import { lockedCertificate } from '#test/support/locked-certificate.ts';
import { eventually, newDataDir, startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';
import { kinds } from '#shared/forms/registry.ts';
import { sandboxTestValues } from '#shared/sandbox/test-values.ts';

let service: LocalService;
let work: string;
let env: Record<string, string>;

const month = (period: string, kz81: number) => {
  const tax = Math.round(kz81 * 19) / 100;
  return { ...ustvaSample(), period, kennzahlen: { kz81, kz66: '100.00', kz83: (tax - 100).toFixed(2) } };
};

async function files(names: Record<string, unknown>): Promise<string[]> {
  return Promise.all(
    Object.entries(names).map(async ([name, body]) => {
      const path = join(work, name);
      await writeFile(path, typeof body === 'string' ? body : JSON.stringify(body));
      return path;
    }),
  );
}

async function ticketCount(): Promise<number> {
  const { Items = [] } = await dynamo().send(new ScanCommand({ TableName: tableName('tickets'), ConsistentRead: true }));
  return Items.length;
}

// A service elsewhere that never answers is tried six times, the retries waiting 8 to 15 s in all:
// the command starts with the file, so that its waits pass beside the tests before its own.
let unreachable: Promise<CliRun>;

beforeAll(async () => {
  unreachable = runCli(['status', 'tk_AAAAAAAAAAAAAAAAAAAAAA'], { env: { STEUERBOTE_URL: 'http://steuerbote.invalid', STEUERBOTE_API_KEY: 'x' } });
  service = await startService();
  work = await mkdtemp(join(tmpdir(), 'steuerbote-cli-'));
  env = { STEUERBOTE_URL: service.runtime.apiUrl, STEUERBOTE_API_KEY: service.runtime.apiKey };
});
afterAll(() => service?.stop());

describe('steuerbote submit', () => {
  let batch: string[];
  let first: any[];

  it('files a batch with one invalid file: exit 1, the others delivered with their protocols saved', async () => {
    batch = await files({
      'jan.json': month('01', 10_000),
      'feb.json': month('02', 12_000),
      'mar.json': month('03', 9_000),
      'apr.json': { ...month('04', 8_000), kennzahlen: { kz81: 8_000, kz83: '1.00' } },
    });
    const out = join(work, 'protocols');
    const run = await runCli(['submit', 'ustva', ...batch, '--wait', '--out', out, '--json'], { env });
    expect(run.code).toBe(1);
    first = JSON.parse(run.stdout);
    expect(first.map((result) => [result.file, result.status])).toEqual([
      [batch[0], 'delivered'],
      [batch[1], 'delivered'],
      [batch[2], 'delivered'],
      [batch[3], 'invalid'],
    ]);
    expect(first[3].error).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ path: 'kennzahlen.kz83', expected: '1520.00' })] });
    expect(first[3].ticket).toBeUndefined();
    expect((await readdir(out)).sort()).toEqual(['feb.pdf', 'jan.pdf', 'mar.pdf']);
    for (const result of first.slice(0, 3)) {
      expect(result.ticket).toMatch(/^tk_/);
      expect(result.transfer_ticket).toEqual(expect.any(String));
      expect((await readFile(result.protocol)).subarray(0, 5).toString()).toBe('%PDF-');
    }
    // Not a terminal: one plain line per change, no escape codes.
    expect(run.stderr).not.toContain('\x1b');
    expect(run.stderr).toContain(`${batch[0]}: delivered ${first[0].ticket} (${join(out, 'jan.pdf')})`);
    expect(run.stderr).toContain(`${batch[3]}: invalid (kennzahlen.kz83:`);
  });

  it('files nothing new when the same batch runs again: the same tickets, told as filed before', async () => {
    const before = await ticketCount();
    const run = await runCli(['submit', 'ustva', ...batch, '--wait', '--json'], { env });
    expect(run.code).toBe(1);
    const again = JSON.parse(run.stdout);
    expect(again.map((result: any) => result.ticket)).toEqual(first.map((result) => result.ticket));
    expect(again.slice(0, 3).every((result: any) => result.replayed === true && result.status === 'delivered')).toBe(true);
    expect(await ticketCount()).toBe(before);
  });

  it('prints a summary table for people, with what to fix next to the invalid file, and a file filed before as the service has it', async () => {
    const run = await runCli(['submit', 'ustva', ...batch], { env });
    expect(run.code).toBe(1);
    const [header, ...rows] = run.stdout.trim().split('\n');
    expect(header).toMatch(/^FILE +TICKET +STATUS +TRANSFER TICKET +PROTOCOL OR WHAT TO FIX$/);
    // A file filed before shows the tax authority's transfer ticket without --wait too.
    expect(rows[0]).toMatch(new RegExp(`^${batch[0]} +${first[0].ticket} +delivered \\(filed before\\) +${first[0].transfer_ticket}( |$)`));
    expect(rows[3]).toContain('kennzahlen.kz83:');
    expect(rows[3]).toContain('(expected 1520.00)');
    expect(run.stdout.trim().split('\n').at(-1)).toBe('4 files: 3 delivered, 1 invalid');
  });

  it('picks fields of the JSON with --json-fields, and names the fields there are for a typo', async () => {
    const run = await runCli(['submit', 'ustva', batch[0]!, '--json-fields', 'ticket,status'], { env });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([{ ticket: first[0].ticket, status: 'delivered' }]);
    const typo = await runCli(['status', first[0].ticket, '--json-fields', 'stauts'], { env });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^steuerbote: --json-fields: no field "stauts"; did you mean status\? \(fields: ticket, status, /);
  });

  it('fits the summary table into a narrow terminal, cutting a long file name in the middle', async () => {
    const long = `${'a-very-long-folder-name-for-a-month/'.repeat(3)}march.json`;
    await mkdir(join(work, dirname(long)), { recursive: true });
    await writeFile(join(work, long), JSON.stringify(month('03', 9_000)));
    const run = await runCli(['submit', 'ustva', long], { env, cwd: work, terminal: true, columns: 120 });
    expect(run.code).toBe(0);
    const table = run.stdout.slice(run.stdout.indexOf('FILE'));
    const lines = table.split(/\r?\n/).filter((line) => line.trim());
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(line.length).toBeLessThan(120);
    expect(lines[1]).toMatch(/^a-very-.*….*\.json +tk_[\w-]{22} /);
  });

  it('shows the progress display in a terminal: lines redrawn in place under an overall bar', async () => {
    const [may] = await files({ 'may.json': month('05', 11_000) });
    const run = await runCli(['submit', 'ustva', may!, '--wait'], { env, terminal: true });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('\x1b[2K');
    expect(run.stdout).toMatch(/\x1b\[\d+F/);
    expect(run.stdout).toMatch(/\[█{30}\] 1\/1 finished +\d+\.\d s/);
    expect(run.stdout).toMatch(/✔ .*may\.json +delivered +tk_/);
  });

  it('exits 0 when every file is delivered, and reads the development key from DATA_DIR for a local URL', async () => {
    const [june] = await files({ 'june.json': month('06', 7_000) });
    const run = await runCli(['submit', 'ustva', june!, '--wait'], { env: { STEUERBOTE_URL: service.runtime.apiUrl, DATA_DIR: service.dataDir } });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/1 file: 1 delivered/);
  });

  it("tells the check's hints below the summary, and in --json: a late Dauerfristverlängerung is filed, told it is late", async () => {
    const { test, tax_number, supplier } = ustvaSample();
    const [late] = await files({ 'late-df.json': { test, year: 2025, tax_number, supplier, type: 'dauerfristverlaengerung' } });
    const run = await runCli(['submit', 'ustva', late!], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/hints, none of which refused a file:\n {2}· .*late-df\.json: hint year: is applied for after 2025-04-10/);
    const json = await runCli(['submit', 'ustva', late!, '--json'], { env });
    expect(JSON.parse(json.stdout)[0].hints).toEqual([expect.objectContaining({ code: 'APPLICATION_LATE', severity: 'hint' })]);
  });

  it('calls a file that is not JSON invalid and files the rest', async () => {
    const [broken, july] = await files({ 'broken.json': '{"year": 20', 'july.json': month('07', 6_000) });
    const run = await runCli(['submit', 'ustva', broken!, july!, '--json'], { env });
    expect(run.code).toBe(1);
    const results = JSON.parse(run.stdout);
    expect(results[0]).toMatchObject({ status: 'invalid', error: { code: 'MALFORMED_JSON' } });
    expect(results[1]).toMatchObject({ status: 'accepted', ticket: expect.stringMatching(/^tk_/) });
  });
});

describe('a file the tax authority rejects', () => {
  const rejecting = Object.keys(sandboxTestValues).find((taxNumber) => sandboxTestValues[taxNumber] === 'rejected')!;

  it('keeps its ticket in the live display, in a terminal and in plain lines', async () => {
    const [plain, drawn] = await files({
      'rejected-plain.json': { ...month('01', 3_000), tax_number: rejecting },
      'rejected-drawn.json': { ...month('02', 3_100), tax_number: rejecting },
    });
    const lines = await runCli(['submit', 'ustva', plain!, '--wait', '--json'], { env });
    expect(lines.code).toBe(1);
    const [result] = JSON.parse(lines.stdout);
    expect(result).toMatchObject({ status: 'rejected', ticket: expect.stringMatching(/^tk_/) });
    expect(lines.stderr).toContain(`${plain}: rejected ${result.ticket} (`);
    const terminal = await runCli(['submit', 'ustva', drawn!, '--wait'], { env, terminal: true });
    expect(terminal.code).toBe(1);
    expect(terminal.stdout).toMatch(/✖ .*rejected-drawn\.json +rejected +tk_[\w-]{22} /);
  });
});

describe('output as gh has it: --jq, --template, --json-fields', () => {
  it('--jq picks from the JSON, strings printed as they are', async () => {
    const all = JSON.parse((await runCli(['list', '--json'], { env })).stdout);
    const run = await runCli(['list', '--json', '--jq', '.[0].ticket'], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${all[0].ticket}\n`);
    const broken = await runCli(['list', '--jq', '.[0'], { env });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^steuerbote: --jq: error: syntax error/);
    expect(broken.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('--template formats each item', async () => {
    const all = JSON.parse((await runCli(['list', '--json', '--limit', '2'], { env })).stdout);
    const run = await runCli(['list', '--limit', '2', '--template', '{{range .}}{{.ticket}} {{.status}}{{"\\n"}}{{end}}'], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(all.map((ticket: any) => `${ticket.ticket} ${ticket.status}\n`).join(''));
  });

  it('list --json-fields picks the fields, and a field no ticket can have fails, naming it and the fields there are', async () => {
    const picked = JSON.parse((await runCli(['list', '--json-fields', 'ticket,status', '--limit', '3'], { env })).stdout);
    expect(picked.length).toBeGreaterThan(0);
    for (const ticket of picked) expect(Object.keys(ticket)).toEqual(['ticket', 'status']);
    const run = await runCli(['list', '--json-fields', 'nosuch'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^steuerbote: --json-fields: no field "nosuch" \(fields: ticket, kind, status, .*created_at.*\)\n$/);
    // Checked even when no ticket matches.
    const none = await runCli(['list', '--kind', 'kst', '--reference', 'no-such-reference', '--json-fields', 'stauts'], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^steuerbote: --json-fields: no field "stauts"; did you mean status\?/);
  });

  it("list's bad filter is told once, in the flag's name", async () => {
    const run = await runCli(['list', '--since', 'yesterday'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^steuerbote: --since must be an ISO 8601 date or time, .*, not "yesterday"\n$/);
    expect(run.stderr).not.toContain('created_after');
  });
});

describe('following a ticket', () => {
  it('status --watch follows it until it has finished; protocol --wait saves the protocol once there is one', async () => {
    const watched = (await service.submit('ustva', { ...ustvaSample(), period: '04' })).json.data.ticket;
    const watch = await runCli(['status', watched, '--watch', '--json'], { env });
    expect(watch.code).toBe(0);
    expect(JSON.parse(watch.stdout)).toMatchObject({ ticket: watched, status: 'delivered' });
    expect(watch.stderr).toMatch(new RegExp(`^${watched}: delivered$`, 'm'));
    const waited = (await service.submit('ustva', { ...ustvaSample(), period: '05' })).json.data.ticket;
    const saved = join(work, 'waited.pdf');
    const protocol = await runCli(['protocol', waited, '--wait', '-o', saved], { env });
    expect(protocol.code).toBe(0);
    expect((await readFile(saved)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('steuerbote api', () => {
  it('calls any route with the URL and key filled in, and prints the JSON answer', async () => {
    const version = await runCli(['api', 'GET', '/v2/version'], { env });
    expect(version.code).toBe(0);
    expect(JSON.parse(version.stdout)).toMatchObject({ success: true, data: { api_version: 'v2' } });
    const page = await runCli(['api', 'GET', '/v2/tickets', '--field', 'limit=1', '--jq', '.data.tickets | length'], { env });
    expect(page.code).toBe(0);
    expect(page.stdout).toBe('1\n');
  });
});

describe('profiles', () => {
  it('--profile takes the URL and key from the config file in XDG_CONFIG_HOME; a profile not there is named with those there are', async () => {
    const configHome = await mkdtemp(join(tmpdir(), 'steuerbote-config-'));
    await mkdir(join(configHome, 'steuerbote'));
    const profiles = { profiles: { work: { url: service.runtime.apiUrl, api_key: service.runtime.apiKey } } };
    await writeFile(join(configHome, 'steuerbote', 'config.json'), JSON.stringify(profiles));
    const alone = { XDG_CONFIG_HOME: configHome };
    const run = await runCli(['list', '--profile', 'work', '--limit', '1', '--jq', 'length'], { env: alone, cwd: work });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('1\n');
    const missing = await runCli(['list', '--profile', 'home'], { env: alone, cwd: work });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      `steuerbote: no profile "home" in ${join(configHome, 'steuerbote', 'config.json')} (profiles: work): add it with steuerbote login --profile home\n`,
    );
  });

  it('login keeps a key the service takes, readable by its owner only, and never prints it; a refused key is not kept', async () => {
    const configHome = await mkdtemp(join(tmpdir(), 'steuerbote-config-'));
    const file = join(configHome, 'steuerbote', 'config.json');
    const alone = { XDG_CONFIG_HOME: configHome };
    const refused = await runCli(['login', '--url', service.runtime.apiUrl], { env: alone, input: 'sbk_wrong\n' });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^steuerbote: the service at .* refused this key \(\w+\): nothing kept\n$/);
    await expect(stat(file)).rejects.toThrow();
    const run = await runCli(['login', '--profile', 'local', '--url', service.runtime.apiUrl], { env: alone, input: `${service.runtime.apiKey}\n` });
    expect(run.code).toBe(0);
    expect(`${run.stdout}${run.stderr}`).not.toContain(service.runtime.apiKey);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ profiles: { local: { url: service.runtime.apiUrl, api_key: service.runtime.apiKey } } });
    const used = await runCli(['status', 'tk_AAAAAAAAAAAAAAAAAAAAAA', '--profile', 'local'], { env: alone, cwd: work });
    expect(used.stderr).toMatch(/\[NOT_FOUND, request/);
  });
});

describe('shell completion', () => {
  const has = (shell: string) => spawnSync(shell, ['--version']).status === 0;

  it.each(['bash', 'zsh', 'fish'])('%s: a script the shell reads without error', async (shell) => {
    const run = await runCli(['completion', shell]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('submit');
    expect(run.stdout).toContain('json-fields');
    if (shell !== 'bash' && !has(shell)) return;
    const script = join(await mkdtemp(join(tmpdir(), 'steuerbote-completion-')), `steuerbote.${shell}`);
    await writeFile(script, run.stdout);
    const checked = spawnSync(shell, ['-n', script], { encoding: 'utf8' });
    expect(checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });

  it('bash offers the commands, then the forms', async () => {
    const script = (await runCli(['completion', 'bash'])).stdout;
    const offered = (words: string) =>
      spawnSync('bash', ['-c', `${script}\nCOMP_WORDS=(${words}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _steuerbote; echo "\${COMPREPLY[*]}"`], {
        encoding: 'utf8',
      }).stdout.trim();
    expect(offered('steuerbote sub')).toBe('submit');
    expect(offered('steuerbote res')).toBe('resend');
    expect(offered('steuerbote submit us')).toBe('ustva ust');
    expect(offered('steuerbote list --status de')).toBe('delivered');
  });
});

describe('the examples the README tours', () => {
  it('are delivered with their protocols, the income tax return and the annual VAT return are valid without a hint, and the ZM is delivered', async () => {
    const examples = (await readdir('examples')).filter((name) => name.endsWith('.json')).map((name) => join('examples', name));
    expect(examples.length).toBeGreaterThanOrEqual(3);
    const out = join(work, 'tour');
    const run = await runCli(['submit', 'ustva', ...examples, '--wait', '--out', out], { env });
    expect(run.code).toBe(0);
    expect((await readdir(out)).length).toBe(examples.length);
    const est = await runCli(['validate', 'est', 'examples/est/mustermann-2025.json', '--json'], { env });
    expect(est.code).toBe(0);
    expect(JSON.parse(est.stdout)).toEqual([expect.objectContaining({ valid: true, findings: [] })]);
    const ust = await runCli(['validate', 'ust', 'examples/ust/muster-gmbh-2025.json', '--json'], { env });
    expect(ust.code).toBe(0);
    expect(JSON.parse(ust.stdout)).toEqual([expect.objectContaining({ valid: true, datenart_version: 'USt_2025', findings: [] })]);
    const zm = await runCli(['submit', 'zm', 'examples/zm/muster-gmbh-2026-q3.json', '--wait', '--json'], { env });
    expect(zm.code).toBe(0);
    expect(JSON.parse(zm.stdout)).toEqual([expect.objectContaining({ status: 'delivered' })]);
  });
});

describe('steuerbote validate', () => {
  it('prints findings as a bookkeeper reads them, and the Nutzdaten XML when asked', async () => {
    const [good, bad] = await files({ 'good.json': month('08', 10_000), 'bad.json': { ...month('08', 10_000), kennzahlen: { kz81: 10_000, kz83: '5.00' } } });
    const before = await ticketCount();
    const invalid = await runCli(['validate', 'ustva', bad!], { env });
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toContain(`${bad}: invalid (UStVA_2026)`);
    expect(invalid.stdout).toMatch(/✖ kennzahlen\.kz83: .* \(expected 1900\.00\)/);
    const withXml = await runCli(['validate', 'ustva', good!, '--nutzdaten'], { env });
    expect(withXml.code).toBe(0);
    expect(withXml.stdout).toContain(`${good}: valid (UStVA_2026)`);
    expect(withXml.stdout).toContain('<Anmeldungssteuern');
    // Indented, one element a line.
    expect(withXml.stdout).toMatch(/^ {6}<Kz81>10000<\/Kz81>$/m);
    expect(await ticketCount()).toBe(before);
  });
});

describe('one ticket', () => {
  it('status, ticket and protocol answer as their routes do', async () => {
    const accepted = await service.submit('ustva', ustvaSample());
    const { ticket } = accepted.json.data;
    await service.waitForStatus(ticket, ['delivered']);
    const status = await runCli(['status', ticket, '--json'], { env });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ ticket, status: 'delivered', attempts: 1 });
    const metadata = await runCli(['ticket', ticket], { env });
    expect(metadata.stdout).toMatch(/^transfer_ticket +\S+$/m);
    const saved = join(work, 'one.pdf');
    const protocol = await runCli(['protocol', ticket, '-o', saved], { env });
    expect(protocol.code).toBe(0);
    expect((await readFile(saved)).subarray(0, 5).toString()).toBe('%PDF-');
    const piped = await runCli(['protocol', ticket], { env });
    expect(piped.stdout.startsWith('%PDF-')).toBe(true);
  });

  it('names what to fix in one line: an unknown ticket is exit 2', async () => {
    const run = await runCli(['status', 'tk_AAAAAAAAAAAAAAAAAAAAAA'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^steuerbote: .*\[NOT_FOUND, request [\w-]+\]; check the ID$/)]);
  });
});

describe('steuerbote certificates', () => {
  it('adds with the PIN from a file, lists, and removes', async () => {
    const pfx = join(work, 'muster.pfx');
    const pinFile = join(work, 'pin.txt');
    await writeFile(pfx, container('modern'));
    await writeFile(pinFile, `${testPin}\n`);
    const added = await runCli(['certificates', 'add', pfx, '--pin-file', pinFile, '--label', 'Muster GmbH', '--json'], { env });
    expect(added.code).toBe(0);
    const { certificate_id } = JSON.parse(added.stdout);
    expect(added.stdout).not.toContain(testPin);
    const listed = await runCli(['certificates', 'list'], { env });
    expect(listed.stdout).toMatch(new RegExp(`^${certificate_id} +Muster GmbH +stored .* yes +- +CN=Muster GmbH`, 'm'));
    expect((await runCli(['certificates', 'rm', certificate_id], { env })).stdout).toBe(`deleted ${certificate_id}\n`);
    expect(JSON.parse((await runCli(['certificates', 'list', '--json'], { env })).stdout)).toEqual([]);
  });

  it('never takes the PIN from the command line, and asks for it only in a terminal', async () => {
    const pfx = join(work, 'muster.pfx');
    const onArgv = await runCli(['certificates', 'add', pfx, '--pin', testPin], { env });
    expect(onArgv.code).toBe(2);
    expect(onArgv.stderr).toBe('steuerbote: no option --pin; did you mean --pin-file?\n');
    const noTerminal = await runCli(['certificates', 'add', pfx], { env });
    expect(noTerminal.code).toBe(2);
    expect(noTerminal.stderr).toBe('steuerbote: no PIN: give --pin-file FILE, or run in a terminal to be asked for it\n');
  });

  it('asks for the PIN of a per-submission certificate before anything is filed: in a terminal without echo, elsewhere in its own words', async () => {
    const pfx = join(work, 'muster.pfx');
    const pinFile = join(work, 'pin.txt');
    const added = await runCli(['certificates', 'add', pfx, '--pin-file', pinFile, '--pin-storage', 'per_submission', '--label', 'Muster GmbH', '--json'], {
      env,
    });
    const { certificate_id } = JSON.parse(added.stdout);
    const [file] = await files({ 'signed.json': month('10', 5_000) });
    const before = await ticketCount();
    const noPin = await runCli(['submit', 'ustva', file!, '--certificate', certificate_id], { env });
    expect(noPin.code).toBe(2);
    expect(noPin.stderr).toBe(
      `steuerbote: certificate ${certificate_id} (Muster GmbH) needs its PIN with every submission: give --pin-file FILE, or run in a terminal to be asked for it\n`,
    );
    expect(await ticketCount()).toBe(before);
    const prompt = `PIN for certificate ${certificate_id} (Muster GmbH): `;
    const asked = await runCli(['submit', 'ustva', file!, '--certificate', certificate_id], { env, terminal: true, typed: { after: prompt, text: testPin } });
    expect(asked.stdout).toContain(prompt);
    expect(asked.stdout).not.toContain(testPin);
    expect(asked.code).toBe(0);
    expect(asked.stdout).toMatch(/1 file: 1 accepted/);
  });

  it('tells a wrong PIN as the service found it: exit 1', async () => {
    const pfx = join(work, 'muster.pfx');
    const pinFile = join(work, 'wrong-pin.txt');
    await writeFile(pinFile, 'not-the-pin');
    const run = await runCli(['certificates', 'add', pfx, '--pin-file', pinFile], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^steuerbote: .*pin: .*\[VALIDATION_FAILED, request/);
    expect(run.stderr).not.toContain('not-the-pin');
  });
});

describe('a certificate locked after wrong PINs', () => {
  it('stops the batch at its 423 without retrying: exit 1, one line saying until when', async () => {
    const certificate_id = await lockedCertificate(service);
    const pinFile = join(work, 'right-pin.txt');
    await writeFile(pinFile, testPin);
    const [file] = await files({ 'locked.json': ustvaSample() });
    const before = await ticketCount();
    const run = await runCli(['submit', 'ustva', file!, '--certificate', certificate_id, '--pin-file', pinFile], { env });
    expect(run.code).toBe(1);
    // Without a terminal every retry would be told on stderr.
    expect(run.stderr).not.toContain('trying again');
    expect(run.stderr).toMatch(/^steuerbote: .*locked until \d{4}-.*\[CERTIFICATE_PIN_LOCKED, request [\w-]+\]\n$/m);
    expect(run.stderr).not.toContain(testPin);
    expect(await ticketCount()).toBe(before);
    const listed = await runCli(['certificates', 'list'], { env });
    expect(listed.stdout).toMatch(new RegExp(`^${certificate_id} .* no, locked +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d \\(\\d+ min left\\) `, 'm'));
    // The seconds the lock has left, not the header's name.
    expect(run.stderr).toMatch(/; retry after \d+ seconds \[CERTIFICATE_PIN_LOCKED/);
    expect(run.stderr).not.toContain('Retry-After');
  });
});

describe('usage, configuration and connection errors: exit 2, one line', () => {
  it.each([
    [['frobnicate'], 'no command "frobnicate"; see steuerbote --help'],
    [['submit', 'income', 'x.json'], `say which form: ${kinds.join(', ')}, not "income"`],
    [['submit', 'ustav', 'x.json'], `say which form: ${kinds.join(', ')}, not "ustav"; did you mean ustva?`],
    [['submit', 'x.json'], `say which form before the files: steuerbote submit ustva x.json (forms: ${kinds.join(', ')})`],
    [['submit', 'ustva'], 'name at least one JSON file to submit'],
    [['submit', 'UStVA'], 'name at least one JSON file to submit'],
    [['sumbit', 'ustva', 'x.json'], 'no command "sumbit"; did you mean submit?'],
    [['submit', 'ustva', 'x.json', '--wiat'], 'no option --wiat; did you mean --wait?'],
    [['submit', 'ustva', 'x.json', '--out'], '--out needs a value; see steuerbote --help'],
    [['certificates', 'lsit'], 'certificates takes add, list or rm; did you mean list?'],
    [['submit', 'ustva', 'missing.json'], 'cannot read missing.json: ENOENT'],
    [['submit', 'ustva', 'x.json', '--concurrency', '0'], '--concurrency takes a whole number from 1 to 64, not "0"'],
  ])('%j', async (args, message) => {
    const run = await runCli(args, { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`steuerbote: ${message}\n`);
  });

  it('nothing listening on this machine: told at once in one line, without a retry', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const run = await runCli(['status', 'tk_AAAAAAAAAAAAAAAAAAAAAA'], { env: { STEUERBOTE_URL: url, STEUERBOTE_API_KEY: 'x' } });
    expect(run.code).toBe(2);
    // Without a terminal every retry would be told on stderr ("no answer; trying again in …").
    expect(run.stderr).toBe(`steuerbote: nothing answers at ${url} (from STEUERBOTE_URL): start the service with npm start, or set STEUERBOTE_URL\n`);
  });

  it('a port fetch itself will not connect to: told at once in one line, without a retry', async () => {
    const run = await runCli(['status', 'tk_AAAAAAAAAAAAAAAAAAAAAA'], { env: { STEUERBOTE_URL: 'http://127.0.0.1:9', STEUERBOTE_API_KEY: 'x' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'steuerbote: fetch will not connect to the port of http://127.0.0.1:9 (from STEUERBOTE_URL), one the Fetch standard bars: use the port the service listens on\n',
    );
  });

  it('an unreachable service elsewhere is retried, each retry told', async () => {
    const run = await unreachable;
    expect(run.code).toBe(2);
    expect(run.stderr.match(/^no answer; trying again in \d+ s$/gm)).toHaveLength(5);
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(
      /^steuerbote: Could not reach http:\/\/steuerbote\.invalid\/v2\/status\/tk_A+: .*; is the service running \(npm start\), or is STEUERBOTE_URL wrong\?$/,
    );
  }, 60_000);

  it('a key the service refuses', async () => {
    const run = await runCli(['certificates', 'list'], { env: { ...env, STEUERBOTE_API_KEY: 'sbk_wrong' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('steuerbote: the service refused the API key from STEUERBOTE_API_KEY: set STEUERBOTE_API_KEY\n');
  });

  it('--version prints the version and exits 0', async () => {
    const run = await runCli(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^steuerbote \d+\.\d+\.\d+\n$/);
  });

  it('--help prints the usage and exits 0', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: steuerbote <command>/);
  });
});

describe('the service it belongs to', () => {
  it('is found through the runtime file npm start writes in the data directory, without STEUERBOTE_URL', async () => {
    const runtime = JSON.parse(await readFile(join(service.dataDir, 'runtime.json'), 'utf8'));
    expect(runtime.STEUERBOTE_URL).toBe(service.runtime.apiUrl);
    const accepted = await service.submit('ustva', { ...ustvaSample(), period: '09' });
    const { ticket } = accepted.json.data;
    const run = await runCli(['status', ticket, '--json-fields', 'ticket'], { env: { DATA_DIR: service.dataDir } });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ ticket });
    // From the folder npm start ran in, .data is where it looks.
    const folder = dirname(service.dataDir);
    const fromFolder = await runCli(['status', ticket], { env: { DATA_DIR: service.dataDir.slice(folder.length + 1) }, cwd: folder });
    expect(fromFolder.code).toBe(0);
  });

  it('STEUERBOTE_URL wins over the runtime file', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const run = await runCli(['status', 'tk_AAAAAAAAAAAAAAAAAAAAAA'], { env: { DATA_DIR: service.dataDir, STEUERBOTE_URL: url } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`nothing answers at ${url} (from STEUERBOTE_URL)`);
  });
});

describe('npm start and the command beside it', () => {
  it('prints the command that finds it, and Ctrl-C during --wait leaves the terminal as it was and says the ticket goes on', async () => {
    const dataDir = await newDataDir();
    // A slow tax authority keeps the ticket in `processing` while the command waits for it.
    const child = spawn(process.execPath, ['local/start.ts'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        PORT: '0',
        HOOK_EXAMPLE_PORT: '0',
        POWERTOOLS_LOG_LEVEL: 'ERROR',
        SANDBOX_LATENCY_MS: '60000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let banner = '';
    child.stdout.on('data', (chunk) => (banner += chunk));
    child.stderr.on('data', (chunk) => (banner += chunk));
    try {
      await eventually(() => banner.includes('Ctrl-C stops everything'), 60_000);
      const { STEUERBOTE_URL } = JSON.parse(await readFile(join(dataDir, 'runtime.json'), 'utf8'));
      expect(banner).toContain(`API               ${STEUERBOTE_URL}/v2/version`);
      expect(banner).toContain(`  DATA_DIR=${dataDir} npx steuerbote status <ticket>\n`);
      const [file] = await files({ 'slow.json': month('11', 4_000) });
      const run = await runCli(['submit', 'ustva', file!, '--wait'], {
        env: { DATA_DIR: dataDir },
        terminal: true,
        typed: { after: 'processing', text: '\x03' },
      });
      expect(run.code).toBe(130);
      const tail = run.stdout.slice(run.stdout.lastIndexOf('\x1b[?25l'));
      expect(tail).toContain('\x1b[?25h');
      expect(tail).toMatch(/steuerbote: stopped; the tickets keep going; check them with steuerbote status tk_[\w-]{22}, or run the same submit again/);
    } finally {
      // Not a clean stop, which would wait for the slow transmission; the data directory is thrown away.
      child.kill('SIGKILL');
      await new Promise((exited) => child.once('exit', exited));
    }
  }, 120_000);
});

describe('an older Node', () => {
  const older = '20.19.0';
  it(`is told in one line that the command needs Node 22.18 (a Node that says it is ${older})`, async () => {
    const pretend = `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'${older}'})`;
    const run = await runCli(['--version'], { env: { NODE_OPTIONS: `--import=${pretend}` } });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`steuerbote needs Node 22.18 or later (this is Node ${older})\n`);
  });

  const systemNode = spawnSync('node', ['--version'], { env: { PATH: '/usr/local/bin:/usr/bin:/bin' }, encoding: 'utf8' }).stdout?.trim();
  const [major = 99, minor = 99] = (systemNode ?? '').replace(/^v/, '').split('.').map(Number);
  it.skipIf(!systemNode || major > 22 || (major === 22 && minor >= 18))(`a real one (${systemNode}) reads the entry and says so too`, () => {
    const run = spawnSync('node', ['client/bin/steuerbote.js', 'status', 'tk_x'], { env: { PATH: '/usr/local/bin:/usr/bin:/bin' }, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`steuerbote needs Node 22.18 or later (this is Node ${systemNode!.slice(1)})\n`);
  });
});
