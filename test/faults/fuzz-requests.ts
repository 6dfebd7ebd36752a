// Hostile requests, generated from a seed. Every POST is refused by construction (a body broken,
// wrongly typed, oversized, or sent as the wrong media type; or a valid body made ambiguous by its
// bytes, its keys or its headers; or a certificate that costs too much or cannot sign), so any
// stored record is a finding.

import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { transportLimits } from '#shared/http/transport.ts';
import { estSample, ustvaSample } from '#test/support/samples.ts';
import { container, forgeContainer, testPin, withIterations } from '#test/support/certificates.ts';
import type { Prng } from './prng.ts';

export interface HostileRequest {
  kind: string;
  base: 'api' | 'receiver';
  method: string;
  path: string;
  headers: [string, string][];
  body?: string | Uint8Array;
  /** Sent over a socket header by header, since fetch would join a repeated header into one. */
  raw?: boolean;
  /** The whole request as it goes over a socket, request line and Host included, for lines no client library sends. */
  wire?: string;
}

const readPaths = ['/v2/status/', '/v2/ticket/', '/v2/protocol/', '/v2/response/'];
const ticketTricks = [
  '..%2f..%2fetc%2fpasswd',
  '..%252f..%252f',
  'tk_%00AAAAAAAAAAAAAAAAAAAAA',
  'tk_AAAAAAAAAAAAAAAAAAAAAA%00',
  `tk_${'A'.repeat(5000)}`,
  'tk_%D0%90AAAAAAAAAAAAAAAAAAAAA', // Cyrillic А for A
  'tk_%EF%BC%A1AAAAAAAAAAAAAAAAAAAAA', // fullwidth Ａ
  'tk_AAAAAAAAAAAAAAAAAAAAAA%2F..',
  'tk_AAAAAAAAAAAAAAAAAAAAAA%0D%0ASet-Cookie:%20x=1',
  '%2e%2e',
  'tk_AAAAAAAAAAAAAAAAAAAAAA/extra',
  'TK_AAAAAAAAAAAAAAAAAAAAAA',
  'tk_AAAAAAAAAAAAAAAAAAAAA%E2%80%AE',
  '%ED%A0%80', // a lone surrogate, UTF-8 encoded
  '%C0%AF', // overlong "/"
  '',
];
/** Values no field may take on its own: control characters, invisible or bidirectional ones, broken Unicode, absurd amounts. */
const refusedValues: unknown[] = [
  'a\u0000b',
  '\r\nX-Injected: 1',
  'x\u0085y',
  '\ud800',
  '\u202eGmbH',
  'Muster\u202dKG',
  'x\u200by',
  '\ufeffName',
  'a\u2028b',
  9.007e25,
  -1e15,
];

const oddStrings = [
  '\ud800',
  '\udfff',
  'a\u0000b',
  '\u202eGmbH',
  '\u200f\u200e',
  'e\u0301\u0301\u0301',
  '\ufeff',
  '\uffff',
  '𝕏'.repeat(50),
  '\r\nX-Injected: 1',
];
const wrongValues: Record<string, unknown[]> = {
  // Not a number for a string: amounts are taken as either.
  string: [true, {}, [], ['x'], { $gt: '' }],
  number: ['abc', true, {}, [], '1e309', '0x10'],
  boolean: ['yes', 1, {}, []],
  object: ['x', 1, [], true],
  array: ['x', 1, {}, true],
};

const sample = (random: Prng) => (random.next() < 0.5 ? { route: '/v2/ustva', body: ustvaSample() } : { route: '/v2/est', body: estSample() });

/** Every path to a scalar or object in `value`, as key lists. */
function fieldPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return prefix.length ? [prefix] : [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
  return [...(prefix.length ? [prefix] : []), ...entries.flatMap(([key, item]) => fieldPaths(item, [...prefix, key]))];
}

function setAt(target: any, path: readonly (string | number)[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path.at(-1)!] = value;
}

function getAt(target: any, path: readonly (string | number)[]): unknown {
  return path.reduce((node, key) => node?.[key], target);
}

/**
 * The sample with one field given a value of another type, which no schema takes; `value` goes
 * into another field first, so that it is carried through validation without making the body valid.
 */
function wronglyTyped(random: Prng, value?: unknown): { route: string; body: any } {
  const { route, body } = sample(random);
  const carrier = value === undefined ? undefined : random.pick(fieldPaths(body));
  if (carrier) setAt(body, carrier, value);
  const path = random.pick(fieldPaths(body).filter((candidate) => getAt(body, candidate) !== null && candidate.join('.') !== carrier?.join('.')));
  const current = getAt(body, path);
  const type = Array.isArray(current) ? 'array' : typeof current;
  setAt(body, path, random.pick(wrongValues[type] ?? wrongValues.object!));
  return { route, body };
}

/**
 * `body` as JSON text in which the object at `path` begins with `keyText` (already a JSON string, so
 * it may be escaped) set to `value`, whether the object has that key already or not.
 */
function withKeyFirst(body: unknown, path: readonly (string | number)[], keyText: string, value: unknown): string {
  const marker = '\u0001first';
  const object = { [marker]: value, ...(getAt(body, path) as object) };
  let whole: unknown = object;
  if (path.length) {
    setAt(body, path, object);
    whole = body;
  }
  return JSON.stringify(whole).replace(JSON.stringify(marker), () => keyText);
}

/** Paths to the objects (not arrays) in `value`, the top included. */
const objectPaths = (value: unknown) =>
  [[], ...fieldPaths(value)].filter((path) => {
    const node = getAt(value, path);
    return node !== null && typeof node === 'object' && !Array.isArray(node);
  });

// Byte sequences UTF-8 never holds: Latin-1 "ü" and "ä", a lone continuation byte, a surrogate, an
// overlong "/", a code point above U+10FFFF, a UTF-16 byte-order mark, a sequence cut short.
const notUtf8 = [[0xfc], [0xe4], [0x80], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf4, 0x90, 0x80, 0x80], [0xff, 0xfe], [0xe2, 0x82]];
const foreignCharsets = ['iso-8859-1', 'ISO-8859-15', 'windows-1252', 'utf-16', 'utf-16le', 'us-ascii', 'utf8', '"latin1"', 'utf-8; charset=latin1', ''];
const encodings: [string, (bytes: string) => Uint8Array | string][] = [
  ['gzip', (text) => gzipSync(text)],
  ['deflate', (text) => deflateSync(text)],
  ['br', (text) => brotliCompressSync(text)],
  ['gzip', (text) => text],
  ['identity, gzip', (text) => text],
  ['x-gzip', (text) => gzipSync(text)],
  ['compress', (text) => text],
  ['', (text) => text],
];
const forbiddenKeyTexts = ['"__proto__"', '"constructor"', '"prototype"', '"__pro\\u0074o__"', '"\\u0063onstructor"'];

// A caller's own Nutzdaten, valid as they stand, and the ways a hostile one departs from them: each
// must be refused by the strict reader or the schema structure alone.
const ustvaXml =
  '<Anmeldungssteuern xmlns="http://finkonsens.de/elster/elsteranmeldung/ustva/v2026" version="2026"><Erstellungsdatum>20260310</Erstellungsdatum>' +
  '<DatenLieferant><Name>Muster GmbH</Name><Strasse>Hauptstr. 1</Strasse><PLZ>80331</PLZ><Ort>München</Ort></DatenLieferant><Steuerfall><Umsatzsteuervoranmeldung>' +
  '<Jahr>2026</Jahr><Zeitraum>02</Zeitraum><Steuernummer>9198011310010</Steuernummer><Kz09>74931</Kz09><Kz81>4000</Kz81><Kz83>760.00</Kz83></Umsatzsteuervoranmeldung></Steuerfall></Anmeldungssteuern>';
const estXml =
  '<E10 xmlns="http://finkonsens.de/elster/elstererklaerung/est/e10/v2025" version="2025"><Vorsatz><StNr>9198011310010</StNr><Zeitraum>2025</Zeitraum></Vorsatz></E10>';
const declarations = (count: number) => Array.from({ length: count }, (_, index) => ` xmlns:p${index}="u"`).join('');
const attributes = (count: number) => Array.from({ length: count }, (_, index) => ` a${index}="1"`).join('');
const unknownElements = (count: number) => Array.from({ length: count }, (_, index) => `<u${index}/>`).join('');
/** `xml` with `more` at the end of its root's start tag, the document's first ">". */
const onRoot = (xml: string, more: string) => xml.replace('>', () => `${more}>`);
const xmlTricks: ((xml: string, inner: string) => string)[] = [
  (xml, inner) => xml.replace(inner, `${inner}${inner}`),
  (xml, inner) => xml.replace(inner, `${inner}${inner.replace(/9198011310010|2026|2025|02/, '9181081508155')}`),
  (xml, inner) => xml.replace(inner, `<__proto__>1</__proto__>${inner}`),
  (xml, inner) => xml.replace(inner, `<constructor/>${inner}`),
  (xml, inner) => xml.replace(inner, `<a>`.repeat(150) + '</a>'.repeat(150) + inner),
  (xml) => xml.replace('9198011310010', '919801131001&#0;'),
  (xml) => xml.replace('9198011310010', '9198011310010&#x1B;'),
  (xml) => xml.replace('9198011310010', '&#xD800;9198011310010'),
  (xml) => xml.replace('9198011310010', '9198011310010&#x110000;'),
  (xml) => xml.replace('9198011310010', '9198011310010\ufffe'),
  (xml) => xml.replace(/xmlns="([^"]*)"/, 'xmlns="$1 "'),
  (xml) => xml.replace(/version="(\d+)"/, 'version=" $1"'),
  (xml, inner) => xml.replace(inner, `<x:Steuernummer xmlns:x="urn:other">9181081508155</x:Steuernummer>${inner}`),
  (xml, inner) => xml.replace(inner, `<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd"/>${inner}`),
  (xml, inner) => xml.replace(inner, `<?evil data?>${inner}`),
  (xml, inner) => xml.replace(inner, `<?xml version="1.0"?>${inner}`),
  (xml) => `<?xml version="1.0" encoding="ISO-8859-1"?>${xml}`,
  (xml) => xml.replace('9198011310010', ' 9198011310010'),
  // Each construct at its worst within the reader's limit of 256 KiB, a third attacker's probe among
  // them: refused by a cap of the reader or by the structure, at a cost linear in the document.
  (xml, inner) => onRoot(xml.replace(inner, `${'<a xmlns:q="u"/>'.repeat(9000)}${inner}`), declarations(6000)),
  (xml) => onRoot(xml, declarations(14_000)),
  (xml, inner) => xml.replace(inner, `${'<a xmlns:q="u"/>'.repeat(15_000)}${inner}`),
  (xml) => onRoot(xml, attributes(24_000)),
  (xml, inner) => xml.replace(inner, `${'<a>'.repeat(35_000)}${'</a>'.repeat(35_000)}${inner}`),
  (xml, inner) => xml.replace(inner, `${unknownElements(19_000)}${inner}`),
  (xml, inner) => xml.replace(inner, `${unknownElements(25_000)}${inner}`),
  (xml, inner) => xml.replace(inner, `${'x'.repeat(250_000)}${inner}`),
  (xml, inner) => xml.replace(inner, `${'&amp;'.repeat(50_000)}${inner}`),
];

// Request lines and Hosts the local gateway refuses (docs/reference/limits.md, "Transport"), each around a body that
// would be accepted, so that a line let through would store a ticket.
const brokenTargets = (route: string) => [
  `http://[${route}`,
  `http://[::1${route}`,
  `http://[zz::1]${route}`,
  `http://127.0.0.1:99999${route}`,
  `http://steuerbote:-1${route}`,
  `http://steuerbote:0x50${route}`,
  `http://steuerbote:80:80${route}`,
  `http://%zz${route}`,
  `http://%4${route}`,
  `http://user:secret@steuerbote${route}`,
  `http://@steuerbote${route}`,
  `http://${route}`,
  `https:${route}`,
  `ftp://steuerbote${route}`,
  `file://${route}`,
  '*',
  `${route}%zz`,
  `${route}%`,
  `${route}%4`,
  `${route}?x=%G1`,
  `${route}#top`,
  route.slice(1),
  // Well-formed, but a path other than the route unless resolved as a URL would be: 404, never the route.
  `//steuerbote${route}`,
  `/v2/..${route}`,
  `/v2/.${route.slice(3)}`,
  `/v2/%2e%2e${route}`,
  route.replace('/v2/', '/v2\\'),
];
const brokenVersions = ['HTTP/0.9', 'HTTP/2.0', 'HTTP/1.2', 'HTTP/3', 'http/1.1', '', 'HTTP/1.1 x'];
const brokenHosts = [
  [],
  ['steuerbote', 'steuerbote'],
  ['steuerbote', 'other'],
  [''],
  ['%zz'],
  ['steuerbote:99999'],
  ['steuerbote:-1'],
  ['steuerbote:80:80'],
  ['[::1'],
  ['[zz]'],
  ['user@steuerbote'],
  ['steuer bote'],
  ['steuerbote/v2'],
  ['\u00ffsteuerbote'],
];

const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const json = (headers: [string, string][] = []): [string, string][] => [['content-type', 'application/json'], ...headers];

let certificates: Buffer[] | undefined;
/** Containers no upload may keep: slow ones (over the iteration cap, in the MAC or an encryption), one without a MAC, and ones a careful signer refuses. */
const hostileContainers = () =>
  (certificates ??= [
    withIterations(container('modern'), 'mac', 2 ** 31),
    withIterations(container('modern'), 'mac', 3_000_000),
    withIterations(container('legacy'), 'encryption', 2 ** 31),
    container('nomac'),
    forgeContainer({ foreignKey: true }),
    forgeContainer({ bits: 1024 }),
    forgeContainer({ notBefore: new Date(Date.now() + 864e5) }),
    forgeContainer({ unreadableTime: true }),
  ]);

/** `certificateId`: a per-submission certificate of the key's client, whose PIN is guessed. */
export function hostileRequest(random: Prng, validKey: string, certificateId: string): HostileRequest {
  const auth: [string, string] = ['authorization', `Bearer ${validKey}`];
  const kind = random.pick([
    'brokenJson',
    'wrongTypes',
    'hugeStrings',
    'deepNesting',
    'oddUnicode',
    'refusedValue',
    'pathTricks',
    'headerAbuse',
    'wrongMethod',
    'notUtf8',
    'foreignCharset',
    'contentEncoding',
    'duplicateKeys',
    'forbiddenKeys',
    'duplicateHeaders',
    'hostileXml',
    'brokenRequestLine',
    'pinGuessing',
    'hostileCertificate',
    'amplification',
  ] as const);
  /** A POST of `body` to the API as JSON, with the key and `headers`. */
  const postJson = (path: string, body: string | Uint8Array, ...headers: [string, string][]): HostileRequest => ({
    kind,
    base: 'api',
    method: 'POST',
    path,
    headers: json([auth, ...headers]),
    body,
  });
  switch (kind) {
    case 'brokenJson': {
      const { route, body } = sample(random);
      const text = JSON.stringify(body);
      const broken = random.pick([
        text.slice(0, random.int(text.length)),
        text.replace(/:/, ''),
        `${text.slice(0, -1)},}`,
        text.replace(/"/g, "'"),
        `\ufeff${text}`,
        text.replace(/\d+/, 'NaN'),
        '',
        '{"test":true,,}',
        '{"year":2026}{"year":2026}',
        Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('latin1'),
      ]);
      return postJson(route, broken);
    }
    case 'wrongTypes': {
      const { route, body } = wronglyTyped(random);
      const top = random.pick(['null', '[]', '"x"', '42', 'true', JSON.stringify(body), JSON.stringify(body)]);
      return postJson(route, top, ...(random.next() < 0.3 ? [['idempotency-key', `fuzz-${random.int(1e9)}`] as [string, string]] : []));
    }
    case 'hugeStrings': {
      // Rarely over the 1 MiB limit, so the run's traffic stays a few dozen megabytes.
      const size = random.next() < 0.01 ? 1_100_000 : 1000 + random.int(200_000);
      const { route, body } = wronglyTyped(random, 'x'.repeat(size));
      return postJson(route, JSON.stringify(body));
    }
    case 'deepNesting': {
      const { route, body } = wronglyTyped(random);
      const levels = random.pick([100, 1000, 10_000]);
      const nested = random.pick([
        deep(levels),
        JSON.stringify(body).replace(/^\{/, `{"nested":${deep(levels)},`),
        `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`,
      ]);
      return postJson(route, nested, ['idempotency-key', `deep-${random.int(1e9)}`]);
    }
    case 'oddUnicode': {
      const { route, body } = wronglyTyped(random, random.pick(oddStrings));
      // JSON.stringify would escape a lone surrogate; sent raw, it arrives as U+FFFD or broken UTF-8.
      const raw =
        random.next() < 0.5
          ? JSON.stringify(body)
          : JSON.stringify(body).replace(/\\u(d[89a-f][0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return postJson(route, raw, ['x-request-id', `r-${random.int(1e6)}`]);
    }
    case 'refusedValue': {
      // The otherwise valid sample with one field given a value that must be refused by itself.
      const { route, body } = sample(random);
      setAt(body, random.pick(fieldPaths(body).filter((path) => typeof getAt(body, path) !== 'object')), random.pick(refusedValues));
      return postJson(route, JSON.stringify(body), ['idempotency-key', `refused-${random.int(1e9)}`]);
    }
    case 'pathTricks': {
      const receiver = random.next() < 0.2;
      const trick = random.pick(ticketTricks);
      const path = receiver ? `/dummy/hook-run/${trick}` : `${random.pick(readPaths)}${trick}`;
      return { kind, base: receiver ? 'receiver' : 'api', method: random.pick(['GET', 'HEAD']), path, headers: random.next() < 0.8 ? [auth] : [] };
    }
    case 'headerAbuse': {
      const { route, body } = wronglyTyped(random);
      const abuse = random.pick<[string, string][]>([
        [['authorization', `Basic ${Buffer.from(`x:${validKey}`).toString('base64')}`]],
        [['authorization', 'Bearer']],
        [
          ['authorization', `bearer ${validKey}`],
          ['authorization', `Bearer ${validKey}`],
        ],
        [['authorization', `Bearer ${validKey} ${validKey}`]],
        [['authorization', `Bearer ${'k'.repeat(12_000)}`]],
        [['authorization', 'Bearer sbk_\u00ff\u00fe']],
        [['x-request-id', 'r'.repeat(12_000)]],
        [['x-request-id', '../../etc\u00e9']],
        [['idempotency-key', '']],
        [['idempotency-key', 'k'.repeat(256)]],
        [['idempotency-key', 'tab\tinside']],
        [['accept', 'application/pdf;q=2, */*;q=-1']],
        [['content-type', 'text/plain']],
        [
          ['x-forwarded-for', '127.0.0.1, ::1'],
          ['host', 'evil.example'],
        ],
        [['cookie', 'a=b'.repeat(2000)]],
      ]);
      const duplicateType: [string, string][] =
        random.next() < 0.5
          ? [
              ['content-type', 'application/json'],
              ['content-type', 'text/html'],
            ]
          : [['content-type', 'application/json']];
      const headers = [...duplicateType, ...(abuse.some(([name]) => name === 'authorization') ? [] : [auth]), ...abuse];
      return { kind, base: 'api', method: 'POST', path: route, headers, body: JSON.stringify(body) };
    }
    case 'wrongMethod': {
      // A valid body under a media type the API must refuse, or on a method it does not take.
      const { route, body } = sample(random);
      const method = random.pick(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND']);
      const type =
        method === 'POST'
          ? random.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/jsonx'])
          : 'application/json';
      const path =
        random.next() < 0.7
          ? route
          : random.pick([...readPaths.map((prefix) => `${prefix}tk_AAAAAAAAAAAAAAAAAAAAAA`), '/v2/version', '/', '/v3/ustva', '/v2/ustva/']);
      return { kind, base: 'api', method, path, headers: [['content-type', type], auth], body: JSON.stringify(body) };
    }
    case 'notUtf8': {
      // A valid body with bytes that are not UTF-8 in a free-text field: replaced, they would pass.
      const { route, body } = sample(random);
      const text = Buffer.from(JSON.stringify(body));
      const at = text.indexOf('"city":"') + '"city":"'.length + random.int(3);
      const bytes = Buffer.concat([text.subarray(0, at), Buffer.from(random.pick(notUtf8)), text.subarray(at)]);
      const charset = random.pick(['', '; charset=utf-8', '; charset=iso-8859-1']);
      return { kind, base: 'api', method: 'POST', path: route, headers: [['content-type', `application/json${charset}`], auth], body: bytes };
    }
    case 'foreignCharset': {
      // A valid body, often even in the named charset's own bytes: only the charset refuses it.
      const { route, body } = sample(random);
      const charset = random.pick(foreignCharsets);
      const text = JSON.stringify(body);
      const bytes = charset.startsWith('utf-16') ? Buffer.from(text, 'utf16le') : random.next() < 0.5 ? Buffer.from(text, 'latin1') : text;
      return { kind, base: 'api', method: 'POST', path: route, headers: [['content-type', `application/json; charset=${charset}`], auth], body: bytes };
    }
    case 'contentEncoding': {
      const { route, body } = sample(random);
      const [encoding, encode] = random.pick(encodings);
      return postJson(route, encode(JSON.stringify(body)), ['content-encoding', encoding]);
    }
    case 'duplicateKeys': {
      // A valid body with one of an object's keys said twice, the first time with the same value or
      // another: whichever one a reader kept, the body would pass.
      const { route, body } = sample(random);
      const path = random.pick(objectPaths(body));
      const key = random.pick(Object.keys(getAt(body, path) as object));
      const value = random.pick([getAt(body, [...path, key]), false, true, 0, 'x', null, {}]);
      return postJson(route, withKeyFirst(body, path, JSON.stringify(key), value));
    }
    case 'forbiddenKeys': {
      // A valid body with a key that a validator would drop on the floor, anywhere in it.
      const { route, body } = sample(random);
      const value = random.pick([{}, { kz81: 1 }, '1.00', null, [], { polluted: true }]);
      const text = withKeyFirst(body, random.pick(objectPaths(body)), random.pick(forbiddenKeyTexts), value);
      return postJson(route, text, ['idempotency-key', `proto-${random.int(1e9)}`]);
    }
    case 'duplicateHeaders': {
      // A valid body with a single-valued header sent twice: whichever one counted, it would pass.
      const { route, body } = sample(random);
      const twice = random.pick<[string, string][]>([
        [auth, auth],
        [auth, ['Authorization', 'Bearer sbk_other']],
        [
          ['x-api-key', validKey],
          ['X-Api-Key', validKey],
        ],
        [auth, ['idempotency-key', 'k1'], ['idempotency-key', 'k2']],
        [auth, ['idempotency-key', 'k1'], ['Idempotency-Key', 'k1']],
        [auth, ['idempotency-key', 'k1,k2']],
      ]);
      return { kind, base: 'api', method: 'POST', path: route, headers: json(twice), body: JSON.stringify(body), raw: true };
    }
    case 'pinGuessing': {
      // A valid body, signed with a certificate whose PIN is guessed: 422 until the guesses lock it (429 while ten are being tried at once), 423 after.
      const { route, body } = sample(random);
      const headers = json([auth, ['elster-pin', `guess-${random.int(1e9)}`], ['idempotency-key', `pin-${random.int(1e9)}`]]);
      return { kind, base: 'api', method: 'POST', path: route, headers, body: JSON.stringify({ ...body, certificate_id: certificateId }) };
    }
    case 'hostileCertificate': {
      // The PIN is right or wrong: neither may open what is over the cap, nor keep what cannot sign.
      const body = { pkcs12: random.pick(hostileContainers()).toString('base64'), pin: random.pick([testPin, '000000']) };
      return postJson('/v2/certificates', JSON.stringify(body));
    }
    case 'amplification': {
      // A body made to grow its answer or its cost: keys by the thousand (unknown ones, or a record's),
      // __proto__ nested or side by side, a key of hundreds of kilobytes. Now and then near 1 MiB.
      const { route, body } = sample(random);
      const count = random.next() < 0.05 ? 80_000 : 1000 + random.int(10_000);
      const keys = Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, random.pick([0, 'x', {}])]));
      const path = random.pick(objectPaths(body));
      const text = random.pick([
        () => JSON.stringify(path.length ? (setAt(body, path, { ...(getAt(body, path) as object), ...keys }), body) : { ...body, ...keys }),
        () => JSON.stringify({ ...body, [route === '/v2/ustva' ? 'kennzahlen' : 'deductions']: keys }),
        () => `${'{"__proto__":'.repeat(count)}1${'}'.repeat(count)}`,
        () => `[${Array(count).fill('{"__proto__":1}').join(',')}]`,
        () => JSON.stringify({ ...body, ['x'.repeat(count * 20)]: 1 }),
      ])();
      return postJson(route, text);
    }
    case 'hostileXml': {
      const ustva = random.next() < 0.5;
      const [xml, inner] = ustva ? [ustvaXml, '<Steuernummer>9198011310010</Steuernummer>'] : [estXml, '<StNr>9198011310010</StNr>'];
      const body = { test: true, year: ustva ? 2026 : 2025, tax_number: '9198011310010', xml: random.pick(xmlTricks)(xml, inner) };
      const route = `/v2/${ustva ? 'ustva' : 'est'}`;
      return postJson(route, JSON.stringify(body), ['idempotency-key', `xml-${random.int(1e9)}`]);
    }
    case 'brokenRequestLine': {
      // A valid body, authorized, under a request line or Host with one thing broken.
      const { route, body } = sample(random);
      const [method, target, version, hosts] = random.pick<() => [string, string, string, string[]]>([
        () => ['POST', random.pick(brokenTargets(route)), 'HTTP/1.1', ['steuerbote']],
        () => ['POST', route, random.pick(brokenVersions), ['steuerbote']],
        () => ['POST', route, 'HTTP/1.1', random.pick(brokenHosts)],
        () => ['CONNECT', 'steuerbote:443', 'HTTP/1.1', ['steuerbote:443']],
        () => ['POST', `${route}?${'q'.repeat(transportLimits.maxHeaderBytes)}`, 'HTTP/1.1', ['steuerbote']],
      ])();
      const text = JSON.stringify(body);
      const headers = [...hosts.map((host) => `Host: ${host}`), `Authorization: Bearer ${validKey}`, 'Content-Type: application/json'];
      const wire = `${[`${method} ${target}${version && ` ${version}`}`, ...headers, `Content-Length: ${Buffer.byteLength(text)}`, 'Connection: close'].join('\r\n')}\r\n\r\n${text}`;
      return { kind, base: 'api', method, path: target, headers: [], wire };
    }
  }
}
