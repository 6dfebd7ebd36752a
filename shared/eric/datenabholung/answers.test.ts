import { describe, expect, it } from 'vitest';
import { AnswerError, maxAnswerBytes, readDatenabholungAnswer } from '#shared/eric/datenabholung/answers.ts';
import { confirmResults, mailboxPage } from '#shared/eric/datenabholung/mailbox-answers.ts';

const record = (id: string, extra = '') =>
  `<Bereitstellung id="${id}" bereitstellungsticket="et2501jbenyw7w6yw8c0tivbcj3rfvsd" groesse="900">` +
  '<MetaInformationen><Meta name="erklaerungsticket">et9901jbenyw9w6yw8c0tivbcj3rfvsd</Meta><Meta name="verfuegbarbis">20271030</Meta></MetaInformationen>' +
  '<Datenpaket><ReferenzId>32550000-0000-0000-0000-000000000000</ReferenzId><Encoding>ISO-8859-15</Encoding><Groesse>1205</Groesse></Datenpaket>' +
  '<Anhaenge><Anhang><Dateibezeichnung>Bescheid</Dateibezeichnung><Dateityp>application/pdf</Dateityp><DateiReferenzId>1992ab00-0000-0000-0000-000000000000</DateiReferenzId><DateiGroesse>97845</DateiGroesse></Anhang></Anhaenge>' +
  `${extra}</Bereitstellung>`;

const answer = (nutzdaten: string, { code = '0', root = 'Elster', namespace = 'http://finkonsens.de/elster/elsterdatenabholung/v3', version = '31' } = {}) =>
  `<?xml version="1.0" encoding="UTF-8"?><${root} xmlns="http://www.elster.de/elsterxml/schema/v11"><TransferHeader version="11">` +
  `<Verfahren>ElsterDatenabholung</Verfahren><TransferTicket>tt1</TransferTicket><EingangsDatum>20261124100000</EingangsDatum>` +
  `<RC><Rueckgabe><Code>${code}</Code><Text>Ihr Request wurde bearbeitet</Text></Rueckgabe></RC></TransferHeader>` +
  `<DatenTeil><Nutzdatenblock><NutzdatenHeader version="11"><NutzdatenTicket>1</NutzdatenTicket></NutzdatenHeader>` +
  `<Nutzdaten><Datenabholung xmlns="${namespace}" version="${version}">${nutzdaten}</Datenabholung></Nutzdaten></Nutzdatenblock></DatenTeil></${root}>`;

const page = (records: string, attributes = '') =>
  answer(
    `<PostfachAnfrageAntwort max="2"${attributes}><DatenartBereitstellung name="ESB" anzahltreffer="1"><Bereitstellungen>${records}</Bereitstellungen></DatenartBereitstellung></PostfachAnfrageAntwort>`,
  );

const id = 'be1237nw3vymf411strc2fk7rhakxdvf';

describe('readDatenabholungAnswer', () => {
  it('reads a page into records with their IDs, Datenart, metas and objects', () => {
    const read = readDatenabholungAnswer(page(record(id), ` paginierungLetzteBestId="${id}"`));
    expect(read.unread).toEqual([]);
    expect(read.transfer).toMatchObject({ ticket: 'tt1', code: '0', received_at: '2026-11-24T09:00:00.000Z' });
    expect(mailboxPage(read)).toEqual({
      next: id,
      records: [
        {
          id,
          provision_ticket: 'et2501jbenyw7w6yw8c0tivbcj3rfvsd',
          datenart: 'ESB',
          metas: { erklaerungsticket: 'et9901jbenyw9w6yw8c0tivbcj3rfvsd', verfuegbarbis: '20271030' },
          data: { ref: '32550000-0000-0000-0000-000000000000', announced_size: 1205, content_type: 'application/xml' },
          attachments: [{ ref: '1992ab00-0000-0000-0000-000000000000', announced_size: 97845, file_name: 'Bescheid', content_type: 'application/pdf' }],
        },
      ],
    });
  });

  it('lists what it does not know as unread, and the port refuses such an answer', () => {
    const read = readDatenabholungAnswer(page(record(id, '<Neu>x</Neu>'), ' neu="1"'));
    expect(read.unread).toEqual([
      'Elster/DatenTeil/Nutzdatenblock/Nutzdaten/Datenabholung/PostfachAnfrageAntwort/@neu',
      'Elster/DatenTeil/Nutzdatenblock/Nutzdaten/Datenabholung/PostfachAnfrageAntwort/DatenartBereitstellung/Bereitstellungen/Bereitstellung/Neu',
    ]);
    expect(() => mailboxPage(read)).toThrow(/does not know/);
  });

  it('decodes a Meta written in base64', () => {
    const read = readDatenabholungAnswer(
      page(record(id).replace('<Meta name="verfuegbarbis">20271030</Meta>', '<Meta name="finanzamt" coding="base64">TcO8bmNoZW4=</Meta>')),
    );
    expect(mailboxPage(read).records[0]!.metas.finanzamt).toBe('München');
  });

  it.each([
    ['larger than its cap', page(record(id).repeat(Math.ceil(maxAnswerBytes / record(id).length) + 1)), /cannot be read/],
    ['a DTD', `<!DOCTYPE Elster [<!ENTITY x "y">]>${page(record(id))}`, /DTD/],
    ['an entity', page(record(id)).replace('ISO-8859-15', '&x;'), /entity/],
    ['too deep', page(record(id)).replace('</Bereitstellungen>', `${'<a>'.repeat(40)}${'</a>'.repeat(40)}</Bereitstellungen>`), /deeper/],
    ['another root', answer('', { root: 'Other' }), /not an <Elster> document/],
    ['another namespace', answer('<PostfachStatusAntwort/>', { namespace: 'urn:other' }), /not ElsterDatenabholung 31/],
    ['another version', answer('<PostfachStatusAntwort/>', { version: '32' }), /not ElsterDatenabholung 31/],
    ['an answer element ELSTER does not send', answer('<Unbekannt/>'), /not one answer ELSTER sends/],
    ['two answer elements', answer('<PostfachStatusAntwort/><PostfachStatusAntwort/>'), /not one answer/],
    ['a record ID not ELSTER’s', page(record('be1237nw3vymf411strc2fk7rhakxdvl')), /not ELSTER's/],
    ['a Meta twice', page(record(id).replace('</MetaInformationen>', '<Meta name="verfuegbarbis">20271030</Meta></MetaInformationen>')), /repeats the Meta/],
    ['a size that is no number', page(record(id).replace('<Groesse>1205', '<Groesse>-1')), /not a whole number/],
    ['a data package without its object', page(record(id).replace(/<ReferenzId>[^<]*<\/ReferenzId>/, '')), /no ReferenzId/],
    ['elements where text belongs', page(record(id).replace('<Groesse>1205', '<Groesse><b>1</b>')), /elements where text belongs/],
  ])('refuses an answer with %s', (_, xml, message) => {
    expect(() => readDatenabholungAnswer(xml)).toThrow(AnswerError);
    expect(() => readDatenabholungAnswer(xml)).toThrow(message);
  });
});

describe('the port’s shapes', () => {
  it('refuses a page of a transfer ELSTER refused, or of another answer', () => {
    expect(() => mailboxPage(readDatenabholungAnswer(answer('<PostfachStatusAntwort/>', { code: '610301200' })))).toThrow(/refused the request: 610301200/);
    expect(() => mailboxPage(readDatenabholungAnswer(answer('<PostfachStatusAntwort/>')))).toThrow(/answered PostfachStatusAntwort/);
  });

  it('tries again a confirmation whose code it does not know', () => {
    const read = readDatenabholungAnswer(
      answer(
        `<PostfachBestaetigungAntwort><Bereitstellungen><Bereitstellung id="${id}"><Rueckgabe><Code>42</Code><Text>?</Text></Rueckgabe></Bereitstellung></Bereitstellungen></PostfachBestaetigungAntwort>`,
      ),
    );
    expect(confirmResults(read, [id])).toEqual([{ id, outcome: 'retry', code: '42', message: '?' }]);
  });
});
