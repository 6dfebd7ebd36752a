// A caller's own Nutzdaten over HTTP: every identifier in them is the request's, each IdNr is
// checked as a request's IdNr is, and the XML is read as strictly as ERiC reads it. The service
// allows live submissions here, so the live guard on the caller's IdNrs can be seen at work.
// test/integration/identifiers.test.ts tries every identifier place of every form.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serviceOfFile } from '#test/support/local-service.ts';
import { estSample, ustSample } from '#test/support/samples.ts';
import { fixturesOf } from '#test/support/corpus.ts';
import type { Kind } from '#shared/domain/ticket.ts';
import { maxXmlBytes, maxXmlNamespaces } from '#shared/xml/limits.ts';

const service = serviceOfFile({ env: { ALLOW_LIVE_SUBMISSIONS: 'true' } });

const fixture = async (kind: Kind, name: string) => JSON.parse(await readFile(join(fixturesOf(kind), `${name}.json`), 'utf8')).body;
const ustva = await fixture('ustva', 'valid-xml-passthrough');
const est = await fixture('est', 'valid-xml-passthrough');
const ust = ustSample();

// Another business's tax number, at another tax office than the request's.
const otherTaxNumber = '9181081508155';

/** An E10 whose Vorsatz holds `vorsatz` (after Vorgang) and whose forms are `forms`. */
const e10 = (vorsatz: string, forms = '') =>
  `<E10 xmlns="http://finkonsens.de/elster/elstererklaerung/est/e10/v2025" version="2025">${forms}<Vorsatz><Unterfallart>10</Unterfallart><Vorgang>01</Vorgang>${vorsatz}<Zeitraum>2025</Zeitraum><AbsName>Mustermann Erika</AbsName></Vorsatz></E10>`;

// The taxpayer's IdNr the E10s below name in Vorsatz/ID, which the request declares beside them.
const idnr = '04452397687';
const firstReturn = (xml: string) => ({ test: true, year: 2025, tax_office: '9198', idnr, xml });

/** A refused submission: 422 with exactly these findings (path, code and, where given, expected). */
async function refused(kind: 'ustva' | 'est' | 'ust', body: unknown) {
  const reply = await service.submit(kind, body);
  expect(reply.status).toBe(422);
  expect(reply.json.error.code).toBe('VALIDATION_FAILED');
  return reply.json.error.details as { path: string; code: string; message: string; expected?: string }[];
}

describe("the caller's identifiers are the request's", () => {
  it('refuses a first return whose Ordnungsbegriff carries a tax number of the same office', async () => {
    const xml = e10(`<Ordnungsbegriff>9198011310010</Ordnungsbegriff><ID>04452397687</ID>`);
    expect(await refused('est', firstReturn(xml))).toEqual([expect.objectContaining({ path: 'xml.Vorsatz.Ordnungsbegriff', code: 'XML_TAX_NUMBER_MISMATCH' })]);
  });

  it("refuses a first return whose Ordnungsbegriff is another office's business", async () => {
    const xml = e10(`<Ordnungsbegriff>${otherTaxNumber}</Ordnungsbegriff><ID>04452397687</ID>`);
    expect(await refused('est', firstReturn(xml))).toEqual([
      expect.objectContaining({ path: 'xml.Vorsatz.Ordnungsbegriff', code: 'XML_TAX_OFFICE_MISMATCH', expected: '9198' }),
    ]);
  });

  it('refuses an Ordnungsbegriff beside the tax number that names another', async () => {
    const xml = e10(`<StNr>9198011310010</StNr><Ordnungsbegriff>${otherTaxNumber}</Ordnungsbegriff><ID>04452397687</ID>`);
    expect(await refused('est', { ...est, xml })).toEqual([
      expect.objectContaining({ path: 'xml.Vorsatz.Ordnungsbegriff', code: 'XML_TAX_NUMBER_MISMATCH', expected: '9198011310010' }),
    ]);
  });

  it('delivers a first return that names no tax number, and an Ordnungsbegriff that repeats the tax number', async () => {
    for (const body of [
      firstReturn(e10('<ID>04452397687</ID>')),
      { ...est, idnr, xml: e10('<StNr>9198011310010</StNr><Ordnungsbegriff>9198011310010</Ordnungsbegriff><ID>04452397687</ID>') },
    ]) {
      const reply = await service.submit('est', body);
      expect(reply.status).toBe(202);
      expect(await service.waitForStatus(reply.json.data.ticket, ['delivered', 'rejected', 'failed'])).toMatchObject({ status: 'delivered' });
    }
  });

  it("refuses an E50 whose Vorsatz names the request's tax number and another's Ordnungsbegriff beside it, in XML and in the parts", async () => {
    const { nutzdaten } = (await service.post('/v2/ust/validate?include=nutzdaten', ust)).json.data;
    const xml = nutzdaten.replace('</StNr>', '</StNr><Ordnungsbegriff>9198011310029</Ordnungsbegriff>');
    const smuggled = { path: 'xml.Vorsatz.Ordnungsbegriff', code: 'XML_TAX_NUMBER_MISMATCH', expected: ust.tax_number };
    expect(await refused('ust', { test: true, year: ust.year, tax_number: ust.tax_number, xml })).toEqual([expect.objectContaining(smuggled)]);
    const parts = { ...ust, vorsatz: { ...ust.vorsatz, ordnungsbegriff: '9198011310029' } };
    expect(await refused('ust', parts)).toEqual([expect.objectContaining({ ...smuggled, path: 'vorsatz.ordnungsbegriff' })]);
  });

  it("refuses an E10 whose spouse's IdNr is the taxpayer's", async () => {
    const xml = e10(`<StNr>9198011310010</StNr><ID>${idnr}</ID><IDEhefrau>${idnr}</IDEhefrau>`);
    const same = { path: 'xml.Vorsatz.IDEhefrau', code: 'IDNR_SAME_AS_TAXPAYER' };
    expect(await refused('est', { ...est, idnr, xml })).toEqual([expect.objectContaining(same)]);
    expect(await refused('est', { ...est, idnr, spouse_idnr: idnr, xml })).toEqual([expect.objectContaining(same)]);
  });

  it('refuses an IdNr in the XML that the request does not declare, or declares otherwise', async () => {
    const xml = e10(`<StNr>9198011310010</StNr><ID>${idnr}</ID>`);
    const { idnr: _declared, ...undeclared } = est;
    expect(await refused('est', { ...undeclared, xml })).toEqual([expect.objectContaining({ path: 'xml.Vorsatz.ID', code: 'XML_IDNR_MISMATCH' })]);
    const other = await refused('est', { ...est, idnr: '65929970489', xml });
    expect(other).toEqual([expect.objectContaining({ path: 'xml.Vorsatz.ID', code: 'XML_IDNR_MISMATCH' })]);
    // An IdNr is a person's: the finding does not repeat it.
    expect(other[0]).not.toHaveProperty('expected');
  });

  it('refuses a UStVA whose Steuernummer is not tax_number', async () => {
    const xml = ustva.xml.replace('<Steuernummer>9198011310010<', `<Steuernummer>${otherTaxNumber}<`);
    expect(await refused('ustva', { ...ustva, xml })).toEqual([
      expect.objectContaining({ path: 'xml.Steuernummer', code: 'XML_TAX_NUMBER_MISMATCH', expected: '9198011310010' }),
    ]);
  });

  it.each([
    ['the taxpayer in the Vorsatz', e10('<StNr>9198011310010</StNr><ID>04452397688</ID>'), 'xml.Vorsatz.ID', 'IDNR_CHECK_DIGIT'],
    [
      'the spouse in the Vorsatz',
      e10('<StNr>9198011310010</StNr><ID>04452397687</ID><IDEhefrau>12345678903</IDEhefrau>'),
      'xml.Vorsatz.IDEhefrau',
      'IDNR_DIGIT_PATTERN',
    ],
    [
      'a child in Anlage Kind',
      e10('<StNr>9198011310010</StNr><ID>04452397687</ID>', '<Kind><Ang_Kind><Allg><E0500406>65929970488</E0500406></Allg></Ang_Kind></Kind>'),
      'xml.Kind.Ang_Kind.Allg.E0500406',
      'IDNR_CHECK_DIGIT',
    ],
  ])('checks the IdNr of %s as the JSON body’s', async (_, xml, path, code) => {
    expect(await refused('est', { ...est, xml })).toEqual([expect.objectContaining({ path, code })]);
  });

  describe('a live submission (test: false) names no test IdNr, in the fields or in the XML', () => {
    const live = (xml: string, idnrs: Record<string, string>) => ({ test: false, year: 2025, tax_number: otherTaxNumber, ...idnrs, xml });
    const vorsatz = (id: string, spouse?: string) => `<StNr>${otherTaxNumber}</StNr><ID>${id}</ID>${spouse ? `<IDEhefrau>${spouse}</IDEhefrau>` : ''}`;

    it('refuses test IdNrs of the taxpayer, the spouse and a child', async () => {
      const child = '<Kind><Ang_Kind><Allg><E0500406>04452317681</E0500406></Allg></Ang_Kind></Kind>';
      expect(await refused('est', live(e10(vorsatz('04452397687', '02476291358'), child), { idnr: '04452397687', spouse_idnr: '02476291358' }))).toEqual([
        expect.objectContaining({ path: 'xml.Kind.Ang_Kind.Allg.E0500406', code: 'TEST_IDNR_NOT_LIVE' }),
        expect.objectContaining({ path: 'xml.Vorsatz.ID', code: 'TEST_IDNR_NOT_LIVE' }),
        expect.objectContaining({ path: 'xml.Vorsatz.IDEhefrau', code: 'TEST_IDNR_NOT_LIVE' }),
      ]);
    });

    it('refuses them as the structured route does', async () => {
      const details = await refused('est', { ...estSample(), test: false, tax_number: otherTaxNumber });
      expect(details).toEqual([expect.objectContaining({ path: 'taxpayer.idnr', code: 'TEST_IDNR_NOT_LIVE' })]);
    });

    it('finds nothing to refuse in a live return with real IdNrs', async () => {
      const reply = await service.post(
        '/v2/est/validate',
        live(e10(vorsatz('65929970489', '57549285017')), { idnr: '65929970489', spouse_idnr: '57549285017' }),
      );
      expect(reply.json.data).toMatchObject({ valid: true, findings: [] });
    });
  });
});

describe('XML as strict as ERiC', () => {
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>';
  const between = ustva.xml.indexOf('<Steuerfall>');
  const inside = (char: string) => `${ustva.xml.slice(0, between)}${char}${ustva.xml.slice(between)}`;

  it.each([
    ['a no-break space', '\u00A0', 'a no-break space (U+00A0)'],
    ['an ideographic space', '\u3000', 'an ideographic space (U+3000)'],
    ['a line separator', '\u2028', 'a line separator (U+2028)'],
  ])('refuses %s between elements and in the prolog, naming line and column', async (_, char, named) => {
    expect(await refused('ustva', { ...ustva, xml: inside(char) })).toEqual([
      {
        path: 'xml',
        code: 'XML_MALFORMED',
        message: `has ${named} between the elements of <Anmeldungssteuern>, where XML allows only spaces, tabs and line breaks (line 1, column ${between + 1})`,
      },
    ]);
    expect(await refused('ustva', { ...ustva, xml: `${declaration}\n${char}${ustva.xml}` })).toEqual([
      {
        path: 'xml',
        code: 'XML_MALFORMED',
        message: `has ${named} before the root element, where XML allows only spaces, tabs and line breaks (line 2, column 1)`,
      },
    ]);
  });

  it('refuses a no-break space between the elements of an E10 form, whose inside is otherwise left to ERiC', async () => {
    const xml = e10('<StNr>9198011310010</StNr><ID>04452397687</ID>', '<ESt1A><Art_Erkl>\u00A0<E0100001>X</E0100001></Art_Erkl></ESt1A>');
    expect(await refused('est', { ...est, xml })).toEqual([
      {
        path: 'xml',
        code: 'XML_MALFORMED',
        message: expect.stringMatching(/^has a no-break space \(U\+00A0\) between the elements of <Art_Erkl>.*\(line 1, column \d+\)$/),
      },
    ]);
  });

  it('refuses a second byte order mark', async () => {
    expect(await refused('ustva', { ...ustva, xml: `\uFEFF\uFEFF${ustva.xml}` })).toEqual([
      {
        path: 'xml',
        code: 'XML_MALFORMED',
        message: 'has a byte order mark (U+FEFF) that is not the very first character: one at the start is all XML allows (line 1, column 2)',
      },
    ]);
  });

  it('refuses a comment ending in "--->"', async () => {
    expect(await refused('ustva', { ...ustva, xml: inside('<!-- checked --->') })).toEqual([
      { path: 'xml', code: 'XML_MALFORMED', message: `has a comment that ends in "--->" (line 1, column ${between + 14})` },
    ]);
  });

  it('delivers one byte order mark at the start, XML white space between markup and comments as XML 1.0 has them', async () => {
    const reply = await service.submit('ustva', { ...ustva, xml: `\uFEFF${declaration}\r\n<!-- Muster - GmbH -->\n${inside('\n\t<!---->  ')}\n` });
    expect(reply.status).toBe(202);
    expect(await service.waitForStatus(reply.json.data.ticket, ['delivered', 'rejected', 'failed'])).toMatchObject({ status: 'delivered' });
  });
});

// Namespace declarations by the thousand, each of which once made every element below it copy its
// scope (seconds of CPU for one request): refused at the first declaration over the reader's cap.
describe('XML within the caps of the reader', () => {
  const rootEnd = ustva.xml.indexOf('>');
  const root = (declarations: string) => `${ustva.xml.slice(0, rootEnd)}${declarations}>`;
  const declarations = (count: number) => Array.from({ length: count }, (_, index) => ` xmlns:p${index}="u"`).join('');
  const children = (count: number) => '<a xmlns:q="u"/>'.repeat(count);
  /** Where the text after `before` begins. */
  const at = (before: string) => `(line 1, column ${before.length + 1})`;

  it('refuses a root of 6,000 namespace declarations over 9,000 children that each declare one more, for the declarations on one element', async () => {
    const xml = `${root(declarations(6000))}${children(9000)}</Anmeldungssteuern>`;
    expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(maxXmlBytes);
    // The root declares ELSTER's namespace first.
    const allowed = root(declarations(maxXmlNamespaces.element - 1)).slice(0, -1);
    const finding = {
      path: 'xml',
      code: 'XML_MALFORMED',
      message: `has more than ${maxXmlNamespaces.element} namespace declarations on <Anmeldungssteuern> ${at(`${allowed} `)}`,
    };
    const validated = await service.post('/v2/ustva/validate', { ...ustva, xml });
    expect(validated.status).toBe(200);
    expect(validated.json.data).toMatchObject({ valid: false, findings: [{ severity: 'error', ...finding }] });
    expect(await refused('ustva', { ...ustva, xml })).toEqual([finding]);
  });

  it('refuses children that each declare a namespace, for the declarations of the whole document', async () => {
    const xml = `${root('')}${children(9000)}</Anmeldungssteuern>`;
    expect(await refused('ustva', { ...ustva, xml })).toEqual([
      {
        path: 'xml',
        code: 'XML_MALFORMED',
        message: `has more than ${maxXmlNamespaces.document} namespace declarations ${at(`${root('')}${children(maxXmlNamespaces.document - 1)}<a `)}`,
      },
    ]);
  });
});
