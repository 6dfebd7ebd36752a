import { Encodings } from '@pdf-lib/standard-fonts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { encodable, helvetica, helveticaBold, narrowestGlyph, Page, writePdf } from '#shared/sandbox/text-pdf.ts';

const info = { title: 'Übertragungsprotokoll', subject: 'März', language: 'de-DE', producer: 'p', creator: 'c', date: new Date('2026-03-01T12:34:56Z') };
const black = [0, 0, 0] as const;

describe('text-pdf', () => {
  it('measures text as it is drawn: glyph widths from the font metrics, without kerning', async () => {
    const doc = await PDFDocument.create();
    const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);
    for (const text of ['1.200,50 €', '']) {
      expect(helvetica.width(text, 10)).toBeCloseTo(regular.widthOfTextAtSize(text, 10), 9);
      expect(helveticaBold.width(text, 12)).toBeCloseTo(bold.widthOfTextAtSize(text, 12), 9);
    }
    expect(helvetica.width('AV', 10)).toBeCloseTo(helvetica.width('A', 10) + helvetica.width('V', 10), 9);
    expect(helvetica.width('AV', 10)).toBeGreaterThan(regular.widthOfTextAtSize('AV', 10));
  });

  it('tells how much of a text fits a width, as width measures it', () => {
    const text = 'Übertragungsprotokoll';
    for (const maxWidth of [0, 30, helvetica.width(text, 10), 500]) {
      const units = helvetica.fitting(text, 10, maxWidth);
      expect(helvetica.width(text.slice(0, units), 10)).toBeLessThanOrEqual(maxWidth);
      if (units < text.length) expect(helvetica.width(text.slice(0, units + 1), 10)).toBeGreaterThan(maxWidth);
    }
    expect(helvetica.fitting(text, 10, 500)).toBe(text.length);
  });

  it('knows the narrowest glyph of both faces', () => {
    const widths = [helvetica, helveticaBold].flatMap((face) =>
      Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code))
        .filter((char) => Encodings.WinAnsi.canEncodeUnicodeCodePoint(char.charCodeAt(0)))
        .map((char) => face.width(char, 1000)),
    );
    expect(Math.min(...widths)).toBe(narrowestGlyph);
  });

  it('knows which characters the standard fonts can show, and refuses to draw the others', () => {
    expect(['a', 'Ä', '€', '—', '…'].every(encodable)).toBe(true);
    expect(['→', 'ő', '✓'].some(encodable)).toBe(false);
    expect(() => new Page().text('→', { x: 0, y: 0, face: helvetica, size: 10, color: black })).toThrow(/not WinAnsi/);
  });

  it('writes a document whose cross-reference table points at each object', () => {
    const pages = [new Page(), new Page()];
    pages[0]!.text('Seite 1', { x: 56, y: 700, face: helvetica, size: 10, color: black });
    pages[1]!.rule({ x: 56, y: 700 }, { x: 500, y: 700 }, 0.5, black);
    const pdf = Buffer.from(writePdf(pages, [595.28, 841.89], info));
    const text = pdf.toString('latin1');
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
    const entries = text.slice(startxref).split('\n').slice(3, -6);
    expect(entries).toHaveLength(9);
    for (const [index, entry] of entries.entries()) expect(text.slice(Number(entry.slice(0, 10)))).toMatch(new RegExp(`^${index + 1} 0 obj\n`));
  });

  it('carries its metadata and pages into a reader', async () => {
    const doc = await PDFDocument.load(writePdf([new Page(), new Page()], [595.28, 841.89], info), { updateMetadata: false });
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getTitle()).toBe('Übertragungsprotokoll');
    expect(doc.getSubject()).toBe('März');
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-03-01T12:34:56.000Z');
    expect(doc.getPage(1).getSize()).toEqual({ width: 595.28, height: 841.89 });
  });
});
