import { describe, expect, it } from 'vitest';
import { parseXml } from '#shared/xml/xml.ts';
import { elsterDocument, testmerker, transferHeaderFields } from '#shared/eric/elster-document.ts';

const nutzdaten = '<Anmeldungssteuern xmlns="http://finkonsens.de/elster/elsteranmeldung/ustva/v2026" version="2026"><Kz83>734.50</Kz83></Anmeldungssteuern>';
const product = { name: 'steuerbote', version: '0.3.0' };

function document(input: Parameters<typeof elsterDocument>[0]) {
  const built = elsterDocument(input, product);
  if (!built.ok) throw new Error(JSON.stringify(built.finding));
  return built.xml;
}

describe('elsterDocument', () => {
  it('wraps the Nutzdaten in DatenTeil/Nutzdatenblock with the NutzdatenHeader for the tax office', () => {
    const xml = document({ kind: 'ustva', tax_number: '9198011310010', nutzdaten });
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Elster xmlns="http://www.elster.de/elsterxml/schema/v11"><DatenTeil><Nutzdatenblock>' +
        '<NutzdatenHeader version="11"><NutzdatenTicket>1</NutzdatenTicket><Empfaenger id="F">9198</Empfaenger>' +
        '<Hersteller><ProduktName>steuerbote</ProduktName><ProduktVersion>0.3.0</ProduktVersion></Hersteller></NutzdatenHeader>' +
        `<Nutzdaten>${nutzdaten}</Nutzdaten></Nutzdatenblock></DatenTeil></Elster>`,
    );
    expect(parseXml(xml).ok).toBe(true);
  });

  it('addresses a first return to its tax office, and drops an XML declaration of the Nutzdaten', () => {
    const xml = document({ kind: 'est', tax_office: '9203', nutzdaten: `<?xml version="1.0" encoding="UTF-8"?>\n${nutzdaten}\n` });
    expect(xml).toContain('<Empfaenger id="F">9203</Empfaenger>');
    expect(xml).toContain(`<Nutzdaten>${nutzdaten}</Nutzdaten>`);
  });

  it.each([
    ['closes the envelope', `${nutzdaten}</Nutzdaten><Nutzdaten><Evil/>`, 'XML_MALFORMED'],
    ['declares entities', `<!DOCTYPE a [<!ENTITY x "y">]>${nutzdaten}`, 'XML_DTD_NOT_ALLOWED'],
    ['is not XML', 'Kz83=734.50', 'XML_MALFORMED'],
  ])('refuses Nutzdaten that %s', (_, bad, code) => {
    expect(elsterDocument({ kind: 'ustva', tax_number: '9198011310010', nutzdaten: bad }, product)).toEqual({
      ok: false,
      finding: expect.objectContaining({ path: 'xml', code }),
    });
  });

  it("places a letter's element and the attachments beside it, each checked", () => {
    const letter = '<Nachricht version="21"><Steuernummer>9198011310010</Steuernummer></Nachricht>';
    const attachments = '<Anhaenge version="3"><Anhang><Dateibezeichnung>A</Dateibezeichnung></Anhang></Anhaenge>';
    expect(document({ kind: 'ustva', tax_number: '9198011310010', nutzdaten: `${letter}\n${attachments}` })).toContain(
      `<Nutzdaten>${letter}\n${attachments}</Nutzdaten>`,
    );
    expect(elsterDocument({ kind: 'ustva', tax_number: '9198011310010', nutzdaten: `${letter}<Anhaenge version="3">` }, product)).toMatchObject({
      ok: false,
      finding: { path: 'xml' },
    });
  });

  it('addresses a ZM to the Bundeszentralamt für Steuern, which its facts name, without a tax number', () => {
    const zm = '<zm version="000005"><unternehmer><knri>DE136695976</knri></unternehmer></zm>';
    expect(document({ kind: 'zm', nutzdaten: zm })).toContain('<Empfaenger id="L">BF</Empfaenger>');
  });

  it('needs a tax office', () => {
    expect(elsterDocument({ kind: 'ustva', nutzdaten }, product)).toEqual({
      ok: false,
      finding: expect.objectContaining({ path: 'tax_number', code: 'TAX_OFFICE_MISSING' }),
    });
  });
});

describe('transferHeaderFields', () => {
  const sender = { herstellerId: '74931', datenLieferant: 'steuerbote' };

  it('sends a UStVA as ElsterAnmeldung and an ESt as ElsterErklaerung, signed', () => {
    expect(transferHeaderFields({ kind: 'ustva', test: true }, sender)).toEqual({
      verfahren: 'ElsterAnmeldung',
      datenart: 'UStVA',
      vorgang: 'send-Auth',
      testmerker: '700000004',
      ...sender,
    });
    expect(transferHeaderFields({ kind: 'est', test: true }, sender)).toMatchObject({ verfahren: 'ElsterErklaerung', datenart: 'ESt', testmerker });
  });

  it('marks only test cases with the Testmerker', () => {
    expect(transferHeaderFields({ kind: 'ustva', test: false }, sender)).not.toHaveProperty('testmerker');
  });
});
