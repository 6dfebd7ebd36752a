// One page of the protocol as PDF operators, written as text: lines of text in an embedded font and
// rules. pdf-lib embeds the fonts and writes the document; its own drawing builds an object for every
// operator and number, which made a protocol of a ZM's 1,500 lines take several times as long
// (docs/reference/protocol-pdf.md).

import type { PDFFont } from 'pdf-lib';

/** Colour as red, green and blue from 0 to 1. */
export type Color = readonly [number, number, number];

// Numbers as PDF writes them: no exponent, at most four decimals.
const num = (value: number) => String(Math.round(value * 10_000) / 10_000);
const rgbOf = (color: Color) => color.map(num).join(' ');

export class PageContents {
  readonly #ops: string[] = [];

  /** `text` in `font`, which the page's resources name `resource`; `font` must show every character of it. */
  text(text: string, at: { x: number; y: number; font: PDFFont; resource: string; size: number; color: Color; rotateDegrees?: number }): void {
    const radians = ((at.rotateDegrees ?? 0) * Math.PI) / 180;
    const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
    this.#ops.push(
      `q BT ${rgbOf(at.color)} rg /${at.resource} ${num(at.size)} Tf ${[cos, sin, -sin, cos, at.x, at.y].map(num).join(' ')} Tm ` +
        `${at.font.encodeText(text).toString()} Tj ET Q`,
    );
  }

  rule(from: { x: number; y: number }, to: { x: number; y: number }, thickness: number, color: Color): void {
    this.#ops.push(`q ${rgbOf(color)} RG ${num(thickness)} w ${num(from.x)} ${num(from.y)} m ${num(to.x)} ${num(to.y)} l S Q`);
  }

  get contents(): string {
    return this.#ops.join('\n');
  }
}
