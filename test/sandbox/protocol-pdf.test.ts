import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderProtocolPdf, type ProtocolInput } from '#shared/sandbox/protocol-pdf.ts';

const ustva: ProtocolInput = {
  ticket: 'tk_AAAAAAAAAAAAAAAAAAAAAA',
  transferTicket: 'abcdefghij0123456789klmnopqrstuv',
  kind: 'ustva',
  test: true,
  year: 2026,
  period: '03',
  taxNumber: '9198011310010',
  datenartVersion: 'UStVA_2026',
  herstellerId: '74931',
  receivedAt: '2026-11-22T10:00:00.000Z',
  body: {
    supplier: { name: 'Muster GmbH', street: 'Hauptstr. 1', email: 'buchhaltung@example.com' },
    kennzahlen: { kz81: 10000, kz86: 500, kz66: '1200.50', kz83: '734.50', kz99: 7 },
    flags: { corrected: true, documents_separate: false },
  },
};

const est: ProtocolInput = {
  ...ustva,
  kind: 'est',
  test: false,
  year: 2025,
  datenartVersion: 'ESt_2025',
  body: {
    taxpayer: { idnr: '04452397687', first_name: 'Erika', last_name: 'Mustermann' },
    bank: { iban: 'DE02120300000000202051' },
    joint_assessment: false,
    employment: [
      { gross_wage: '45000.10', income_tax_withheld: '6200.00' },
      { gross_wage: 1000.2, income_tax_withheld: 'not a number' },
    ],
    deductions: { health_insurance: '3900.00', donations: 200 },
  },
};

async function textOf(pdf: Uint8Array) {
  // pdf.js takes ownership of the buffer it is given, so hand it a copy.
  const { text } = await extractText(await getDocumentProxy(pdf.slice()), { mergePages: true });
  return text;
}

describe('renderProtocolPdf', () => {
  it('produces a small PDF that pdf-lib loads', async () => {
    const pdf = await renderProtocolPdf(ustva);
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    expect(pdf.byteLength).toBeLessThan(10_000);
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getProducer()).toBe('steuerbote');
    expect(doc.getCreationDate()?.toISOString()).toBe(ustva.receivedAt);
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
      'Kz 99',
      'Berichtigte Anmeldung',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Belege werden gesondert');
    expect(text).not.toContain('Muster GmbH');
  });

  it('names quarters and shows summer time in Berlin', async () => {
    const text = await textOf(await renderProtocolPdf({ ...ustva, period: '42', receivedAt: '2026-07-01T22:30:00.000Z' }));
    expect(text).toContain('Zeitraum 2. Kalendervierteljahr');
    expect(text).toContain('02.07.2026, 00:30:00 Uhr');
  });

  it('shows ESt key figures but no personal data, and no test mark for a live return', async () => {
    const text = await textOf(await renderProtocolPdf(est));
    expect(text).toContain('Einkommensteuererklärung 2025');
    expect(text).toContain('46.000,30 €');
    expect(text).toContain('6.200,00 €');
    expect(text).toContain('3.900,00 €');
    expect(text).toContain('nicht an die Finanzverwaltung übermittelt');
    expect(text).not.toMatch(/testfall/i);
    for (const personal of ['04452397687', 'Erika', 'Mustermann', 'DE02120300000000202051']) {
      expect(text).not.toContain(personal);
    }
  });

  it('survives a body of the wrong shape and characters WinAnsi cannot encode', async () => {
    const pdf = await renderProtocolPdf({ ...ustva, ticket: 'tk_→ő✓', body: { kennzahlen: [1, 2], flags: 'x' } });
    const text = await textOf(pdf);
    expect(text).toContain('tk_?o?');
    expect(text).toContain('Keine Angaben');
    expect(await textOf(await renderProtocolPdf({ ...est, body: null }))).toContain('Keine Angaben');
  });

  it('gives identical bytes for identical input', async () => {
    const first = await renderProtocolPdf(ustva);
    const second = await renderProtocolPdf(structuredClone(ustva));
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  });

  it('continues on a second page when the figures do not fit on one', async () => {
    const kennzahlen = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`kz${String(i + 10)}`, i]));
    const doc = await PDFDocument.load(await renderProtocolPdf({ ...ustva, body: { kennzahlen } }));
    expect(doc.getPageCount()).toBe(2);
  });
});
