import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { maxFigureLines, maxLabelLines, renderProtocolPdf, type ProtocolInput } from '#shared/sandbox/protocol-pdf.ts';
import { fontsOf, textOf } from '#test/sandbox/pdf-inspection.ts';
import { ustvaProtocolTitle, ustvaRows } from '#shared/forms/ustva/protocol-rows.ts';

const ustva: ProtocolInput = {
  ticket: 'tk_AAAAAAAAAAAAAAAAAAAAAA',
  transferTicket: 'abcdefghij0123456789klmnopqrstuv',
  title: ustvaProtocolTitle('voranmeldung', 2026, '03'),
  section: 'Kennzahlen',
  test: true,
  taxNumber: '9198011310010',
  taxOffice: '9198',
  datenartVersion: 'UStVA_2026',
  herstellerId: '74931',
  receivedAt: '2026-11-22T10:00:00.000Z',
  figures: ustvaRows({
    year: 2026,
    period: '03',
    kennzahlen: { kz81: 10000, kz86: 500, kz66: '1200.50', kz83: '734.50' },
    flags: { corrected: true, documents_separate: false },
  }),
};

const est: ProtocolInput = {
  ...ustva,
  title: 'Einkommensteuererklärung 2025',
  section: 'Angaben (Auszug)',
  test: false,
  datenartVersion: 'ESt_2025',
  figures: [
    { label: 'Bruttoarbeitslohn', value: '46.000,30 €' },
    { label: 'Einbehaltene Lohnsteuer', value: '6.200,00 €' },
  ],
};

describe('renderProtocolPdf', () => {
  it('produces a small PDF that pdf-lib loads', async () => {
    const pdf = await renderProtocolPdf(ustva);
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    // Two subsets of the fonts, of the glyphs the protocol shows, are most of it.
    expect(pdf.byteLength).toBeLessThan(25_000);
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getProducer()).toBe('steuerbote');
    expect(doc.getCreationDate()?.toISOString()).toBe(ustva.receivedAt);
  });

  it('embeds every font it uses, so that every reader shows the same letters', async () => {
    for (const input of [ustva, { ...ustva, figures: Array.from({ length: 60 }, (_, i) => ({ kz: String(i + 10), label: 'Kennzahl', value: `${i} €` })) }]) {
      const fonts = fontsOf(await PDFDocument.load(await renderProtocolPdf(input)));
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.filter(({ embedded }) => !embedded)).toEqual([]);
    }
  });

  it('shows German text as written, umlauts, ß and € among it, and says on its face that it is the sandbox’s', async () => {
    const taxpayer = 'Müller & Söhne GmbH, Großstraße 5, Äußere Öde';
    const text = await textOf(await renderProtocolPdf({ ...ustva, taxpayer, clientReference: 'Übermittlung „März“ – 1.234,56 €' }));
    expect(text).toContain(taxpayer);
    expect(text).toContain('Übermittlung „März“ – 1.234,56 €');
    expect(text).toContain('Sandbox — nicht an die Finanzverwaltung übermittelt / not sent to the tax authority');
    expect(text).toContain('steuerbote — Sandbox — Seite 1 von 1');
  });

  it('shows the UStVA header, tickets, marks and Kennzahlen', async () => {
    const text = await textOf(await renderProtocolPdf(ustva));
    for (const expected of [
      'Übertragungsprotokoll',
      'Umsatzsteuer-Voranmeldung 2026, Zeitraum März',
      ustva.ticket,
      ustva.transferTicket,
      '9198011310010',
      'UStVA_2026',
      '74931',
      '22.11.2026, 11:00:00 Uhr',
      'Testfall',
      'nicht an die Finanzverwaltung übermittelt',
      'not sent to the tax authority',
      '10.000 €',
      '500 €',
      '1.200,50 €',
      '734,50 €',
      'Kz 81',
      'Berichtigte Anmeldung',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Belege werden gesondert');
  });

  it('shows every label in full, wrapped, and the Kennzahlen in the order of the form with Kz 83 last', async () => {
    const figures = ustvaRows({ year: 2026, period: '03', kennzahlen: { kz83: '19.00', kz66: '0.00', kz81: 100, kz21: 5 } });
    expect(figures.map(({ kz }) => kz)).toEqual(['81', '21', '66', '83']);
    const text = (await textOf(await renderProtocolPdf({ ...ustva, figures }))).replace(/\s+/g, ' ');
    expect(text).toContain('aus innergemeinschaftlichen Dreiecksgeschäften (§ 25b Abs. 5 UStG)');
    expect(text).not.toContain('…');
  });

  it('names quarters and shows summer time in Berlin', async () => {
    const text = await textOf(
      await renderProtocolPdf({ ...ustva, title: ustvaProtocolTitle('voranmeldung', 2026, '42'), receivedAt: '2026-07-01T22:30:00.000Z' }),
    );
    expect(text).toContain('Zeitraum 2. Kalendervierteljahr');
    expect(text).toContain('02.07.2026, 00:30:00 Uhr');
  });

  it('shows ESt key figures, and no test mark for a live return', async () => {
    const text = await textOf(await renderProtocolPdf(est));
    expect(text).toContain('Einkommensteuererklärung 2025');
    expect(text).toContain('Bruttoarbeitslohn');
    expect(text).toContain('46.000,30 €');
    expect(text).toContain('6.200,00 €');
    expect(text).toContain('nicht an die Finanzverwaltung übermittelt');
    expect(text).not.toMatch(/testfall/i);
  });

  it('survives characters WinAnsi cannot encode, and a return without figures', async () => {
    const pdf = await renderProtocolPdf({ ...ustva, ticket: 'tk_→ő✓', figures: [] });
    const text = await textOf(pdf);
    expect(text).toContain('tk_?o?');
    expect(text).toContain('Keine Angaben');
  });

  it('gives identical bytes for identical input', async () => {
    const first = await renderProtocolPdf(ustva);
    const second = await renderProtocolPdf(structuredClone(ustva));
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  });

  it('continues on a second page when the figures do not fit on one', async () => {
    const figures = Array.from({ length: 60 }, (_, i) => ({ kz: String(i + 10), label: 'Kennzahl', value: `${i} €` }));
    const doc = await PDFDocument.load(await renderProtocolPdf({ ...ustva, figures }));
    expect(doc.getPageCount()).toBe(2);
  });

  it('cuts a certificate subject of 55,289 characters to its line, ending in "…"', async () => {
    const certificateSubject = `CN=${'Muster GmbH '.repeat(4_608)}`.slice(0, 55_289);
    const text = await textOf(await renderProtocolPdf({ ...ustva, certificateSubject }));
    const shown = /CN=Muster GmbH[^\n]*…/.exec(text)?.[0];
    expect(shown).toBeDefined();
    expect(shown!.length).toBeLessThan(120);
  });

  it(`takes at most ${maxLabelLines} lines for a label and ${maxFigureLines} for the figures, and counts the rows left out`, async () => {
    const label = 'Sehr lange Bezeichnung '.repeat(2_000);
    const figures = [{ label, value: '1 €' }, ...Array.from({ length: 3_000 }, (_, i) => ({ label: `Zeile ${i}`, value: `${i} €` }))];
    const pdf = await renderProtocolPdf({ ...ustva, figures });
    const text = await textOf(pdf);
    expect(text.match(/Sehr lange Bezeichnung/g)!.length).toBeLessThan(maxLabelLines * 5);
    const left = 3_001 - (maxFigureLines - maxLabelLines);
    expect(text).toContain(`… und ${left} weitere Angaben, hier nicht gezeigt / ${left} more not shown`);
    expect(text).toContain(`Zeile ${2_999 - left}`);
    expect(text).not.toContain(`Zeile ${3_000 - left}`);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeLessThan(maxFigureLines / 45);
  });
});
