// The protocol's two faces, Arimo and Arimo Bold (SIL Open Font License, from the package
// @expo-google-fonts/arimo), embedded in every protocol as subsets, so that each reader shows the
// same letters. Arimo has Helvetica's and Arial's widths, so the protocol's columns hold what they
// held in Helvetica. The files are not bundled: transmit ships them beside its bundle
// (`packageFiles` in shared/manifest.ts), and each is read and parsed once per container.
//
// The protocol shows the characters of WinAnsi, which both faces carry: German's umlauts, ß, €,
// quotation marks and dashes among them. Holding to a known set keeps the narrowest glyph a line can
// hold known, so a text is read no further than its lines can show (shared/sandbox/fitted-text.ts).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { Encodings } from '@pdf-lib/standard-fonts';
import type { PDFDocument } from 'pdf-lib';
import { once } from '#shared/once.ts';
import { fontFiles } from '#shared/sandbox/font-files.ts';

export interface Face {
  /** The font file, as pdf-lib embeds it. */
  readonly file: Uint8Array;
  /** Its PostScript name. */
  readonly name: string;
  /** No character this face shows is narrower, in thousandths of the size. */
  readonly narrowest: number;
  /** Width of `text` at `size` points as drawn: glyph by glyph, without kerning. */
  width(text: string, size: number): number;
  /** How many UTF-16 units of `text` fit within `maxWidth` at `size`: its longest such start, each glyph measured once. */
  fitting(text: string, size: number, maxWidth: number): number;
}

const shownCharacters = Encodings.WinAnsi.supportedCodePoints.map((codePoint) => String.fromCodePoint(codePoint));
const shownSet = new Set(shownCharacters);

/** Whether the protocol shows this character. */
export const shows = (char: string) => shownSet.has(char);

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type ParsedFont = ReturnType<Fontkit['create']>;
type Glyph = ReturnType<ParsedFont['glyphForCodePoint']>;

const parsed = new WeakMap<Uint8Array, ParsedFont>();

/** What pdf-lib parses a face's file with: the font parsed when it was read, not once per protocol. */
export const parsedFonts: Fontkit = { create: (file) => parsed.get(file) ?? fontkit.create(file) };

/**
 * The font as pdf-lib draws with it: each character its own glyph, as `width` measures it, without
 * the shaping (kerning, ligatures, composed accents) that WinAnsi text in these faces does not need,
 * and that took most of a protocol's time (docs/reference/protocol-pdf.md).
 */
function glyphByGlyph(font: ParsedFont): ParsedFont {
  const glyphs = new Map<string, Glyph>(shownCharacters.map((char) => [char, font.glyphForCodePoint(char.codePointAt(0)!)]));
  const glyphOf = (char: string) => glyphs.get(char) ?? font.glyphForCodePoint(char.codePointAt(0)!);
  return Object.assign(Object.create(font) as ParsedFont, {
    layout: (text: string) => ({ glyphs: Array.from(text, glyphOf) }) as ReturnType<ParsedFont['layout']>,
  });
}

function face(file: Uint8Array): Face {
  const font = glyphByGlyph(fontkit.create(file));
  parsed.set(file, font);
  // Each shown character's advance, in thousandths of the size, as pdf-lib draws it.
  const widths = new Map(shownCharacters.map((char) => [char, (font.layout(char).glyphs[0]!.advanceWidth * 1000) / font.unitsPerEm]));
  const widthOf = (char: string) => {
    const width = widths.get(char);
    if (width === undefined) throw new Error(`not shown: U+${char.codePointAt(0)?.toString(16)}`);
    return width;
  };
  return {
    file,
    name: font.postscriptName ?? 'Arimo',
    narrowest: Math.min(...widths.values()),
    width(text, size) {
      let total = 0;
      for (const char of text) total += widthOf(char);
      return (total * size) / 1000;
    },
    fitting(text, size, maxWidth) {
      let total = 0;
      let units = 0;
      for (const char of text) {
        total += widthOf(char);
        if ((total * size) / 1000 > maxWidth) break;
        units += char.length;
      }
      return units;
    },
  };
}

/** Both faces, read from their package beside the bundle (or from node_modules, run from the sources). */
export const faces = once(() => {
  const packages = createRequire(import.meta.url);
  const [regular, bold] = fontFiles.map((file) => face(readFileSync(packages.resolve(file))));
  return { regular: regular!, bold: bold! };
});
