// A mailbox check over real HTTP with TAX_AUTHORITY=eric: ERiC's test double answers the
// Datenabholung requests (test/eric-double), Otto's test double serves the objects
// (test/otto-double), and the notices stored, answers to a filing of the client, hold exactly the
// double's bytes.

import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doubleCertificate, doublePin, ericDoubleHome } from '#test/eric-double/double.ts';
import { datenabholungFolder } from '#test/eric-double/datenabholung.ts';
import { ottoDoubleHome, ottoObjects, type OttoObjects } from '#test/otto-double/double.ts';
import { eventually, startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

const records = [
  { id: 'be1237nw3vymf411strc2fk7rhakxdv1', provisionTicket: 'et2501jbenyw7w6yw8c0tivbcj3rfvs1', data: '32550000-0000-0000-0000-000000000001' },
  {
    id: 'be1237nw3vymf411strc2fk7rhakxdv2',
    provisionTicket: 'et2501jbenyw7w6yw8c0tivbcj3rfvs2',
    data: '32550000-0000-0000-0000-000000000002',
    attachments: ['1992ab00-0000-0000-0000-000000000002'],
  },
];
// Larger than one of the double's blocks, with NULs: the bytes must come through whole.
const content = new Map([
  ['32550000-0000-0000-0000-000000000001', Buffer.from('<Bescheiddaten>one</Bescheiddaten>')],
  ['32550000-0000-0000-0000-000000000002', Buffer.concat([Buffer.from('<Bescheiddaten>'), randomBytes(5000), Buffer.from('</Bescheiddaten>')])],
  ['1992ab00-0000-0000-0000-000000000002', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(100), randomBytes(20_000)])],
]);

let service: LocalService;
let objects: OttoObjects;
let folder: string;

beforeAll(async () => {
  objects = await ottoObjects(4096);
  folder = await mkdtemp(join(tmpdir(), 'steuerbote-datenabholung-'));
  for (const [ref, bytes] of content) await objects.put(ref, bytes);
  service = await startService({
    env: {
      TAX_AUTHORITY: 'eric',
      ERIC_HOME: ericDoubleHome(41),
      ERIC_CERT_PATH: await doubleCertificate(),
      ERIC_CERT_PIN: doublePin,
      ERIC_DOUBLE_DATENABHOLUNG_DIR: folder,
      OTTO_HOME: ottoDoubleHome(),
      ...objects.env,
    },
  });
});
afterAll(() => service?.stop());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('a mailbox check through ERiC and Otto', () => {
  it('stores every record’s objects as Otto serves them, then confirms them', async () => {
    // The records answer a filing the double delivered: the client's notices.
    const filing = await service.waitForStatus((await service.submit('ustva', ustvaSample())).json.data.ticket, ['delivered']);
    await datenabholungFolder(
      records.map((record) => ({ ...record, erklaerungsticket: filing.transfer_ticket })),
      folder,
    );
    const accepted = await service.post('/v2/mailbox/checks', { test: true });
    expect(accepted.status).toBe(202);
    const check = await eventually(async () => {
      const reply = await service.call('GET', `/v2/mailbox/checks/${accepted.json.data.check_id}`);
      return reply.json.data.status === 'done' && reply.json.data;
    }, 60_000);
    expect(check).toMatchObject({ found: 2, stored: 2, confirmed: 2, unconfirmed: 0 });

    const notices = (await service.call('GET', '/v2/notices')).json.data.notices;
    expect(notices).toHaveLength(2);
    for (const record of records) {
      const notice = notices.find((candidate: { data: { file_name: string } }) => candidate.data.file_name === `ESB_${record.id}.xml`);
      expect(notice.state).toBe('confirmed');
      const data = await service.call('GET', `/v2/notices/${notice.notice_id}/data`);
      expect(sha256(data.bytes)).toBe(sha256(content.get(record.data)!));
      for (const [n, ref] of (record.attachments ?? []).entries()) {
        const file = await service.call('GET', `/v2/notices/${notice.notice_id}/attachments/${n + 1}`);
        expect(sha256(file.bytes)).toBe(sha256(content.get(ref)!));
      }
    }
    const counters = await objects.counters();
    for (const ref of content.keys()) expect(counters.get(ref)).toEqual({ begun: 1, completed: 1 });
  });
});
