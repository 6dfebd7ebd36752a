// The ERiC mailbox against the ERiC test double, once per struct family: the double answers each
// Datenabholung request with the file of its Datenart (ERIC_DOUBLE_DATENABHOLUNG_DIR); objects come
// from the Otto test double.

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EricMailboxError, EricTaxMailbox } from '#shared/eric/eric-tax-mailbox.ts';
import { loadEric } from '#shared/eric/library.ts';
import { ottoInstance } from '#shared/eric/otto/binding.ts';
import { doubleMajors } from '#test/eric-double/build.ts';
import { datenabholungAnswer } from '#test/eric-double/datenabholung.ts';
import { doubleCertificate, doubleCounters, doublePin, ericDoubleHome } from '#test/eric-double/double.ts';
import { ottoDoubleHome, ottoObjects, type OttoObjects } from '#test/otto-double/double.ts';

const id = 'be1237nw3vymf411strc2fk7rhakxdvf';
const ticket = 'et2501jbenyw7w6yw8c0tivbcj3rfvsd';

const answers = {
  PostfachAnfrage: datenabholungAnswer(
    'PostfachAnfrage',
    `<PostfachAnfrageAntwort max="200" paginierungLetzteBestId="${id}"><DatenartBereitstellung name="ESB" anzahltreffer="1"><Bereitstellungen>` +
      `<Bereitstellung id="${id}" bereitstellungsticket="${ticket}" groesse="900"><MetaInformationen><Meta name="erklaerungsticket">tt1</Meta></MetaInformationen>` +
      '<Datenpaket><ReferenzId>32550000-0000-0000-0000-000000000000</ReferenzId><Encoding>ISO-8859-15</Encoding><Groesse>1205</Groesse></Datenpaket>' +
      '</Bereitstellung></Bereitstellungen></DatenartBereitstellung></PostfachAnfrageAntwort>',
  ),
  PostfachBestaetigung: datenabholungAnswer(
    'PostfachBestaetigung',
    `<PostfachBestaetigungAntwort><Bereitstellungen><Bereitstellung id="${id}"><Rueckgabe><Code>0</Code><Text>bestaetigt</Text></Rueckgabe></Bereitstellung></Bereitstellungen></PostfachBestaetigungAntwort>`,
  ),
  Statusabfrage: datenabholungAnswer(
    'Statusabfrage',
    `<Bereitstellungen><Bereitstellung><BereitstellungsTicket>${ticket}</BereitstellungsTicket><Status>30-BESTAETIGT</Status></Bereitstellung></Bereitstellungen>`,
  ),
};

afterEach(() => vi.unstubAllEnvs());

describe.each(doubleMajors)('the ERiC mailbox with the ERiC %i test double', (major) => {
  const home = ericDoubleHome(major);
  let mailbox: EricTaxMailbox;
  let folder: string;
  let objects: OttoObjects;
  const address = { test: true };

  beforeAll(async () => {
    const certificatePath = await doubleCertificate();
    folder = await mkdtemp(join(tmpdir(), 'steuerbote-datenabholung-'));
    for (const [datenart, xml] of Object.entries(answers)) await writeFile(join(folder, `${datenart}.xml`), xml);
    mailbox = new EricTaxMailbox({
      library: loadEric(home),
      credentials: async () => ({ certificatePath, pin: doublePin }),
      herstellerId: '74931',
      datenLieferant: 'steuerbote',
      productVersion: '1.0.0',
      otto: ottoInstance(ottoDoubleHome()),
    });
    objects = await ottoObjects(100);
  });

  afterEach(() => {
    const counters = doubleCounters(home);
    expect(counters.openBuffers()).toBe(0);
    expect(counters.openCertificates()).toBe(0);
  });

  it('lists a page, confirms a record and asks its status through EricBearbeiteVorgang', async () => {
    vi.stubEnv('ERIC_DOUBLE_DATENABHOLUNG_DIR', folder);
    const page = await mailbox.list(address, { max: 1000, datenarten: ['ESB'] });
    expect(page).toEqual({
      next: id,
      records: [
        {
          id,
          provision_ticket: ticket,
          datenart: 'ESB',
          metas: { erklaerungsticket: 'tt1' },
          data: { ref: '32550000-0000-0000-0000-000000000000', announced_size: 1205, content_type: 'application/xml' },
          attachments: [],
        },
      ],
    });
    expect(await mailbox.confirm(address, [id])).toEqual([{ id, outcome: 'confirmed', code: '0', message: 'bestaetigt' }]);
    expect(await mailbox.status(address, [ticket, 'other'])).toEqual(
      new Map([
        [ticket, 'confirmed'],
        ['other', 'unknown'],
      ]),
    );
  });

  it('fails, naming ERiC’s code, when the server cannot be reached, and refuses a request it cannot build', async () => {
    vi.stubEnv('ERIC_DOUBLE_DATENABHOLUNG_DIR', join(folder, 'missing'));
    await expect(mailbox.confirm(address, [id])).rejects.toThrow(/PostfachBestaetigung: ERiC 610101278 ERIC_TRANSFER_ERR_CONNECTSERVER/);
    await expect(mailbox.confirm(address, ['not-an-id'])).rejects.toThrow(EricMailboxError);
  });

  it('downloads an object through Otto with the stage’s certificate, or a client’s from its bytes', async () => {
    for (const [name, value] of Object.entries(objects.env)) vi.stubEnv(name, value);
    const content = Buffer.from('<Bescheid>\u0000 binary, and more than one block of the double, long enough to need three</Bescheid>'.repeat(3));
    const ref = '32550000-0000-0000-0000-000000000000';
    await objects.put(ref, content);
    const read = async (blocks: AsyncIterable<Uint8Array>) => {
      const received: Uint8Array[] = [];
      for await (const block of blocks) received.push(block);
      return Buffer.concat(received);
    };
    expect((await read(await mailbox.download(address, { ref, announced_size: 1 }))).equals(content)).toBe(true);
    const client = { certificate_id: 'c1', subject: 'Client', pkcs12: new TextEncoder().encode('a client container'), pin: doublePin };
    expect((await read(await mailbox.download({ test: true, certificate: client }, { ref, announced_size: 1 }))).equals(content)).toBe(true);
    expect((await objects.counters()).get(ref)).toEqual({ begun: 2, completed: 2 });
    await expect(read(await mailbox.download(address, { ref: '32550000-0000-0000-0000-00000000dead', announced_size: 1 }))).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});
