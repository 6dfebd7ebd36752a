import fontkit from '@pdf-lib/fontkit';
import { Encodings } from '@pdf-lib/standard-fonts';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { faces, parsedFonts, shows } from '#shared/sandbox/fonts.ts';

const { regular, bold } = faces();
const winAnsi = Encodings.WinAnsi.supportedCodePoints.map((codePoint) => String.fromCodePoint(codePoint));

describe('the protocol faces', () => {
  it('show every WinAnsi character with a glyph of their own, and nothing else', () => {
    for (const face of [regular, bold]) {
      const font = fontkit.create(face.file);
      expect(winAnsi.filter((char) => !font.hasGlyphForCodePoint(char.codePointAt(0)!))).toEqual([]);
    }
    expect(['a', 'Ä', 'ö', 'ß', '€', '„', '“', '—', '…'].every(shows)).toBe(true);
    expect(['→', 'ő', '✓'].some(shows)).toBe(false);
    expect(() => regular.width('→', 10)).toThrow(/not shown/);
  });

  it('measure text as pdf-lib draws it in the embedded subset, glyph by glyph', async () => {
    const doc = await PDFDocument.create();
    doc.registerFontkit(parsedFonts);
    const [embeddedRegular, embeddedBold] = await Promise.all([doc.embedFont(regular.file, { subset: true }), doc.embedFont(bold.file, { subset: true })]);
    for (const text of ['Größe 1.200,50 € „AV“ fi ffl Tä', winAnsi.join(''), '']) {
      expect(regular.width(text, 10)).toBeCloseTo(embeddedRegular.widthOfTextAtSize(text, 10), 9);
      expect(bold.width(text, 12)).toBeCloseTo(embeddedBold.widthOfTextAtSize(text, 12), 9);
    }
    // Drawn as measured: one glyph a character, no ligature and no kerning.
    expect(embeddedRegular.encodeText('ffi AV').toString()).toMatch(/^<([0-9A-F]{4}){6}>$/);
    expect(regular.width('AV', 10)).toBeCloseTo(regular.width('A', 10) + regular.width('V', 10), 9);
  });

  it('tell how much of a text fits a width, as width measures it', () => {
    const text = 'Übertragungsprotokoll';
    for (const maxWidth of [0, 30, regular.width(text, 10), 500]) {
      const units = regular.fitting(text, 10, maxWidth);
      expect(regular.width(text.slice(0, units), 10)).toBeLessThanOrEqual(maxWidth);
      if (units < text.length) expect(regular.width(text.slice(0, units + 1), 10)).toBeGreaterThan(maxWidth);
    }
    expect(regular.fitting(text, 10, 500)).toBe(text.length);
  });

  it('know their narrowest glyph', () => {
    for (const face of [regular, bold]) {
      const widths = winAnsi.map((char) => face.width(char, 1000));
      expect(Math.min(...widths)).toBe(face.narrowest);
      expect(face.narrowest).toBeGreaterThan(100);
    }
  });

  it('have Helvetica’s widths, so the protocol’s columns hold what they held', async () => {
    const doc = await PDFDocument.create();
    const helvetica = await doc.embedFont('Helvetica');
    const text = 'Umsatzsteuer-Voranmeldung 2026 1.234.567,89 €';
    expect(regular.width(text, 10) / helvetica.widthOfTextAtSize(text, 10)).toBeCloseTo(1, 2);
  });
});
