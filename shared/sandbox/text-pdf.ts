// A PDF of text and rules in the two Helvetica faces every PDF reader carries, written directly:
// the protocol needs nothing more, and building it through a general PDF library took five times as
// long (BENCHMARKS.md, 2026-11-25, third part). Text is WinAnsi-encoded, as the standard fonts
// expect; widths come from the fonts' own metrics, so lines can be fitted and aligned.

import { deflateSync } from 'node:zlib';
import { Encodings, Font, FontNames } from '@pdf-lib/standard-fonts';

export interface Face {
  /** The font's name in a page's resources. */
  readonly resource: string;
  readonly baseFont: string;
  /** Width of `text` at `size` points as drawn: glyph by glyph, without kerning. */
  width(text: string, size: number): number;
  /** How many UTF-16 units of `text` fit within `maxWidth` at `size`: its longest such start, each glyph measured once. */
  fitting(text: string, size: number, maxWidth: number): number;
}

/** No glyph of either face is narrower than this, in thousandths of the size (Helvetica's quotesingle). */
export const narrowestGlyph = 191;

/** Colour as red, green and blue from 0 to 1. */
export type Color = readonly [number, number, number];

function face(resource: string, baseFont: FontNames): Face {
  const metrics = Font.load(baseFont);
  // Each character's width is looked up once, and only a WinAnsi character's is kept (glyphOf
  // refuses the others). Every WinAnsi glyph is in both faces' metrics; the 250 thousandths only keep a sum a number.
  const widths = new Map<string, number>();
  const glyphWidth = (char: string) => {
    let width = widths.get(char);
    if (width === undefined) widths.set(char, (width = metrics.getWidthOfGlyph(glyphOf(char).name) || 250));
    return width;
  };
  return {
    resource,
    baseFont,
    width(text, size) {
      let total = 0;
      for (const char of text) total += glyphWidth(char);
      return (total * size) / 1000;
    },
    fitting(text, size, maxWidth) {
      let total = 0;
      let units = 0;
      for (const char of text) {
        total += glyphWidth(char);
        if ((total * size) / 1000 > maxWidth) break;
        units += char.length;
      }
      return units;
    },
  };
}

export const helvetica = face('F1', FontNames.Helvetica);
export const helveticaBold = face('F2', FontNames.HelveticaBold);
const faces = [helvetica, helveticaBold];

// A protocol draws a few hundred characters from WinAnsi's two hundred: each is looked up in the
// encoding once. Characters outside it are not kept, so odd input cannot grow the table.
const glyphs = new Map<string, { name: string; hex: string }>();
function lookUp(char: string) {
  let glyph = glyphs.get(char);
  if (glyph === undefined) {
    const codePoint = char.codePointAt(0) ?? -1;
    if (!Encodings.WinAnsi.canEncodeUnicodeCodePoint(codePoint)) return undefined;
    const { code, name } = Encodings.WinAnsi.encodeUnicodeCodePoint(codePoint);
    glyphs.set(char, (glyph = { name, hex: code.toString(16).padStart(2, '0') }));
  }
  return glyph;
}
function glyphOf(char: string): { name: string; hex: string } {
  const glyph = lookUp(char);
  if (!glyph) throw new Error(`not WinAnsi: U+${char.codePointAt(0)?.toString(16)}`);
  return glyph;
}

/** Whether the standard fonts can show this character. */
export const encodable = (char: string) => lookUp(char) !== undefined;

// Numbers as PDF writes them: no exponent, at most four decimals.
const num = (value: number) => String(Math.round(value * 10_000) / 10_000);
const rgbOf = (color: Color) => color.map(num).join(' ');

/** One page's drawing, in PDF points from the bottom left. */
export class Page {
  readonly #ops: string[] = [];

  /** `text` must consist of encodable characters only. */
  text(text: string, at: { x: number; y: number; face: Face; size: number; color: Color; rotateDegrees?: number }): void {
    const radians = ((at.rotateDegrees ?? 0) * Math.PI) / 180;
    const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
    let codes = '';
    for (const char of text) codes += glyphOf(char).hex;
    this.#ops.push(
      `q BT ${rgbOf(at.color)} rg /${at.face.resource} ${num(at.size)} Tf ${[cos, sin, -sin, cos, at.x, at.y].map(num).join(' ')} Tm <${codes}> Tj ET Q`,
    );
  }

  rule(from: { x: number; y: number }, to: { x: number; y: number }, thickness: number, color: Color): void {
    this.#ops.push(`q ${rgbOf(color)} RG ${num(thickness)} w ${num(from.x)} ${num(from.y)} m ${num(to.x)} ${num(to.y)} l S Q`);
  }

  get contents(): string {
    return this.#ops.join('\n');
  }
}

export interface DocumentInfo {
  title: string;
  subject: string;
  /** BCP 47, as the catalog's /Lang. */
  language: string;
  producer: string;
  creator: string;
  /** Creation and modification date, to the second. */
  date: Date;
}

// Text strings outside the page (metadata) in UTF-16BE with its byte-order mark, which any string can use.
const textString = (value: string) => `<FEFF${Buffer.from(value, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
const pdfDate = (date: Date) => `(D:${date.toISOString().slice(0, 19).replace(/\D/g, '')}Z)`;

/** The document: catalog, page tree, fonts, info, then each page and its deflated contents. */
export function writePdf(pages: readonly Page[], size: readonly [number, number], info: DocumentInfo): Uint8Array {
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer) => objects.push(body);
  const firstPage = 4 + faces.length;
  const pageRefs = pages.map((_, index) => `${firstPage + 2 * index} 0 R`);
  add(`<< /Type /Catalog /Pages 2 0 R /Lang ${textString(info.language)} >>`);
  add(`<< /Type /Pages /Kids [${pageRefs.join(' ')}] /Count ${pages.length} >>`);
  add(
    `<< /Title ${textString(info.title)} /Subject ${textString(info.subject)} /Producer ${textString(info.producer)} ` +
      `/Creator ${textString(info.creator)} /CreationDate ${pdfDate(info.date)} /ModDate ${pdfDate(info.date)} >>`,
  );
  for (const { baseFont } of faces) add(`<< /Type /Font /Subtype /Type1 /BaseFont /${baseFont} /Encoding /WinAnsiEncoding >>`);
  const fontResources = faces.map(({ resource }, index) => `/${resource} ${4 + index} 0 R`).join(' ');
  for (const [index, page] of pages.entries()) {
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size.map(num).join(' ')}] ` +
        `/Resources << /Font << ${fontResources} >> >> /Contents ${firstPage + 2 * index + 1} 0 R >>`,
    );
    const stream = deflateSync(page.contents);
    add(Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]));
  }

  // The binary comment line tells transfer programs the file is not text.
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  for (const [index, body] of objects.entries()) {
    const part = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    parts.push(part);
    offset += part.length;
  }
  // Each cross-reference entry is exactly 20 bytes, the end of line included.
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}
