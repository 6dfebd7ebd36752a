// The ERiC path's ElsterDatenabholung against ELSTER's own files: every request it builds is valid
// against datenabholung_31.xsd, and every sample answer (samples/datenabholung/*_Response.xml) is
// read without loss: each leaf of the sample is found in the typed result, and nothing is unread.
// Without ELSTER's folder (test/support/elster.ts) the suite says so in one line and is skipped.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { germanTime } from '#shared/eric/answers.ts';
import { readDatenabholungAnswer } from '#shared/eric/datenabholung/answers.ts';
import { confirmResults, mailboxPage, recordStatuses } from '#shared/eric/datenabholung/mailbox-answers.ts';
import { maxPageSize, postfachAnfrage, postfachBestaetigung, statusabfrage, type Built } from '#shared/eric/datenabholung/requests.ts';
import { readXml, type XmlTree } from '#shared/xml/xml.ts';
import { schemaErrors } from '#test/oracle/xsd.ts';
import { elsterDir, elsterMissing, needsElster } from '#test/support/elster.ts';

const missing = elsterMissing('schemas', 'samples');
const samples = join(elsterDir, 'samples', 'datenabholung');
const today = new Date('2026-11-24T09:00:00Z');
const id = (n: number) => `be${String(n).padStart(3, '0')}7nw3vymf411strc2fk7rhakxdvf`;

const requests: [string, Built][] = [
  ['PostfachAnfrage, first page, default Datenarten', postfachAnfrage({ max: 200 }, today)],
  [
    'PostfachAnfrage, next page, one Datenart, a time range',
    postfachAnfrage({ max: 1, after: id(1), datenarten: ['ESB'], from: '2026-01-01', to: '2026-11-24' }, today),
  ],
  ['PostfachAnfrage, the largest page', postfachAnfrage({ max: maxPageSize, from: '2026-11-24' }, today)],
  ['PostfachBestaetigung, one record', postfachBestaetigung([id(1)])],
  ['PostfachBestaetigung, 100 records', postfachBestaetigung(Array.from({ length: 100 }, (_, n) => id(n)))],
  ['Statusabfrage, one record', statusabfrage(['et2501jbenyw7w6yw8c0tivbcj3rfvsd'])],
  ['Statusabfrage, 100 records', statusabfrage(Array.from({ length: 100 }, (_, n) => `et${n}jbenyw7w6yw8c0tivbcj3rfvsd`))],
];

/** Every leaf of a document: attribute values and non-empty texts, white space inside removed (base64 is wrapped). */
function leaves(tree: XmlTree, path = tree.name): { path: string; value: string }[] {
  const own = Object.entries(tree.attributes)
    .filter(([name]) => name !== 'xmlns')
    .map(([name, value]) => ({ path: `${path}/@${name}`, value }));
  const text = tree.children.length === 0 && tree.text.trim() !== '' ? [{ path, value: tree.text.replace(/\s+/g, '') }] : [];
  return [...own, ...text, ...tree.children.flatMap((child) => leaves(child, `${path}/${child.name}`))];
}

/** Every value in a read result, and every name it keys values by (Meta names), as strings, white space inside removed. */
function values(result: unknown): Set<string> {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string' || typeof value === 'number') found.add(String(value).replace(/\s+/g, ''));
    else if (value && typeof value === 'object') {
      if (!Array.isArray(value)) Object.keys(value).forEach(walk);
      Object.values(value).forEach(walk);
    }
  };
  walk(result);
  return found;
}

describe.skipIf(missing)("ElsterDatenabholung against ELSTER's schema and samples", needsElster, () => {
  it.each(requests)('the request "%s" is valid against datenabholung_31.xsd', (_, request) => {
    if (!request.ok) throw new Error(JSON.stringify(request.findings));
    expect(schemaErrors('schemas/datenabholung_31.xsd', request.xml), request.xml).toEqual([]);
  });

  const answers = missing ? [] : readdirSync(samples).filter((file) => file.endsWith('_Response.xml'));

  it('has sample answers of every step', () => {
    expect(answers.length).toBeGreaterThanOrEqual(11);
  });

  it.each(answers)('reads %s without loss', (file) => {
    const xml = readFileSync(join(samples, file), 'utf8');
    const read = readDatenabholungAnswer(xml);
    expect(read.unread).toEqual([]);
    const tree = readXml(xml);
    if (!tree.ok) throw new Error(tree.problem.message);
    const found = values(read);
    const lost = leaves(tree.tree).filter(({ value }) => !found.has(value) && !found.has(germanTime(value) ?? value));
    expect(lost).toEqual([]);
  });

  it('gives the port what the samples list, confirm and say', () => {
    const sample = (name: string) => readDatenabholungAnswer(readFileSync(join(samples, name), 'utf8'));
    const page = sample('1_b3_PostfachAnfrage_send_Auth_Paginierung_Response.xml');
    const listed = mailboxPage(page);
    expect(listed.next).toBe('be9947nw3vymf591strc2fk7rhakxdvf');
    const esb = listed.records.filter((record) => record.datenart === 'ESB');
    expect(esb.map((record) => [record.id, record.provision_ticket, record.datenart, record.data?.ref, record.data?.announced_size])).toEqual([
      ['be1237nw3vymf411strc2fk7rhakxdvf', 'et2501jbenyw7w6yw8c0tivbcj3rfvsd', 'ESB', '32550000-0000-0000-0000-000000000000', 1205],
      ['be3947nw3vymf511strc2fk7rhakxdvf', 'et9981jbenyw7w6yw8c0tivbcj3rfvsd', 'ESB', '11120000-0000-0000-0000-000000000000', 6985],
      ['be9947nw3vymf591strc2fk7rhakxdvf', 'et2561jbenyw7w6yw8c0tivbcj3rfvsd', 'ESB', '19920000-0000-0000-0000-000000000000', 13365],
    ]);
    expect(esb[2]!.metas).toMatchObject({ erklaerungsticket: 'et9901jbenyw9w6yw8c0tivbcj3rfvsd', verfuegbarbis: '20231111' });
    // The sample's EPMitteilung records carry attachments and no data package (`Datenpaket minOccurs="0"`): listed without data.
    const message = listed.records.find((record) => record.id === 'be3947nw3vymf991strc2fk8rhakxdvf')!;
    expect(message).toMatchObject({ datenart: 'EPMitteilung' });
    expect(message.data).toBeUndefined();
    expect(message.attachments.length).toBeGreaterThan(0);

    const asked = [
      'eh0360chxuw2dx0mq5f7sxndvtizzg7i',
      'eh0875chxuw2dx0mqa32sxndvtizzg7i',
      'eh0115chxuw2bg5mqa99sxndvtizzg7i',
      'eh9999chxuw2bg5mqa99sxndvtizzg7i',
    ];
    expect(confirmResults(sample('2_b1_PostfachBestaetigung_1NDB_Response.xml'), asked).map(({ outcome, code }) => [outcome, code])).toEqual([
      ['confirmed', '0'],
      ['not_found', '194346573'],
      ['retry', '1943226573'],
      ['retry', ''],
    ]);

    const tickets = [
      '12345678901234567890123456789012',
      '12345678901234567890123456789013',
      '12345678901234567890123456789014',
      '12345678901234567890123456789015',
    ];
    expect([...recordStatuses(sample('3_b_Statusabfrage_Response.xml'), tickets).values()]).toEqual(['fetched', 'deleted', 'unknown', 'unknown']);
  });
});
