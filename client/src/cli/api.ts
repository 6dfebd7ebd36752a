// `steuerbote api [METHOD] <path>`: any route of the service with the URL and key filled in, as
// `gh api` has it: `--field k=v` (numbers, true, false, null and @file read as such) and
// `--raw-field k=v` (always text) become the query of a GET and the JSON body of anything else;
// `--input FILE` (`-` for stdin) sends a body as it is, the fields then in the query. A JSON answer is printed (through --jq or
// --template when given), any other (a PDF, XML) written out as it came.
import type { Steuerbote } from '../client.ts';
import { SteuerboteError } from '../errors.ts';
import { jsonText } from './json-output.ts';
import { readInput, readStdin } from './read-input.ts';
import type { Io } from './submit.ts';
import { UsageError } from './usage-error.ts';

export interface ApiRequest {
  method: string;
  path: string;
  fields: readonly string[];
  rawFields: readonly string[];
  input: string | undefined;
  stdin: NodeJS.ReadStream | undefined;
}

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];

/** `api version`, `api /v2/version` and `api GET /v2/version` all mean GET /v2/version. */
export function methodAndPath(words: readonly string[]): { method: string; path: string } {
  const [first, second, ...more] = words;
  const method = first && methods.includes(first.toUpperCase()) ? first.toUpperCase() : undefined;
  const path = method ? second : first;
  if (!path || more.length > 0 || (!method && second !== undefined))
    throw new UsageError('api takes a method and a path: steuerbote api GET /v2/version (the method defaults to GET)');
  const absolute = path.startsWith('/') ? path : `/${path}`;
  return { method: method ?? 'GET', path: absolute.startsWith('/v2/') || absolute === '/v2' ? absolute : `/v2${absolute}` };
}

async function typedValue(value: string): Promise<unknown> {
  if (value.startsWith('@')) return (await readInput(value.slice(1))).toString('utf8');
  if (value === 'true' || value === 'false' || value === 'null') return JSON.parse(value);
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

async function fieldsOf({ fields, rawFields }: ApiRequest): Promise<Record<string, unknown>> {
  const entries: [string, unknown][] = [];
  const split = (pair: string, flag: string) => {
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`${flag} takes key=value, not ${JSON.stringify(pair)}`);
    return [pair.slice(0, at), pair.slice(at + 1)] as const;
  };
  for (const pair of fields) {
    const [key, value] = split(pair, '--field');
    entries.push([key, await typedValue(value)]);
  }
  for (const pair of rawFields) entries.push([...split(pair, '--raw-field')]);
  return Object.fromEntries(entries);
}

async function bodyOf(request: ApiRequest): Promise<string | undefined> {
  if (request.input === undefined) return undefined;
  if (request.input !== '-') return (await readInput(request.input)).toString('utf8');
  return readStdin(request.stdin);
}

export async function api(client: Steuerbote, request: ApiRequest, io: Io): Promise<number> {
  const fields = await fieldsOf(request);
  const input = await bodyOf(request);
  // With --input the body is taken, so fields go into the query, as gh does it.
  const sendsQuery = request.method === 'GET' || request.method === 'HEAD' || input !== undefined;
  const hasFields = Object.keys(fields).length > 0;
  const query = sendsQuery && hasFields ? Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])) : undefined;
  const body = input ?? (!sendsQuery && hasFields ? JSON.stringify(fields) : undefined);
  // Any path: the typed client's paths are the document's, which a route it does not know yet is not in.
  const call = client.api.request as unknown as (
    method: string,
    path: string,
    init: object,
  ) => Promise<{ data?: ArrayBuffer; error?: unknown; response: Response }>;
  const { data, error, response } = await call(request.method.toLowerCase(), request.path, {
    params: { query },
    ...(body !== undefined && { body, bodySerializer: (text: string) => text, headers: { 'content-type': 'application/json' } }),
    parseAs: 'arrayBuffer',
  });
  if (!response.ok) {
    if (error !== undefined && error !== '') io.stdout.write(typeof error === 'string' ? `${error}\n` : `${JSON.stringify(error, null, 2)}\n`);
    throw SteuerboteError.from(response, error);
  }
  const bytes = new Uint8Array(data instanceof ArrayBuffer ? data : new ArrayBuffer(0));
  if (!/[/+]json\b/.test(response.headers.get('content-type') ?? '')) {
    io.stdout.write(bytes);
    return 0;
  }
  const answer: unknown = bytes.length ? JSON.parse(Buffer.from(bytes).toString('utf8')) : null;
  io.stdout.write(await jsonText(answer, io.json || {}));
  return 0;
}
