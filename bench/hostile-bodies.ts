// What the worst bodies a route takes cost to answer: the main thread's CPU time per request of the
// local runtime (its gateway and every handler run there), for bodies of up to 1 MiB made to cost
// the most (tens of thousands of unknown keys, records of as many keys, `__proto__` nested or side
// by side, a key of nearly 1 MiB, the caller's own XML of one element repeated), against the contract's sample body on validate in the same run.
// Each must stay under a second: on AWS that is a second of a Lambda invocation. The caller's own
// XML at its limit, each made of one construct at its worst (namespace declarations, attributes,
// nesting, unknown elements, text, references), must stay under 50 ms: the reader's work is linear.
//
// The requests come from a worker thread (bench/load.ts), so sending them is not counted; the
// figure is the median over runs of each run's CPU time divided by its requests.

import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formOpenapi } from '#shared/forms/openapi.ts';
import { kinds } from '#shared/forms/registry.ts';
import { maxBodyBytes } from '#shared/http/json-body.ts';
import { maxNesting } from '#shared/http/json-keys.ts';
import { ustvaNutzdaten } from '#shared/forms/ustva/xml-writer.ts';
import { maxXmlBytes, maxXmlElements } from '#shared/xml/limits.ts';
import { fixturesOf } from '#test/support/corpus.ts';
import { estSample, ustvaNutzdatenSample, ustvaSample } from '#test/support/samples.ts';
import { runLoad } from './load.ts';
import { startQuietRuntime } from './quiet-runtime.ts';
import { compare, figure, type Row } from './stats.ts';
import { threadCpu } from './thread-cpu.ts';

const runs = 3;
const goal = { value: 1000 };
const xmlGoal = { value: 50 };

interface Case {
  name: string;
  path: string;
  body: string;
  status: number;
  /** Requests a run: enough that a run takes well over the 10 ms the CPU clock counts in. */
  requests: number;
  goal: { value: number };
}

const keys = 90_000;
/** `body` with `count` keys added at the top, or inside `within`. */
function withKeys(body: Record<string, unknown>, count: number, within?: string): string {
  const added = Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, 0]));
  return JSON.stringify(within === undefined ? { ...body, ...added } : { ...body, [within]: { ...(body[within] as object), ...added } });
}

function hostileCases(): Case[] {
  const levels = Math.floor((maxBodyBytes - 2) / '{"__proto__":}'.length);
  const depth = maxNesting - 2;
  const sideBySide = `${'{"a":'.repeat(depth)}[${Array(60_000).fill('{"__proto__":1}').join(',')}]${'}'.repeat(depth)}`;
  const hostile = (name: string, path: string, body: string, status = 422): Case => {
    if (Buffer.byteLength(body) > maxBodyBytes) throw new Error(`bench: the body "${name}" is over ${maxBodyBytes} bytes`);
    return { name, path, body, status, requests: 3, goal };
  };
  // The caller's own XML at its limit of 256 KiB, one Kennzahl repeated: each a node of one name.
  const figures = ustvaNutzdatenSample();
  const xml = ustvaNutzdaten(figures);
  const kz81 = '<Kz81>1</Kz81>';
  const at = xml.indexOf('<Kz81>');
  const repeated = `${xml.slice(0, at)}${kz81.repeat(Math.floor((256 * 1024 - xml.length) / kz81.length))}${xml.slice(at)}`;
  const ownXml = JSON.stringify({ test: true, year: figures.year, type: 'voranmeldung', tax_number: figures.taxNumber, xml: repeated });
  return [
    hostile(`validate ustva, ${keys} unknown keys`, '/v2/ustva/validate', withKeys(ustvaSample(), keys), 200),
    hostile(`submit ustva, ${keys} unknown keys`, '/v2/ustva', withKeys(ustvaSample(), keys)),
    hostile(`submit ustva, kennzahlen of ${keys} keys`, '/v2/ustva', withKeys(ustvaSample(), keys, 'kennzahlen')),
    hostile(`submit est, taxpayer with ${keys} unknown keys`, '/v2/est', withKeys(estSample(), keys, 'taxpayer')),
    hostile(`submit est, deductions of ${keys} keys`, '/v2/est', withKeys(estSample(), keys, 'deductions')),
    hostile(`certificate upload, ${keys} unknown keys`, '/v2/certificates', withKeys({ pkcs12: 'AAAA', pin: '123456' }, keys)),
    hostile(`submit ustva, __proto__ nested ${levels} deep`, '/v2/ustva', `${'{"__proto__":'.repeat(levels)}1${'}'.repeat(levels)}`),
    hostile('validate ustva, 60000 __proto__ side by side', '/v2/ustva/validate', sideBySide),
    hostile('submit ustva, its XML one Kennzahl repeated to 256 KiB', '/v2/ustva', ownXml),
    hostile('submit ustva, a key of nearly 1 MiB', '/v2/ustva', JSON.stringify({ ...ustvaSample(), kennzahlen: { ['x'.repeat(maxBodyBytes - 1000)]: 1 } })),
  ];
}

/** The caller's own XML on validate, filled to its limit with one construct each, as the probe of a third attacker made them. */
function hostileXml(): Case[] {
  const figures = ustvaNutzdatenSample();
  const sample = ustvaNutzdaten(figures);
  const rootEnd = sample.indexOf('>');
  const value = sample.indexOf('20', sample.indexOf('<Erstellungsdatum>'));
  /** `piece(0)`, `piece(1)`… as long as they fit beside `around` within the limit. */
  const fill = (piece: (index: number) => string, around = sample.length) => {
    const pieces: string[] = [];
    for (let room = maxXmlBytes - around, index = 0; Buffer.byteLength(piece(index)) <= room; index++) {
      pieces.push(piece(index));
      room -= Buffer.byteLength(piece(index));
    }
    return pieces.join('');
  };
  const onRoot = (piece: (index: number) => string) => `${sample.slice(0, rootEnd)}${fill(piece)}${sample.slice(rootEnd)}`;
  const inRoot = (inside: string) => `${sample.slice(0, rootEnd + 1)}${inside}${sample.slice(rootEnd + 1)}`;
  const asValue = (text: string) => `${sample.slice(0, value)}${text}${sample.slice(value)}`;
  const depth = Math.floor((maxXmlBytes - sample.length) / '<a></a>'.length);
  const xml = (name: string, document: string) =>
    xmlCase('ustva', { test: true, year: figures.year, type: 'voranmeldung', tax_number: figures.taxNumber }, name, document);
  return [
    xml(
      'with namespace declarations on the root to 256 KiB',
      onRoot((index) => ` xmlns:p${index}="urn:p"`),
    ),
    xml('of children that each declare a namespace, 256 KiB', inRoot(fill(() => '<Kz81 xmlns:q="urn:q">1</Kz81>'))),
    xml(
      'of the probe: 6,000 declarations on the root, 9,000 children that each declare one',
      inRoot(`${'<a xmlns:q="u"/>'.repeat(9000)}`).replace('>', `${Array.from({ length: 6000 }, (_, index) => ` xmlns:p${index}="u"`).join('')}>`),
    ),
    xml(
      'with attributes on the root to 256 KiB',
      onRoot((index) => ` a${index}="1"`),
    ),
    xml('nested 256 KiB deep', inRoot(`${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`)),
    xml('with one value of 256 KiB', asValue(fill(() => 'x'))),
    xml('with a value of 256 KiB of references', asValue(fill(() => '&amp;'))),
  ];
}

function xmlCase(form: string, fields: object, name: string, document: string): Case {
  if (Buffer.byteLength(document) > maxXmlBytes) throw new Error(`bench: the XML "${name}" is over ${maxXmlBytes} bytes`);
  const body = JSON.stringify({ ...fields, xml: document });
  return { name: `validate ${form}, its XML ${name}`, path: `/v2/${form}/validate`, body, status: 200, requests: 12, goal: xmlGoal };
}

/**
 * Each form's own XML with as many unknown elements as the reader takes, their names long enough to
 * fill the limit: what follows reading (the structure check, a form's reader and rules) is each
 * form's. A form's sample of XML is its fixture `valid-xml-passthrough`; a form without one (the LStA)
 * takes what validate writes of its contract example.
 */
async function unknownElements(apiUrl: string, headers: Record<string, string>): Promise<Case[]> {
  const samples = await Promise.all(
    kinds.map(async (kind): Promise<[string, Record<string, unknown> & { xml: string }]> => {
      const own = join(fixturesOf(kind), 'valid-xml-passthrough.json');
      if (existsSync(own)) return [kind, JSON.parse(await readFile(own, 'utf8')).body];
      const body = formOpenapi[kind].examples.contract.value as Record<string, unknown>;
      const written = await fetch(`${apiUrl}/v2/${kind}/validate?include=nutzdaten`, { method: 'POST', headers, body: JSON.stringify(body) });
      const { nutzdaten } = ((await written.json()) as { data: { nutzdaten: string } }).data;
      // The fields every form has beside its XML; those the example leaves out the body leaves out too.
      const { test, year, tax_number, tax_office, vat_id } = body;
      return [kind, { test, year, tax_number, tax_office, vat_id, xml: nutzdaten }];
    }),
  );
  return samples.map(([form, { xml, ...fields }]) => {
    const count = maxXmlElements - (xml.match(/<[^/!?]/g) ?? []).length;
    const nameLength = Math.floor((maxXmlBytes - xml.length) / count) - '</>'.length;
    const rootEnd = xml.indexOf('>') + 1;
    const unknown = Array.from({ length: count }, (_, index) => `<${`U${index}`.padEnd(nameLength, '_')}/>`).join('');
    return xmlCase(form, fields, `of ${count} unknown elements, 256 KiB`, `${xml.slice(0, rootEnd)}${unknown}${xml.slice(rootEnd)}`);
  });
}

export async function hostileBodies(): Promise<Row[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'steuerbote-bench-'));
  const runtime = await startQuietRuntime(dataDir);
  try {
    const headers = { authorization: `Bearer ${runtime.apiKey}`, 'content-type': 'application/json' };
    const baseline: Case = { name: 'sample', path: '/v2/ustva/validate', body: JSON.stringify(ustvaSample()), status: 200, requests: 200, goal };
    const cases = [baseline, ...hostileCases(), ...hostileXml(), ...(await unknownElements(runtime.apiUrl, headers))];
    const perRun = new Map<Case, number[]>(cases.map((each) => [each, []]));
    // The first round warms the runtime up and is not recorded.
    for (let run = -1; run < runs; run++) {
      for (const each of cases) {
        const before = mainCpuMs();
        await runLoad({
          url: runtime.apiUrl + each.path,
          method: 'POST',
          headers,
          body: each.body,
          concurrency: 1,
          warmup: 0,
          requests: each.requests,
          expectStatus: each.status,
        });
        if (run >= 0) perRun.get(each)!.push((mainCpuMs() - before) / each.requests);
      }
    }
    return cases.slice(1).map((each) =>
      compare(
        {
          section: 'bodies',
          name: `${each.name}: main-thread CPU per request vs the sample on validate`,
          unit: 'ms',
          value: figure(perRun.get(each)!),
          baseline: figure(perRun.get(baseline)!),
          goal: `≤ ${each.goal.value} ms`,
        },
        each.goal,
      ),
    );
  } finally {
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function mainCpuMs(): number {
  const cpu = threadCpu();
  if (!cpu) throw new Error('bench: bodies needs the CPU time of threads from /proc (Linux)');
  return cpu.mainMs;
}
