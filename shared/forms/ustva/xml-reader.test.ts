import { describe, expect, it } from 'vitest';
import { readUstvaNutzdaten, ustvaElementOf } from '#shared/forms/ustva/xml-reader.ts';
import { ustvaNutzdaten } from '#shared/forms/ustva/xml-writer.ts';
import { maxXmlBytes } from '#shared/xml/limits.ts';
import { ustvaFindings } from '#shared/forms/ustva/rules.ts';
import { ustvaNutzdatenSample } from '#test/support/samples.ts';

/** The figures of a Voranmeldung read without findings. */
function figuresOf(read: Awaited<ReturnType<typeof readUstvaNutzdaten>>) {
  if (!read.ok || read.figures.type !== 'voranmeldung') throw new Error(JSON.stringify(read));
  return read.figures;
}

const input = ustvaNutzdatenSample;

const namespace = (year: number) => `http://finkonsens.de/elster/elsteranmeldung/ustva/v${year}`;
const nutzdaten = (inner: string, { year = 2026, root = 'Anmeldungssteuern', ns = namespace(year), version = String(year) } = {}) =>
  `<${root} xmlns="${ns}" version="${version}"><Erstellungsdatum>20260409</Erstellungsdatum><Steuerfall><Umsatzsteuervoranmeldung>` +
  `<Jahr>${year}</Jahr><Zeitraum>03</Zeitraum><Steuernummer>9198011310010</Steuernummer><Kz09>74931</Kz09>${inner}` +
  `</Umsatzsteuervoranmeldung></Steuerfall></${root}>`;

const findings = async (xml: string, year = 2026) => {
  const read = await readUstvaNutzdaten(xml, year);
  return read.ok ? [] : read.findings.map(({ path, code }) => `${path}:${code}`);
};

describe('readUstvaNutzdaten reads back what ustvaNutzdaten writes', () => {
  it('gives back every figure of a full return', async () => {
    const supplier = { name: 'Müller & Söhne <KG>', street: 'Hauptstr. 1', postal_code: '80331', city: 'München', phone: '089123456', email: 'a@example.com' };
    const kennzahlen = {
      kz81: 12345,
      kz86: -678,
      kz35: 100,
      kz36: '5.50',
      kz21: 7,
      kz66: 1200.5,
      kz39: '10.00',
      kz50: 40,
      kz37: '3.20',
      kz70: '2026-03-14',
      kz83: '1093.09',
    };
    const flags = { corrected: true, documents_separate: true, direct_debit_revoked: true, refund_offset: true };
    const read = await readUstvaNutzdaten(ustvaNutzdaten(input({ kennzahlen, flags, supplier })), 2026);
    expect(read).toEqual({
      ok: true,
      tree: expect.objectContaining({ name: 'Anmeldungssteuern' }),
      figures: {
        type: 'voranmeldung',
        year: 2026,
        period: '03',
        taxNumber: '9198011310010',
        herstellerId: '74931',
        created: '20260409',
        flags,
        supplier,
        kennzahlen: {
          kz21: '7',
          kz35: '100',
          kz36: '5.50',
          kz37: '3.20',
          kz39: '10.00',
          kz50: '40',
          kz66: '1200.50',
          kz70: '2026-03-14',
          kz81: '12345',
          kz83: '1093.09',
          kz86: '-678',
        },
      },
    });
    expect(ustvaFindings(figuresOf(read))).toEqual([]);
  });

  it.each([2024, 2025, 2026])('round-trips the contract sample for %i, element by element', async (year) => {
    const read = await readUstvaNutzdaten(ustvaNutzdaten(input({ year, period: '44' })), year);
    const figures = figuresOf(read);
    expect(figures.year).toBe(year);
    expect(figures.period).toBe('44');
    expect(figures.taxNumber).toBe('9198011310010');
    expect(figures.herstellerId).toBe('74931');
    expect(figures.kennzahlen).toEqual({ kz66: '1200.50', kz81: '10000', kz83: '734.50', kz86: '500' });
    expect(figures.flags).toBeUndefined();
    expect(figures.supplier).toBeUndefined();
  });

  it('keeps only the flags that are set', async () => {
    const read = await readUstvaNutzdaten(ustvaNutzdaten(input({ flags: { corrected: false, refund_offset: true } })), 2026);
    expect(read.ok && read.figures.flags).toEqual({ refund_offset: true });
  });
});

describe("readUstvaNutzdaten reads a caller's Nutzdaten", () => {
  it('passes Kennzahlen the form does not know on to the rules', async () => {
    const read = await readUstvaNutzdaten(nutzdaten('<Kz52>100</Kz52><Kz83>0.00</Kz83>'), 2026);
    expect(figuresOf(read).kennzahlen).toEqual({ kz52: '100', kz83: '0.00' });
    expect(ustvaFindings(figuresOf(read)).map(({ code }) => code)).toEqual(['KZ_UNKNOWN']);
  });

  it('reads Nutzdaten without Kz09 and DatenLieferant, which the rules of nutzdaten-rules.ts refuse, and the parties', async () => {
    const xml =
      '<Anmeldungssteuern xmlns="http://finkonsens.de/elster/elsteranmeldung/ustva/v2026" version="2026"><Steuerfall><Unternehmer><Bezeichnung>X</Bezeichnung></Unternehmer><Umsatzsteuervoranmeldung><Jahr>2026</Jahr><Zeitraum>41</Zeitraum><Steuernummer>9198011310010</Steuernummer><Kz83>0.00</Kz83></Umsatzsteuervoranmeldung></Steuerfall></Anmeldungssteuern>';
    expect(await readUstvaNutzdaten(xml, 2026)).toEqual({
      ok: true,
      tree: expect.objectContaining({ name: 'Anmeldungssteuern' }),
      figures: {
        type: 'voranmeldung',
        year: 2026,
        period: '41',
        taxNumber: '9198011310010',
        kennzahlen: { kz83: '0.00' },
        business: { company_name: 'X' },
      },
    });
  });

  it('refuses another root element', async () => {
    expect(await findings(nutzdaten('<Kz83>0.00</Kz83>', { root: 'Lohnsteueranmeldung' }))).toEqual(['xml:XML_ROOT']);
    expect(await findings('<E10 xmlns="x"/>')).toEqual(['xml:XML_ROOT']);
  });

  it("refuses another year's namespace and version", async () => {
    expect(await findings(nutzdaten('<Kz83>0.00</Kz83>', { year: 2025 }), 2026)).toEqual(['xml:XML_NAMESPACE', 'xml:XML_VERSION', 'xml.Jahr:XML_VERSION']);
  });

  it('refuses a foreign or missing namespace and an old-style version', async () => {
    expect(await findings(nutzdaten('<Kz83>0.00</Kz83>', { ns: 'http://www.elster.de/2002/XMLSchema' }))).toEqual(['xml:XML_NAMESPACE']);
    expect(await findings(nutzdaten('<Kz83>0.00</Kz83>', { version: '202601' }))).toEqual(['xml:XML_VERSION']);
    expect(await findings('<Anmeldungssteuern version="2026"><Steuerfall/></Anmeldungssteuern>')).toEqual([
      'xml:XML_NAMESPACE',
      'xml.Steuerfall:XML_STRUCTURE',
    ]);
  });

  it('refuses Nutzdaten without Steuerfall or Umsatzsteuervoranmeldung', async () => {
    const open = `<Anmeldungssteuern xmlns="${namespace(2026)}" version="2026">`;
    expect(await findings(`${open}<Erstellungsdatum>20260409</Erstellungsdatum></Anmeldungssteuern>`)).toEqual(['xml.Steuerfall:XML_STRUCTURE']);
    // Jahr belongs inside a filing, not in Steuerfall: the schema check names it too.
    expect(await findings(`${open}<Steuerfall><Jahr>2026</Jahr></Steuerfall></Anmeldungssteuern>`)).toEqual([
      'xml.Jahr:XML_STRUCTURE',
      'xml.Umsatzsteuervoranmeldung:XML_STRUCTURE',
    ]);
    expect(await findings(`${open}<Steuerfall><Umsatzsteuervoranmeldung/></Steuerfall></Anmeldungssteuern>`)).toEqual([
      'xml.Umsatzsteuervoranmeldung:XML_STRUCTURE',
    ]);
  });

  it('refuses a missing Jahr, Zeitraum or Steuernummer and a malformed tax number', async () => {
    const open = `<Anmeldungssteuern xmlns="${namespace(2026)}" version="2026"><Steuerfall><Umsatzsteuervoranmeldung>`;
    expect(
      await findings(`${open}<Steuernummer>198/113/10010</Steuernummer><Kz83>0.00</Kz83></Umsatzsteuervoranmeldung></Steuerfall></Anmeldungssteuern>`),
    ).toEqual(['xml.Jahr:XML_STRUCTURE', 'xml.Zeitraum:XML_STRUCTURE', 'xml.Steuernummer:TAX_NUMBER_FORMAT']);
  });

  it.each([
    ['a comma', '<Kz66>1200,50</Kz66>'],
    ['thousands separators', '<Kz81>10.000.000</Kz81>'],
    ['letters', '<Kz81>zehn</Kz81>'],
    ['an exponent', '<Kz81>1e5</Kz81>'],
    ['a plus sign', '<Kz66>+5.00</Kz66>'],
    ['too many digits', '<Kz81>100000000000000000000</Kz81>'],
  ])('refuses a number with %s', async (_, element) => {
    expect(await findings(nutzdaten(`${element}<Kz83>0.00</Kz83>`))).toEqual([`xml.${element.slice(1, 5)}:XML_NUMBER`]);
  });

  it('refuses an empty Kennzahl, one with child elements and one that appears twice', async () => {
    expect(await findings(nutzdaten('<Kz81></Kz81><Kz83>0.00</Kz83>'))).toEqual(['xml.Kz81:XML_STRUCTURE']);
    expect(await findings(nutzdaten('<Kz81><Betrag>10</Betrag></Kz81><Kz83>0.00</Kz83>'))).toEqual(['xml.Kz81:XML_STRUCTURE']);
    expect(await findings(nutzdaten('<Kz81>1</Kz81><Kz81>2</Kz81><Kz83>0.00</Kz83>'))).toEqual(['xml.Kz81:XML_STRUCTURE']);
  });

  it('reads the Kz 70 date written TT.MM.JJJJ and refuses other spellings', async () => {
    const read = await readUstvaNutzdaten(nutzdaten('<Kz70>14.03.2025</Kz70><Kz83>0.00</Kz83>', { year: 2025 }), 2025);
    expect(figuresOf(read).kennzahlen.kz70).toBe('2025-03-14');
    expect(await findings(nutzdaten('<Kz70>2025-03-14</Kz70><Kz83>0.00</Kz83>', { year: 2025 }), 2025)).toEqual(['xml.Kz70:XML_DATE']);
  });

  it('refuses elements that are not Kennzahlen, text between them and flags other than "1"', async () => {
    expect(await findings(nutzdaten('<Umsatz>100</Umsatz><Kz83>0.00</Kz83>'))).toEqual(['xml.Umsatz:XML_STRUCTURE']);
    expect(await findings(nutzdaten('stray<Kz83>0.00</Kz83>'))).toEqual(['xml.Umsatzsteuervoranmeldung:XML_STRUCTURE']);
    expect(await findings(nutzdaten('<Kz10>0</Kz10><Kz83>0.00</Kz83>'))).toEqual(['xml.Kz10:XML_STRUCTURE']);
  });

  it('wants a name in DatenLieferant', async () => {
    const xml = nutzdaten('<Kz83>0.00</Kz83>').replace('<Steuerfall>', '<DatenLieferant><Ort>Köln</Ort></DatenLieferant><Steuerfall>');
    expect(await findings(xml)).toEqual(['xml.DatenLieferant.Name:XML_STRUCTURE']);
  });

  it('refuses a year it has no form for', async () => {
    expect(await findings(nutzdaten('<Kz83>0.00</Kz83>', { year: 2020 }), 2020)).toEqual(['year:YEAR_NOT_SUPPORTED']);
  });
});

describe('readUstvaNutzdaten refuses hostile input', () => {
  it('refuses entity expansion (billion laughs)', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
      '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>' +
      nutzdaten('<Kz83>0.00</Kz83>').replace('<Zeitraum>03</Zeitraum>', '<Zeitraum>&lol3;</Zeitraum>');
    expect(await findings(laughs)).toEqual(['xml:XML_DTD_NOT_ALLOWED']);
  });

  it('refuses an external entity', async () => {
    const external = `<!DOCTYPE Anmeldungssteuern [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${nutzdaten('<Kz83>&xxe;</Kz83>')}`;
    expect(await findings(external)).toEqual(['xml:XML_DTD_NOT_ALLOWED']);
  });

  it('refuses an entity that needs a DTD', async () => {
    expect(await findings(nutzdaten('<Kz83>&xxe;</Kz83>'))).toEqual(['xml:XML_ENTITY_NOT_ALLOWED']);
  });

  it('refuses a megabyte of input before parsing it', async () => {
    const big = nutzdaten(`<Kz83>0.00</Kz83>`).replace('<Steuerfall>', `<Pad>${'x'.repeat(1024 * 1024)}</Pad><Steuerfall>`);
    expect(big.length).toBeGreaterThan(maxXmlBytes);
    expect(await findings(big)).toEqual(['xml:XML_TOO_LARGE']);
  });

  it('refuses malformed XML', async () => {
    expect(await findings(nutzdaten('<Kz83>0.00</Kz84>'))).toEqual(['xml:XML_MALFORMED']);
    expect(await findings('')).toEqual(['xml:XML_MALFORMED']);
  });

  it('refuses a prefixed root it would otherwise read under another name', async () => {
    const prefixed = nutzdaten('<Kz83>0.00</Kz83>')
      .replace('<Anmeldungssteuern xmlns=', '<u:Anmeldungssteuern xmlns:u=')
      .replace('</Anmeldungssteuern>', '</u:Anmeldungssteuern>');
    expect(await findings(prefixed)).toEqual(['xml:XML_ROOT']);
  });
});

describe("readUstvaNutzdaten names ERiC's rules of a filing's own elements", () => {
  const open = `<Anmeldungssteuern xmlns="${namespace(2026)}" version="2026"><Erstellungsdatum>20260409</Erstellungsdatum><Steuerfall>`;
  const rulesOf = async (xml: string) => {
    const read = await readUstvaNutzdaten(xml, 2026);
    return read.ok ? [] : read.findings.map(({ path, rule }) => `${path} ${rule}`);
  };

  it.each([
    ['Umsatzsteuervoranmeldung', 'UStVA_Jahr_Pflichtfeld', 'UStVA_Steuernummer_Pflichtfeld', 'UStVA_Jahr_gleich_VZ'],
    ['Dauerfristverlaengerung', 'Df_Jahr_Pflichtfeld', 'Steuernummer_Pflichtfeld', 'Df_Jahr_gleich_VZ'],
    ['Umsatzsteuersondervorauszahlung', 'Svz_Jahr_Pflichtfeld', 'Steuernummer_Pflichtfeld', 'Svz_Jahr_gleich_VZ'],
  ])("%s: Jahr and Steuernummer required (%s, %s), Jahr the form's (%s)", async (filing, year, taxNumber, sameYear) => {
    const period = filing === 'Umsatzsteuervoranmeldung' ? '<Zeitraum>03</Zeitraum>' : '';
    expect(await rulesOf(`${open}<${filing}>${period}<Kz09>74931</Kz09></${filing}></Steuerfall></Anmeldungssteuern>`)).toEqual([
      `xml.Jahr ${year}`,
      `xml.Steuernummer ${taxNumber}`,
    ]);
    expect(
      await rulesOf(
        `${open}<${filing}><Jahr>2025</Jahr>${period}<Steuernummer>9198011310010</Steuernummer><Kz09>74931</Kz09></${filing}></Steuerfall></Anmeldungssteuern>`,
      ),
    ).toEqual([`xml.Jahr ${sameYear}`]);
  });

  it('UStVA_Zeitraum_Pflichtfeld', async () => {
    const xml = `${open}<Umsatzsteuervoranmeldung><Jahr>2026</Jahr><Steuernummer>9198011310010</Steuernummer><Kz83>0.00</Kz83></Umsatzsteuervoranmeldung></Steuerfall></Anmeldungssteuern>`;
    expect(await rulesOf(xml)).toEqual(['xml.Zeitraum UStVA_Zeitraum_Pflichtfeld']);
  });

  it('UStVA_Df_oder_Svz: one filing, not none and not two', async () => {
    const special = '<Dauerfristverlaengerung><Jahr>2026</Jahr><Steuernummer>9198011310010</Steuernummer></Dauerfristverlaengerung>';
    expect(await rulesOf(`${open}<Unternehmer><Name>M</Name></Unternehmer></Steuerfall></Anmeldungssteuern>`)).toEqual([
      'xml.Umsatzsteuervoranmeldung UStVA_Df_oder_Svz',
    ]);
    expect(
      await rulesOf(`${open}${special}<Umsatzsteuersondervorauszahlung><Jahr>2026</Jahr></Umsatzsteuersondervorauszahlung></Steuerfall></Anmeldungssteuern>`),
    ).toEqual(['xml.Umsatzsteuersondervorauszahlung UStVA_Df_oder_Svz']);
  });
});

describe('ustvaElementOf', () => {
  it.each([
    ['kennzahlen.kz83', 'Kz83'],
    ['kennzahlen.kz09', 'Kz09'],
    ['flags.corrected', 'Kz10'],
    ['flags.refund_offset', 'Kz29'],
    ['period', 'Zeitraum'],
    ['year', 'Jahr'],
    ['tax_number', 'Steuernummer'],
    ['Steuernummer', 'Steuernummer'],
    ['flags.supplementary_text', 'Kz23_Begruendung'],
    ['business.city', 'Unternehmer.Ort'],
    ['advisor.house_number_suffix', 'Berater.HNrZusatz'],
    ['business', 'Unternehmer'],
    ['flags.unknown', 'flags.unknown'],
  ])('names the element of %s: %s', async (requestPath, element) => {
    expect(ustvaElementOf(requestPath)).toBe(element);
  });
});
