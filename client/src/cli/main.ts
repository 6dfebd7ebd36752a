// The `steuerbote` command: reads the command line, calls the service through the typed client, and
// ends with 0 (all delivered or valid), 1 (something rejected, failed or invalid) or 2 (the command,
// its configuration or the connection is wrong), saying in one line what to fix.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createSteuerbote } from '../client.ts';
import { SteuerboteError, SteuerboteUnreachable } from '../errors.ts';
import { kinds } from '../generated/openapi.ts';
import type { Kind } from '../types.ts';
import { api, methodAndPath } from './api.ts';
import { appeal } from './appeal.ts';
import * as certificates from './certificates.ts';
import { completion, shells, type Vocabulary } from './completion.ts';
import { list } from './list.ts';
import { listen } from './listen.ts';
import { trigger, triggerOf, triggers } from './trigger.ts';
import { checkedUrl, configFrom, type Config } from './config.ts';
import { jsonOutput } from './json-output.ts';
import { login, readKey } from './login.ts';
import * as notices from './notices.ts';
import { pinFromFile, pinForCertificate, promptPin } from './pin.ts';
import { pool } from './pool.ts';
import { profileFile, readProfiles } from './profiles.ts';
import { submit } from './submit.ts';
import { didYouMean } from './suggest.ts';
import { metadata, protocol, status } from './tickets.ts';
import { UsageError } from './usage-error.ts';
import { validate } from './validate.ts';
import { resend, webhooks } from './webhooks.ts';

export const usage = `Usage: steuerbote <command> [options]

  submit <form> <file.json…>   file each JSON body; a file filed before gets its ticket back
      --wait                 follow every ticket until delivered, rejected or failed
      --out DIR              save each protocol PDF to DIR as it arrives (implies --wait)
      --concurrency N        requests at once (default 4)
      --certificate ID       sign with this certificate of yours (crt_…)
      --pin-file FILE        its PIN, when it is kept per submission (else asked for in a terminal)
      --timeout SECONDS      stop waiting after this long (default 900)
  validate <form> <file.json…> [--nutzdaten]
                             every check a submission gets; nothing stored or sent
  status <ticket> [--watch]  status, attempts and error; --watch follows it until it has finished
  ticket <ticket>            metadata: transfer ticket, file name, dates
  webhooks <ticket>          every attempt at posting its webhook: time, host, status or network
                             error, outcome, the next attempt and how the answer began
  resend <ticket>            send a delivered ticket's webhook again, as a new delivery
  list [--kind K] [--status S] [--reference TEXT] [--since DATE] [--until DATE] [--limit N]
                             your tickets, newest first: created on or after --since and before
                             --until (a date or ISO time), at most N (default 50)
  protocol <ticket> [-o FILE] [--wait]
                             the PDF protocol (to FILE, to stdout when piped, else <ticket>.pdf);
                             --wait follows the ticket until it has finished first
  notices list [--certificate ID] [--datenart D] [--year YYYY] [--state stored|confirmed]
               [--since TIME] [--limit N]
                             the notices fetched from your ELSTER mailboxes, newest first
  notices show <notice>      a notice's metadata and its files
  notices pdf <notice> [n] [-o FILE] [--force]
                             attachment n (default the first: the notice as a PDF), streamed to
                             FILE, to stdout when piped, else to its own name; --force overwrites
  notices wait <ticket> [--timeout SECONDS]
                             follow the filing, then run mailbox checks until a notice answering
                             it is stored (default 900 s); prints it
  notices check [--certificate ID] [--live] [--timeout SECONDS]
                             fetch what the tax office sent: one mailbox check, followed to its end
                             (the stage's mailbox, or your certificate's; --live without Testmerker)
  appeal <notice> --reason TEXT [--file body.json] [--validate]
                             appeal against the notice: tax number, year and date taken from it;
                             prints the ticket and the deadline; --file gives the rest of the body
                             (the appellant), --reason 'Keyword: text' one reason; --validate only checks
  certificates add <file.pfx> [--label TEXT] [--pin-file FILE] [--pin-storage stored|per_submission]
  certificates list
  certificates rm <certificate_id>
  api [METHOD] <path> [--field k=v…] [--raw-field k=v…] [--input FILE]
                             any route, URL and key filled in, e.g. steuerbote api GET /v2/version;
                             fields are the query of a GET, else the JSON body (--field reads
                             numbers, true, false, null and @file; --raw-field keeps text)
  login [--profile NAME] [--url URL]
                             keep an API key (typed without echo, or piped in) in a profile
  listen --forward-to URL [--events T,T…] [--secret whsec_…]
                             follow your events and post each to URL, signed as the service's
                             webhooks are with a secret it prints (or --secret); shows each answer
  trigger delivered|rejected|failed
                             file a test UStVA the sandbox ends so: its events follow
  completion bash|zsh|fish   the shell's completion script: eval "$(steuerbote completion bash)"

  <form>                     ${kinds.join(', ')}
  --json                     machine-readable output on stdout
  --json-fields a,b          the same, with only these fields (checked: a typo names the fields)
  --jq EXPR                  filter the JSON through jq (strings printed raw), e.g. --jq '.[0].ticket'
  --template TEXT            format the JSON with a Go-like template, e.g.
                             --template '{{range .}}{{.ticket}} {{.status}}{{"\\n"}}{{end}}'
  --profile NAME             the service and key of this profile (see login)
  --version                  the command's version
  --help                     this text

Configuration, first found wins: --profile NAME; STEUERBOTE_URL and STEUERBOTE_API_KEY; the profile
STEUERBOTE_PROFILE names, else the one called default; for a local URL, what npm start in this folder
keeps (.data/runtime.json, .data/dev-api-key; DATA_DIR instead of .data, as for npm start); else
http://127.0.0.1:3000. Profiles live in $XDG_CONFIG_HOME/steuerbote/config.json (else
~/.config/steuerbote/config.json), readable by you only.
Exit codes: 0 all delivered or valid; 1 something rejected, failed or invalid; 2 usage, configuration
or connection error.
`;

export interface Streams {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WriteStream;
  stdin?: NodeJS.ReadStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

const options = {
  wait: { type: 'boolean' },
  out: { type: 'string', short: 'o' },
  concurrency: { type: 'string' },
  certificate: { type: 'string' },
  'pin-file': { type: 'string' },
  'pin-storage': { type: 'string' },
  label: { type: 'string' },
  timeout: { type: 'string' },
  nutzdaten: { type: 'boolean' },
  kind: { type: 'string' },
  status: { type: 'string' },
  reference: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  limit: { type: 'string' },
  watch: { type: 'boolean' },
  datenart: { type: 'string' },
  year: { type: 'string' },
  state: { type: 'string' },
  force: { type: 'boolean' },
  live: { type: 'boolean' },
  reason: { type: 'string' },
  file: { type: 'string' },
  validate: { type: 'boolean' },
  field: { type: 'string', short: 'F', multiple: true },
  'raw-field': { type: 'string', short: 'f', multiple: true },
  input: { type: 'string' },
  profile: { type: 'string' },
  url: { type: 'string' },
  'forward-to': { type: 'string' },
  events: { type: 'string' },
  secret: { type: 'string' },
  json: { type: 'boolean' },
  'json-fields': { type: 'string' },
  jq: { type: 'string', short: 'q' },
  template: { type: 'string', short: 't' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

const seeHelp = '; see steuerbote --help';
const commands: Record<string, string> = {
  submit: 'file JSON bodies of a form',
  validate: 'check JSON bodies; nothing stored or sent',
  status: "a ticket's status (--watch: until it has finished)",
  ticket: "a ticket's metadata",
  webhooks: "a ticket's webhook attempts",
  resend: "send a delivered ticket's webhook again",
  list: 'your tickets, newest first',
  protocol: 'the PDF protocol of a delivered ticket',
  notices: "the tax office's notices: list, show, pdf, wait, check",
  appeal: 'appeal against a notice (Einspruch)',
  certificates: 'add, list or remove your ELSTER certificates',
  api: 'call any route of the service',
  login: 'keep an API key in a profile',
  listen: 'forward your events to a local endpoint, signed',
  trigger: 'make the sandbox produce an event',
  completion: "the shell's completion script",
};
const statuses = ['queued', 'processing', 'delivered', 'rejected', 'failed'];

const vocabulary: Vocabulary = {
  commands,
  options: Object.entries(options).map(([name, option]) => ({
    name,
    short: 'short' in option ? option.short : undefined,
    takesValue: option.type === 'string',
  })),
  firstWords: {
    submit: kinds,
    validate: kinds,
    certificates: ['add', 'list', 'rm'],
    notices: notices.noticeActions,
    completion: shells,
    api: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    trigger: triggers,
  },
  values: { kind: kinds, status: statuses, state: ['stored', 'confirmed'], 'pin-storage': ['stored', 'per_submission'] },
  paths: ['out', 'pin-file', 'input', 'file'],
};

/** The options only some commands read: given to another, they are a mistake, not ignored. */
const onlyFor: Record<string, readonly string[]> = {
  watch: ['status'],
  field: ['api'],
  'raw-field': ['api'],
  input: ['api'],
  url: ['login'],
  'forward-to': ['listen'],
  events: ['listen'],
  secret: ['listen'],
  datenart: ['notices'],
  year: ['notices'],
  state: ['notices'],
  force: ['notices'],
  live: ['notices'],
  reason: ['appeal'],
  file: ['appeal'],
  validate: ['appeal'],
};
/** The commands that print no data, where --json, --json-fields, --jq and --template mean nothing. */
const noData = new Set(['protocol', 'login', 'completion', 'listen']);
const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

function wholeNumber(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    throw new UsageError(`--${name} takes a whole number from ${min} to ${max}, not ${JSON.stringify(value)}`);
  return number;
}

function kindOf(command: string, word: string | undefined): Kind {
  const kind = word?.toLowerCase();
  if (kinds.includes(kind as Kind)) return kind as Kind;
  if (word && /[./\\]/.test(word))
    throw new UsageError(`say which form before the files: steuerbote ${command} ${kinds[0]} ${word} (forms: ${kinds.join(', ')})`);
  throw new UsageError(`say which form: ${kinds.join(', ')}${word ? `, not ${JSON.stringify(word)}${didYouMean(word, kinds)}` : ''}`);
}

function one(words: readonly string[], what: string): string {
  if (words.length !== 1) throw new UsageError(`give exactly one ${what}`);
  return words[0]!;
}

async function dispatch(argv: readonly string[], streams: Streams, config: (profile: string | undefined) => Config): Promise<number> {
  const { values, positionals } = parseArgs({ args: [...argv], options, allowPositionals: true });
  const [command, ...rest] = positionals;
  if (values.version) {
    streams.stdout.write(`steuerbote ${version}\n`);
    return 0;
  }
  if (values.help || !command) {
    streams.stdout.write(usage);
    return command || values.help ? 0 : 2;
  }
  for (const [option, readers] of Object.entries(onlyFor))
    if (values[option as keyof typeof values] !== undefined && !readers.includes(command))
      throw new UsageError(`--${option} is for ${readers.join(', ')} only${seeHelp}`);
  const outputFlag = (['json', 'json-fields', 'jq', 'template'] as const).find((flag) => values[flag] !== undefined);
  const named = command === 'notices' && rest[0] === 'pdf' ? 'notices pdf' : command;
  if (outputFlag && (noData.has(command) || named === 'notices pdf')) throw new UsageError(`${named} prints no JSON: leave out --${outputFlag}`);
  if (command === 'completion') {
    streams.stdout.write(completion(one(rest, `shell (${shells.join(', ')})`), vocabulary));
    return 0;
  }
  const retryNotes = !streams.stderr.isTTY;
  const limit = pool(wholeNumber('concurrency', values.concurrency, 4, 1, 64));
  const clientFor = (baseUrl: string, apiKey: string | undefined) =>
    createSteuerbote({
      baseUrl,
      apiKey,
      fetch: (request) => limit(() => globalThis.fetch(request)),
      retry: {
        onRetry: ({ status, delayMs }) => {
          if (retryNotes) streams.stderr.write(`${status ? `the service answered ${status}` : 'no answer'}; trying again in ${Math.ceil(delayMs / 1000)} s\n`);
        },
      },
    });
  if (command === 'login') {
    if (rest.length) throw new UsageError(`login takes options only${seeHelp}`);
    const profile = values.profile ?? 'default';
    const file = profileFile(streams.env);
    const url = values.url ?? readProfiles(file).profiles[profile]?.url ?? config(undefined).baseUrl;
    checkedUrl(url, values.url ? 'given with --url' : 'to log in to');
    const key = await readKey(url, streams.stdin, streams.stderr);
    return login(clientFor(url, key), { profile, url, file }, key, streams.stderr);
  }
  const { baseUrl, apiKey } = config(values.profile);
  const client = clientFor(baseUrl, apiKey);
  const io = { stdout: streams.stdout, stderr: streams.stderr, json: jsonOutput(values) };
  const pin = async (question: string) => (values['pin-file'] ? pinFromFile(values['pin-file']) : promptPin(question, streams.stdin));
  const timeoutSeconds = () => wholeNumber('timeout', values.timeout, 900, 1, 86_400);
  const following = (wanted: boolean | undefined) => (wanted ? { timeoutSeconds: timeoutSeconds() } : undefined);

  switch (command) {
    case 'submit': {
      const [word, ...files] = rest;
      const kind = kindOf(command, word);
      if (files.length === 0) throw new UsageError('name at least one JSON file to submit');
      return submit(
        client,
        {
          kind,
          files,
          wait: Boolean(values.wait || values.out),
          out: values.out,
          certificate: values.certificate,
          pin: await pinForCertificate(client, values.certificate, values['pin-file'], streams.stdin),
          timeoutSeconds: timeoutSeconds(),
        },
        io,
      );
    }
    case 'validate': {
      const [word, ...files] = rest;
      const kind = kindOf(command, word);
      if (files.length === 0) throw new UsageError('name at least one JSON file to validate');
      return validate(client, kind, files, values.nutzdaten ?? false, io);
    }
    case 'status':
      return status(client, one(rest, 'ticket (tk_…)'), following(values.watch), io);
    case 'ticket':
      return metadata(client, one(rest, 'ticket (tk_…)'), io);
    case 'webhooks':
      return webhooks(client, one(rest, 'ticket (tk_…)'), io);
    case 'resend':
      return resend(client, one(rest, 'ticket (tk_…)'), io);
    case 'list':
      if (rest.length) throw new UsageError('list takes options only; see steuerbote --help');
      return list(
        client,
        {
          kind: values.kind,
          status: values.status,
          reference: values.reference,
          since: values.since,
          until: values.until,
          limit: wholeNumber('limit', values.limit, 50, 1, 100_000),
        },
        io,
      );
    case 'protocol':
      return protocol(client, one(rest, 'ticket (tk_…)'), values.out, following(values.wait), { ...io, stdoutIsTerminal: Boolean(streams.stdout.isTTY) });
    case 'notices': {
      const [action, ...args] = rest;
      if (action === 'list') {
        if (args.length) throw new UsageError(`notices list takes options only${seeHelp}`);
        const { certificate, datenart, year, state, since } = values;
        return notices.list(client, { certificate, datenart, year, state, since, limit: wholeNumber('limit', values.limit, 50, 1, 100_000) }, io);
      }
      if (action === 'show') return notices.show(client, one(args, 'notice ID (ntc_…)'), io);
      if (action === 'pdf') {
        if (args.length < 1 || args.length > 2) throw new UsageError("give a notice ID (ntc_…) and, if not the first, the attachment's number");
        const [id, n] = args as [string, string | undefined];
        return notices.pdf(client, { id, n, out: values.out, force: values.force ?? false }, { ...io, stdoutIsTerminal: Boolean(streams.stdout.isTTY) });
      }
      if (action === 'wait') return notices.wait(client, one(args, 'ticket (tk_…)'), timeoutSeconds(), io);
      if (action === 'check') {
        if (args.length) throw new UsageError(`notices check takes options only${seeHelp}`);
        return notices.check(client, { certificate: values.certificate, live: values.live ?? false, timeoutSeconds: timeoutSeconds() }, io);
      }
      throw new UsageError(`notices takes ${notices.noticeActions.join(', ')}${action ? didYouMean(action, notices.noticeActions) : ''}`);
    }
    case 'appeal':
      return appeal(client, { noticeId: one(rest, 'notice ID (ntc_…)'), reason: values.reason, file: values.file, validate: values.validate ?? false }, io);
    case 'api':
      return api(
        client,
        { ...methodAndPath(rest), fields: values.field ?? [], rawFields: values['raw-field'] ?? [], input: values.input, stdin: streams.stdin },
        io,
      );
    case 'listen': {
      if (rest.length) throw new UsageError(`listen takes options only${seeHelp}`);
      if (!values['forward-to']) throw new UsageError('listen needs --forward-to URL, e.g. --forward-to http://localhost:8080/webhooks');
      const forwardTo = checkedUrl(values['forward-to'], 'given with --forward-to');
      return listen(client, { forwardTo, types: values.events, secret: values.secret }, io);
    }
    case 'trigger':
      return trigger(client, triggerOf(one(rest, `event (${triggers.join(', ')})`)), io);
    case 'certificates': {
      const [action, ...args] = rest;
      if (action === 'list') return certificates.list(client, io);
      if (action === 'rm') return certificates.remove(client, one(args, 'certificate ID (crt_…)'), io);
      if (action === 'add') {
        const file = one(args, 'certificate file (.pfx or .p12)');
        const storage = values['pin-storage'];
        if (storage !== undefined && storage !== 'stored' && storage !== 'per_submission') throw new UsageError('--pin-storage is stored or per_submission');
        return certificates.add(client, { file, pin: await pin(`PIN for ${file}: `), label: values.label, pinStorage: storage }, io);
      }
      throw new UsageError(`certificates takes add, list or rm${action ? didYouMean(action, ['add', 'list', 'rm']) : ''}`);
    }
    default:
      throw new UsageError(`no command ${JSON.stringify(command)}${didYouMean(command, Object.keys(commands), seeHelp)}`);
  }
}

/** Node's parser text (`Unknown option '--wiat'. To specify a positional argument…`) in the command's words. */
function parseError(message: string): string {
  const unknown = /^Unknown option '(-{1,2})([^']+)'/.exec(message);
  if (unknown)
    return `no option ${unknown[1]}${unknown[2]}${didYouMean(
      `--${unknown[2]}`,
      Object.keys(options).map((name) => `--${name}`),
      seeHelp,
    )}`;
  const missing = /^Option '(?:-\w, )?(--[\w-]+)[^']*' argument missing/.exec(message);
  if (missing) return `${missing[1]} needs a value${seeHelp}`;
  return `${message}${seeHelp}`;
}

/** Runs one command line; the answer is the exit code. */
export async function run(argv: readonly string[], streams: Streams): Promise<number> {
  let config: Config | undefined;
  const configOnce = (profile: string | undefined) => (config ??= configFrom(streams.env, streams.cwd, profile));
  try {
    return await dispatch(argv, streams, configOnce);
  } catch (error) {
    const [line, code] = explain(error, config);
    streams.stderr.write(`steuerbote: ${line}\n`);
    return code;
  }
}

/** A detail that only says the message again (a bad query parameter is told twice), in a phrase of some words. */
const repeats = (message: string, detail: string) => detail.split(' ').length >= 3 && message.includes(detail);

function explain(error: unknown, config: Config | undefined): [string, number] {
  if (error instanceof UsageError) return [error.message, 2];
  if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) return [parseError(error.message), 2];
  const at = `${config?.baseUrl} (${config?.urlSource})`;
  if (error instanceof SteuerboteUnreachable && error.code === 'ECONNREFUSED')
    return [`nothing answers at ${at}: start the service with npm start, or set STEUERBOTE_URL`, 2];
  if (error instanceof SteuerboteUnreachable && error.code === 'ERR_BAD_PORT')
    return [`fetch will not connect to the port of ${at}, one the Fetch standard bars: use the port the service listens on`, 2];
  if (error instanceof SteuerboteUnreachable) return [`${error.message}; is the service running (npm start), or is STEUERBOTE_URL wrong?`, 2];
  if (error instanceof SteuerboteError) {
    const details = error.details
      .filter((detail) => !repeats(error.message, detail.message))
      .map((detail) => `${detail.path}: ${detail.message}`)
      .join('; ');
    const said = `${error.message}${details ? ` (${details})` : ''} [${error.code}${error.requestId ? `, request ${error.requestId}` : ''}]`;
    if (error.status === 401) return [`the service refused the API key from ${config?.keySource ?? 'STEUERBOTE_API_KEY'}: set STEUERBOTE_API_KEY`, 2];
    if (error.status === 404) return [`${said}; check the ID`, 2];
    // 423: the certificate is locked after wrong PINs; every file of the batch names it, so the batch stops.
    if (error.status === 409 || error.status === 422 || error.status === 423) return [said, 1];
    return [said, 2];
  }
  return [error instanceof Error ? error.message : String(error), 2];
}
