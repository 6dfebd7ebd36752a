import { describe, expect, it } from 'vitest';
import { type UstvaNutzdatenInput, ustvaNamespace, ustvaNutzdaten } from '#shared/forms/ustva/xml-writer.ts';
import { elsterDate } from '#shared/tax/dates.ts';
import { ustvaSchemaStructure } from '#shared/forms/ustva/structure.ts';
import { parseXml, readXml } from '#shared/xml/xml.ts';
import { schemaFindings } from '#shared/xml/structure.ts';
import { ustvaNutzdatenSample } from '#test/support/samples.ts';

const input = ustvaNutzdatenSample;

const kennzahlElements = (xml: string) => [...xml.matchAll(/<(Kz\d{2})>([^<]*)</g)].map(([, element, text]) => `${element}=${text}`);

describe('ustvaNutzdaten', () => {
  it('writes the Nutzdaten of the contract sample', () => {
    const supplier = {
      name: 'Muster GmbH',
      street: 'Hauptstr. 1',
      postal_code: '80331',
      city: 'München',
      phone: '089123456',
      email: 'buchhaltung@example.com',
    };
    expect(ustvaNutzdaten(input({ supplier }))).toBe(
      '<Anmeldungssteuern xmlns="http://finkonsens.de/elster/elsteranmeldung/ustva/v2026" version="2026">' +
        '<Erstellungsdatum>20260409</Erstellungsdatum>' +
        '<DatenLieferant><Name>Muster GmbH</Name><Strasse>Hauptstr. 1</Strasse><PLZ>80331</PLZ><Ort>München</Ort><Telefon>089123456</Telefon><Email>buchhaltung@example.com</Email></DatenLieferant>' +
        '<Steuerfall><Umsatzsteuervoranmeldung>' +
        '<Jahr>2026</Jahr><Zeitraum>03</Zeitraum><Steuernummer>9198011310010</Steuernummer>' +
        '<Kz09>74931</Kz09><Kz66>1200.50</Kz66><Kz81>10000</Kz81><Kz83>734.50</Kz83><Kz86>500</Kz86>' +
        '</Umsatzsteuervoranmeldung></Steuerfall></Anmeldungssteuern>',
    );
  });

  it.each([2024, 2025, 2026])('names the namespace and version of %i', (year) => {
    const parsed = parseXml(ustvaNutzdaten(input({ year })));
    expect(parsed.ok && parsed.element['@_xmlns']).toBe(`http://finkonsens.de/elster/elsteranmeldung/ustva/v${year}`);
    expect(parsed.ok && parsed.element['@_version']).toBe(String(year));
    expect(ustvaNamespace(year)).toBe(`http://finkonsens.de/elster/elsteranmeldung/ustva/v${year}`);
  });

  it('writes every Kennzahl, flags included, in ascending number after Kz09', () => {
    const xml = ustvaNutzdaten(
      input({
        kennzahlen: { kz83: '0.00', kz66: '10.00', kz21: 500, kz81: 100, kz35: 10, kz36: '-9.00', kz45: 7, kz39: '10.00' },
        flags: { refund_offset: true, corrected: true, documents_separate: true, direct_debit_revoked: true },
      }),
    );
    expect(kennzahlElements(xml)).toEqual([
      'Kz09=74931',
      'Kz10=1',
      'Kz21=500',
      'Kz22=1',
      'Kz26=1',
      'Kz29=1',
      'Kz35=10',
      'Kz36=-9.00',
      'Kz39=10.00',
      'Kz45=7',
      'Kz66=10.00',
      'Kz81=100',
      'Kz83=0.00',
    ]);
  });

  it("writes Kz93 before Kz90, as the schema orders them, and what it writes passes the schema's structure", async () => {
    const xml = ustvaNutzdaten(input({ kennzahlen: { kz90: 100, kz93: 100, kz89: 100, kz83: '26.00' } }));
    expect(kennzahlElements(xml)).toEqual(['Kz09=74931', 'Kz83=26.00', 'Kz89=100', 'Kz93=100', 'Kz90=100']);
    const read = readXml(xml, { strict: true });
    // 2026 is checked against the 2025 schema, whose root takes version 2025: the year's own version is XML_VERSION's to check.
    const ownVersion = (names: readonly string[]) => names.join('/') === '@version';
    expect(read.ok && schemaFindings(read.tree, await ustvaSchemaStructure(2026), { pathOf: (names) => names.join('.'), ownValue: ownVersion })).toEqual([]);
  });

  it('writes a flag only when it is true', () => {
    const xml = ustvaNutzdaten(input({ flags: { corrected: false, documents_separate: true, direct_debit_revoked: false } }));
    expect(kennzahlElements(xml).filter((kz) => /^Kz(10|22|26|29)=/.test(kz))).toEqual(['Kz22=1']);
  });

  it('writes bases as whole numbers and tax amounts with a dot and two decimals', () => {
    const xml = ustvaNutzdaten(input({ kennzahlen: { kz81: '-250.00', kz86: 1e6, kz66: 1200.5, kz61: '0.1', kz62: 0.1 + 0.2, kz83: -1 } }));
    expect(kennzahlElements(xml)).toEqual(['Kz09=74931', 'Kz61=0.10', 'Kz62=0.30', 'Kz66=1200.50', 'Kz81=-250', 'Kz83=-1.00', 'Kz86=1000000']);
  });

  it('always writes Kz83, computing it when the figures leave it out', () => {
    expect(kennzahlElements(ustvaNutzdaten(input({ kennzahlen: { kz81: 1000 } })))).toEqual(['Kz09=74931', 'Kz81=1000', 'Kz83=190.00']);
    expect(kennzahlElements(ustvaNutzdaten(input({ kennzahlen: {} })))).toEqual(['Kz09=74931', 'Kz83=0.00']);
  });

  it('writes the Kz 70 date as TT.MM.JJJJ', () => {
    expect(kennzahlElements(ustvaNutzdaten(input({ year: 2025, kennzahlen: { kz70: '2025-03-14', kz83: 0 } })))).toContain('Kz70=14.03.2025');
    expect(elsterDate('2025-12-01')).toBe('01.12.2025');
  });

  it('dates the Erstellungsdatum by the day in Germany', () => {
    expect(ustvaNutzdaten(input({ createdAt: new Date('2025-12-31T23:30:00Z') }))).toContain('<Erstellungsdatum>20260101</Erstellungsdatum>');
    expect(ustvaNutzdaten(input({ createdAt: new Date('2026-06-30T21:59:00Z') }))).toContain('<Erstellungsdatum>20260630</Erstellungsdatum>');
  });

  it('writes the supplier fields given, escaped, and leaves out DatenLieferant without a supplier', () => {
    expect(ustvaNutzdaten(input({ supplier: { name: 'Müller & Söhne <KG>', city: 'Köln' } }))).toContain(
      '<DatenLieferant><Name>Müller &amp; Söhne &lt;KG&gt;</Name><Ort>Köln</Ort></DatenLieferant>',
    );
    expect(ustvaNutzdaten(input())).not.toContain('DatenLieferant');
  });

  it.each([
    ['a base with cents', { kennzahlen: { kz81: '100.50', kz83: 0 } }],
    ['a tax amount with three decimals', { kennzahlen: { kz66: '1.005', kz83: 0 } }],
    ['an amount that is not one', { kennzahlen: { kz66: '1,50', kz83: 0 } }],
    ['a Kennzahl of an older form', { kennzahlen: { kz52: 1, kz83: 0 } }],
    ['a flag among the Kennzahlen', { kennzahlen: { kz10: 1, kz83: 0 } }],
    ['Kz 70 before 2025', { year: 2024, kennzahlen: { kz70: '2024-03-01', kz83: 0 } }],
    ['a malformed date', { year: 2025, kennzahlen: { kz70: '1.3.2025', kz83: 0 } }],
    ['a year without a form', { year: 2020 }],
    ['a tax number in a state notation', { taxNumber: '198/113/10010' }],
  ])('refuses to write %s rather than alter it', (_, overrides) => {
    expect(() => ustvaNutzdaten(input(overrides as Partial<UstvaNutzdatenInput>))).toThrow(RangeError);
  });
});
