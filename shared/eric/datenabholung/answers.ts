// ELSTER's answers to the ElsterDatenabholung 31 requests, read strictly (shared/xml/ with its caps)
// into typed records: the TransferHeader, then per Nutzdatenblock its header and its answer, shaped
// as the schema's response types have them (shared/elster/schemas/datenabholung_31.xsd:
// PostfachAnfrageAntwortResponseCType, PostfachBestaetigungAntwortResponseCType,
// StatusabfrageResponseCType, PostfachStatusAntwortResponseCType, AnfrageCType, AbholungCType).
// What no reader here takes is listed in `unread`; an answer in another namespace or version, or
// over the caps, is refused whole (AnswerError).

import { germanTime } from '#shared/eric/answers.ts';
import { AnswerError, Reading, type Node } from '#shared/eric/datenabholung/reading.ts';
import { datenabholungNamespace, datenabholungVersion } from '#shared/eric/datenabholung/requests.ts';
import { readXml } from '#shared/xml/xml.ts';

export { AnswerError };

const elsterNamespace = 'http://www.elster.de/elsterxml/schema/v11';

/**
 * An answer larger than this is refused: a page of `maxListedRecords` records is a few hundred
 * kilobytes (ELSTER's sample, five records, is 9 KB), and the reader's element cap (20,000) holds it.
 */
export const maxAnswerBytes = 2 * 1024 * 1024;
/** The page size the ERiC path asks for: far below the schema's 1000, so that a page stays within the caps above. */
export const maxListedRecords = 200;

/** A header's return (`RC/Rueckgabe`); the rest of the header is kept by path in `fields`. */
export interface HeaderRead {
  code?: string;
  text?: string;
  /** Every leaf of the header by its path (`RC/Rueckgabe/Code`, `Datei/Kompression`, `Empfaenger@id`, …). */
  fields: Record<string, string>;
}

export interface Provision {
  /** BestId: what confirms it. */
  id: string;
  provision_ticket?: string;
  /** ELSTER's figure for the encrypted, compressed, encoded record. */
  announced_size: number;
  metas: Record<string, string>;
  /** MetaInfoMaps by their `typ`: their Meta by name and their MetaLists. */
  meta_maps: { type: string; metas: Record<string, string>; lists: { type: string; elements: { name?: string; value: string }[] }[] }[];
  data?: { ref: string; encoding?: string; announced_size: number };
  attachments: {
    file_name?: string;
    title: string;
    content_type: string;
    ref: string;
    announced_size: number;
    metadata: { key?: string; value?: string }[];
  }[];
}

export interface QueryEcho {
  einschraenkung?: string;
  max?: number;
  von?: string;
  bis?: string;
}

export type DatenabholungAnswer =
  | { kind: 'PostfachAnfrageAntwort'; query: QueryEcho; next?: string; datenarten: { name: string; hits: number; provisions: Provision[] }[] }
  | { kind: 'PostfachBestaetigungAntwort'; results: { id: string; code: string; text: string }[] }
  | {
      kind: 'Statusabfrage';
      records: {
        provision_ticket?: string;
        status: string;
        notification_id?: string;
        /** ISO times of ELSTER's JJJJMMDDHHMMSS (German time). */
        emailed_at?: string;
        fetched_at?: string;
        deleted_at?: string;
        error?: { number: string; text: string };
      }[];
    }
  | { kind: 'PostfachStatusAntwort'; query: QueryEcho; counts: { name: string; hits: number }[] }
  | { kind: 'Anfrage'; idnr?: string; year?: string; type?: string; ids: { id: string; size: number; type?: string; schema_version?: string; hash?: string }[] }
  | { kind: 'Abholung'; id: string; idnr?: string; year?: string; data?: string }
  /** A block ELSTER could not process: its header's return says why. */
  | { kind: 'none' };

export interface AnswerBlock {
  ticket: string;
  /** The Datenabholung version, always `datenabholungVersion`. */
  version?: string;
  header: HeaderRead;
  fingerprint?: { name: string; value: string };
  answer: DatenabholungAnswer;
}

export interface ElsterAnswerRead {
  transfer: HeaderRead & { ticket?: string; received_at?: string };
  blocks: AnswerBlock[];
  /** What the readers did not take, by path: empty for every answer ELSTER's samples show. */
  unread: string[];
}

/** Reads ELSTER's whole answer (ERiC's server answer buffer); throws AnswerError when it is not one. */
export function readDatenabholungAnswer(xml: string): ElsterAnswerRead {
  const read = readXml(xml, { maxBytes: maxAnswerBytes });
  if (!read.ok) throw new AnswerError(`ELSTER's answer cannot be read: ${read.problem.message}`);
  const reading = new Reading();
  const root = reading.open(read.tree, 'Elster');
  if (read.tree.name !== 'Elster' || read.tree.namespace !== elsterNamespace)
    throw new AnswerError(`ELSTER's answer is not an <Elster> document of ${elsterNamespace}`);
  const header = root.one('TransferHeader');
  if (!header) throw new AnswerError('ELSTER answer has no TransferHeader');
  header.attribute('version');
  const fields = header.leaves();
  const receivedAt = germanTime(fields.EingangsDatum);
  const transfer = {
    ...returned(fields),
    ...(fields.TransferTicket && { ticket: fields.TransferTicket }),
    ...(receivedAt && { received_at: receivedAt }),
  };
  const blocks = (root.one('DatenTeil')?.all('Nutzdatenblock') ?? []).map(block);
  return { transfer, blocks, unread: reading.unread() };
}

function returned(fields: Record<string, string>): HeaderRead {
  return {
    ...(fields['RC/Rueckgabe/Code'] !== undefined && { code: fields['RC/Rueckgabe/Code'] }),
    ...(fields['RC/Rueckgabe/Text'] !== undefined && { text: fields['RC/Rueckgabe/Text'] }),
    fields,
  };
}

function block(node: Node): AnswerBlock {
  const headerNode = node.one('NutzdatenHeader');
  if (!headerNode) throw new AnswerError(`${node.path} has no NutzdatenHeader`);
  headerNode.attribute('version');
  const header = returned(headerNode.leaves());
  const ticket = header.fields.NutzdatenTicket;
  if (!ticket) throw new AnswerError(`${node.path} has no NutzdatenTicket`);
  const root = node.one('Nutzdaten')?.one('Datenabholung');
  if (!root) return { ticket, header, answer: { kind: 'none' } };
  const version = root.required('version');
  if (root.tree.namespace !== datenabholungNamespace || version !== datenabholungVersion) {
    throw new AnswerError(`${root.path} is not ElsterDatenabholung ${datenabholungVersion} (${datenabholungNamespace})`);
  }
  const fingerprintNode = root.one('Fingerprint');
  const fingerprint = fingerprintNode && { name: fingerprintNode.required('name'), value: fingerprintNode.own().replace(/\s+/g, '') };
  return { ticket, version, header, ...(fingerprint && { fingerprint }), answer: answerOf(root) };
}

const answerReaders: Record<string, (node: Node) => DatenabholungAnswer> = {
  PostfachAnfrageAntwort: (node) => {
    const next = node.attribute('paginierungLetzteBestId');
    return {
      kind: 'PostfachAnfrageAntwort',
      query: queryEcho(node),
      ...(next !== undefined && { next }),
      datenarten: node.all('DatenartBereitstellung').map((datenart) => ({
        name: datenart.required('name'),
        hits: count(datenart, 'anzahltreffer'),
        provisions: datenart.one('Bereitstellungen')?.all('Bereitstellung').map(provision) ?? [],
      })),
    };
  },
  PostfachBestaetigungAntwort: (node) => ({
    kind: 'PostfachBestaetigungAntwort',
    results: (node.one('Bereitstellungen')?.all('Bereitstellung') ?? []).map((record) => {
      const rueckgabe = record.one('Rueckgabe');
      const code = rueckgabe?.text('Code');
      if (!code) throw new AnswerError(`${record.path} has no Rueckgabe/Code`);
      return { id: record.required('id'), code, text: rueckgabe?.text('Text') ?? '' };
    }),
  }),
  Bereitstellungen: (node) => ({
    kind: 'Statusabfrage',
    records: node.all('Bereitstellung').map((record) => {
      const status = record.text('Status');
      if (!status) throw new AnswerError(`${record.path} has no Status`);
      const at = (name: string) => {
        const value = record.text(name);
        if (value === undefined) return undefined;
        const iso = germanTime(value);
        if (!iso) throw new AnswerError(`${record.path}/${name} is not a time (JJJJMMDDHHMMSS)`);
        return iso;
      };
      const error = record.one('Fehler');
      return defined({
        provision_ticket: record.text('BereitstellungsTicket'),
        status,
        notification_id: record.text('BekanntgabeVorgangsId'),
        emailed_at: at('EMailVersandZeitpunkt'),
        fetched_at: at('AbrufZeitpunkt'),
        deleted_at: at('LoeschZeitpunkt'),
        error: error && { number: error.text('Nummer') ?? '', text: error.text('Text') ?? '' },
      });
    }),
  }),
  PostfachStatusAntwort: (node) => ({
    kind: 'PostfachStatusAntwort',
    query: queryEcho(node),
    counts: node.all('DatenartBereitstellung').map((datenart) => ({ name: datenart.required('name'), hits: count(datenart, 'anzahltreffer') })),
  }),
  Anfrage: (node) => ({
    kind: 'Anfrage',
    ...defined({ idnr: node.attribute('idnr'), year: node.attribute('veranlagungsjahr'), type: node.attribute('belegart') }),
    ids: node.all('Id').map((id) =>
      defined({
        id: id.required('id'),
        size: count(id, 'groesse'),
        type: id.attribute('belegart'),
        schema_version: id.attribute('schemaversion'),
        hash: id.attribute('hashwert'),
      }),
    ),
  }),
  Abholung: (node) => {
    const data = node.text('Datenpaket');
    return {
      kind: 'Abholung',
      id: node.required('id'),
      ...defined({ idnr: node.attribute('idnr'), year: node.attribute('veranlagungsjahr') }),
      ...(data !== undefined && { data: data.replace(/\s+/g, '') }),
    };
  },
};

/** The one answer element after the optional Fingerprint; an element the schema does not answer with is refused. */
function answerOf(root: Node): DatenabholungAnswer {
  const names = root.tree.children.map((child) => child.name).filter((name) => name !== 'Fingerprint' && name !== 'Abholzertifikat');
  if (names.length === 0) return { kind: 'none' };
  const [name] = names as [string];
  const reader = answerReaders[name];
  if (names.length > 1 || !reader) throw new AnswerError(`${root.path} holds ${names.join(', ')}, not one answer ELSTER sends`);
  return reader(root.one(name)!);
}

function queryEcho(node: Node): QueryEcho {
  const max = node.attribute('max');
  return defined({
    einschraenkung: node.attribute('einschraenkung'),
    max: max === undefined ? undefined : whole(max, `${node.path}/@max`),
    von: node.attribute('von'),
    bis: node.attribute('bis'),
  });
}

function provision(node: Node): Provision {
  const info = node.one('MetaInformationen');
  const datenpaket = node.one('Datenpaket');
  const ref = datenpaket?.text('ReferenzId');
  const encoding = datenpaket?.text('Encoding');
  const size = datenpaket?.text('Groesse');
  if (datenpaket && (!ref || size === undefined)) throw new AnswerError(`${datenpaket.path} has no ReferenzId or Groesse`);
  return {
    id: recordId(node.required('id'), node.path),
    ...defined({ provision_ticket: node.attribute('bereitstellungsticket') }),
    announced_size: count(node, 'groesse'),
    metas: info ? metas(info) : {},
    meta_maps: (info?.one('MetaInfoMaps')?.all('MetaInfoMap') ?? []).map((map) => ({
      type: map.required('typ'),
      metas: metas(map),
      lists: map.all('MetaList').map((list) => ({
        type: list.required('typ'),
        elements: list.all('MetaListElement').map((element) => defined({ name: element.attribute('name'), value: element.own() })),
      })),
    })),
    ...(ref && { data: { ref, ...defined({ encoding }), announced_size: whole(size!, `${datenpaket!.path}/Groesse`) } }),
    attachments: (node.one('Anhaenge')?.all('Anhang') ?? []).map((attachment) => {
      const [title, contentType, fileRef, fileSize] = ['Dateibezeichnung', 'Dateityp', 'DateiReferenzId', 'DateiGroesse'].map((name) => {
        const value = attachment.text(name);
        if (!value) throw new AnswerError(`${attachment.path} has no ${name}`);
        return value;
      }) as [string, string, string, string];
      return {
        ...defined({ file_name: attachment.text('DateinameMitErweiterung') }),
        title,
        content_type: contentType,
        ref: fileRef,
        announced_size: whole(fileSize, `${attachment.path}/DateiGroesse`),
        metadata: (attachment.one('MetadatenAnhang')?.all('MetadatumAnhang') ?? []).map((entry) =>
          defined({ key: entry.text('SchluesselAnhang'), value: entry.text('WertAnhang') }),
        ),
      };
    }),
  };
}

/** Meta elements by name; a name twice is refused (the schema's uniqueness), base64 (deprecated `coding`) decoded. */
function metas(node: Node): Record<string, string> {
  const found: Record<string, string> = Object.create(null);
  for (const meta of node.all('Meta')) {
    const name = meta.required('name');
    if (name in found) throw new AnswerError(`${meta.path} repeats the Meta ${name}`);
    const coding = meta.attribute('coding') ?? 'text';
    const value = meta.own();
    if (coding !== 'text' && coding !== 'base64') throw new AnswerError(`${meta.path} has the coding ${coding}`);
    found[name] = coding === 'base64' ? Buffer.from(value, 'base64').toString('utf8') : value;
  }
  return { ...found };
}

function recordId(id: string, path: string): string {
  if (!/^[0-9a-km-z]{2}[0-9]{3}[0-9a-km-z]{27}$/.test(id)) throw new AnswerError(`${path} has an id that is not ELSTER's (ETID)`);
  return id;
}

const count = (node: Node, attribute: string) => whole(node.required(attribute), `${node.path}/@${attribute}`);

function whole(value: string, path: string): number {
  if (!/^\d{1,15}$/.test(value)) throw new AnswerError(`${path} is not a whole number`);
  return Number(value);
}

/** `object` without its undefined members, so that a read record holds only what ELSTER wrote. */
function defined<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}
