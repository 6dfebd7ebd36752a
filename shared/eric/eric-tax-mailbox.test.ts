// The ERiC mailbox against the ERiC test double, once per struct family: the double answers each
// Datenabholung request with the file of its Datenart (ERIC_DOUBLE_DATENABHOLUNG_DIR).

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EricMailboxError, EricTaxMailbox } from '#shared/eric/eric-tax-mailbox.ts';
import { loadEric } from '#shared/eric/library.ts';
import { doubleMajors } from '#test/eric-double/build.ts';
import { doubleCertificate, doubleCounters, doublePin, ericDoubleHome } from '#test/eric-double/double.ts';

const id = 'be1237nw3vymf411strc2fk7rhakxdvf';
const ticket = 'et2501jbenyw7w6yw8c0tivbcj3rfvsd';

const answer = (datenart: string, nutzdaten: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Elster xmlns="http://www.elster.de/elsterxml/schema/v11"><TransferHeader version="11">` +
  `<Verfahren>ElsterDatenabholung</Verfahren><DatenArt>${datenart}</DatenArt><Vorgang>send-Auth</Vorgang><TransferTicket>tt${datenart.length}</TransferTicket>` +
  `<RC><Rueckgabe><Code>0</Code><Text>Ihr Request wurde bearbeitet</Text></Rueckgabe></RC></TransferHeader>` +
  `<DatenTeil><Nutzdatenblock><NutzdatenHeader version="11"><NutzdatenTicket>1</NutzdatenTicket><Empfaenger id="L">CS</Empfaenger></NutzdatenHeader>` +
  `<Nutzdaten><Datenabholung xmlns="http://finkonsens.de/elster/elsterdatenabholung/v3" version="31">${nutzdaten}</Datenabholung></Nutzdaten></Nutzdatenblock></DatenTeil></Elster>`;

const answers = {
  PostfachAnfrage: answer(
    'PostfachAnfrage',
    `<PostfachAnfrageAntwort max="200" paginierungLetzteBestId="${id}"><DatenartBereitstellung name="ESB" anzahltreffer="1"><Bereitstellungen>` +
      `<Bereitstellung id="${id}" bereitstellungsticket="${ticket}" groesse="900"><MetaInformationen><Meta name="erklaerungsticket">tt1</Meta></MetaInformationen>` +
      '<Datenpaket><ReferenzId>32550000-0000-0000-0000-000000000000</ReferenzId><Encoding>ISO-8859-15</Encoding><Groesse>1205</Groesse></Datenpaket>' +
      '</Bereitstellung></Bereitstellungen></DatenartBereitstellung></PostfachAnfrageAntwort>',
  ),
  PostfachBestaetigung: answer(
    'PostfachBestaetigung',
    `<PostfachBestaetigungAntwort><Bereitstellungen><Bereitstellung id="${id}"><Rueckgabe><Code>0</Code><Text>bestaetigt</Text></Rueckgabe></Bereitstellung></Bereitstellungen></PostfachBestaetigungAntwort>`,
  ),
  Statusabfrage: answer(
    'Statusabfrage',
    `<Bereitstellungen><Bereitstellung><BereitstellungsTicket>${ticket}</BereitstellungsTicket><Status>30-BESTAETIGT</Status></Bereitstellung></Bereitstellungen>`,
  ),
};

afterEach(() => vi.unstubAllEnvs());

describe.each(doubleMajors)('the ERiC mailbox with the ERiC %i test double', (major) => {
  const home = ericDoubleHome(major);
  let mailbox: EricTaxMailbox;
  let folder: string;
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
    });
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

  it('reports the download through Otto as not built', async () => {
    await expect(mailbox.download(address, { ref: '32550000-0000-0000-0000-000000000000', announced_size: 1 })).rejects.toThrow(/needs Otto/);
  });
});
