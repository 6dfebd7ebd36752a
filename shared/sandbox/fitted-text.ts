// Text made to fit the protocol's lines: in the characters its faces show, cut with
// "…" where it is wider than its line, and wrapped onto a bounded number of lines. Each is read only
// as far as its lines can show, and measured no further than they reach, so a text's cost is bounded
// by its lines' width, however long the text handed in (a certificate's subject, a caller's name).

import { shows, type Face } from '#shared/sandbox/fonts.ts';

const ellipsis = '…';

/**
 * How many UTF-16 units of a text are read for `lines` lines of `maxWidth` at `size`: two for each
 * character of the narrowest glyph the lines could hold, so that a text whose accents come as
 * characters of their own (decomposed, as some systems type them) still fills its lines. A text whose
 * characters take more units each may end in "…" before its lines are full.
 */
const readLimit = (face: Face, maxWidth: number, size: number, lines: number) => lines * 2 * (Math.ceil(maxWidth / ((face.narrowest * size) / 1000)) + 1);

/** The text in the characters the faces show, read no further than `limit`, with "…" for what was not read. */
const shownStart = (value: string, limit: number) => (value.length > limit ? `${winAnsi(value.slice(0, limit))}${ellipsis}` : winAnsi(value));

// The faces show WinAnsi's characters (shared/sandbox/fonts.ts): keep those, strip accents from
// the others, and put "?" for the rest. Printable ASCII and Latin-1 (all but its no-break space)
// are WinAnsi's, so only the rest is looked at; and without a character from U+0300 on (combining
// accents and beyond) NFC changes nothing.
const winAnsi = (value: string) =>
  (/[^\0-\u02ff]/.test(value) ? value.normalize('NFC') : value).replace(/[^\x20-\x7e\xa1-\xff]/gu, (char) =>
    !replaced.test(char) && shows(char) ? char : substitute(char),
  );

// Other spaces (the no-break space amounts carry included) become plain ones, and hyphen-like dashes plain hyphens.
const replaced = /[^ \S]|[\u2010\u2011\u2212]/;

function substitute(char: string): string {
  if (/\s/.test(char)) return ' ';
  if (/[\u2010\u2011\u2212]/.test(char)) return '-';
  const stripped = char.normalize('NFKD').replace(/\p{M}/gu, '');
  return stripped !== '' && [...stripped].every(shows) ? stripped : '?';
}

/** The text on one line of at most `maxWidth`: whole if it fits, else as much as fits before "…". */
export const clipToWidth = (value: string, face: Face, size: number, maxWidth: number): string =>
  clipped(shownStart(value, readLimit(face, maxWidth, size, 1)), face, size, maxWidth);

/** `shown`, in WinAnsi already, cut to `maxWidth` as clipToWidth cuts; measured only as far as the line reaches. */
function clipped(shown: string, face: Face, size: number, maxWidth: number): string {
  if (face.fitting(shown, size, maxWidth) === shown.length) return shown;
  return `${shown.slice(0, face.fitting(shown, size, maxWidth - face.width(ellipsis, size)))}${ellipsis}`;
}

/**
 * The text on at most `maxLines` lines of at most `maxWidth`, broken between words; what does not
 * fit ends the last line in "…", as does a word wider than a line.
 */
export function wrapToWidth(value: string, face: Face, size: number, maxWidth: number, maxLines: number): string[] {
  const shown = shownStart(value, readLimit(face, maxWidth, size, maxLines));
  const spaceWidth = face.width(' ', size);
  const lines: string[] = [];
  let line = '';
  let width = 0;
  // Word by word; what is left for the last line is measured no further than that line reaches.
  for (let at = 0; at < shown.length;) {
    if (shown[at] === ' ') {
      at++;
      continue;
    }
    const space = shown.indexOf(' ', at);
    const end = space === -1 ? shown.length : space;
    const word = shown.slice(at, end);
    // A word wider than a line is measured only as far as the line.
    const wordWidth = face.fitting(word, size, maxWidth) === word.length ? face.width(word, size) : Infinity;
    if (line && width + spaceWidth + wordWidth <= maxWidth) {
      line += ` ${word}`;
      width += spaceWidth + wordWidth;
    } else {
      if (line) lines.push(width > maxWidth ? clipped(line, face, size, maxWidth) : line);
      if (lines.length === maxLines - 1) return [...lines, clipped(shown.slice(at), face, size, maxWidth)];
      line = word;
      width = wordWidth;
    }
    at = end;
  }
  return [...lines, width > maxWidth ? clipped(line, face, size, maxWidth) : line];
}
