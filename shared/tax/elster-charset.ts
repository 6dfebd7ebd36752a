import type { Problem } from '#shared/tax/problem.ts';

// ELSTER's character set for text ("Standard_E_V2"), as the pattern of the base string type of
// every text element in the ERiC 41.6.2.0 schemas gives it, the same in UStVA 2021–2025
// (StringBaseSType) and E10 2020–2024 (StringBaseCType): printable ASCII and part of Latin-9.
// So no tab or line break, no no-break space or soft hyphen, no typographic dashes or quotes, no
// invisible or bidirectional formatting characters. (The TransferHeader's set, headerbasis_datentypen,
// is the same with line breaks.) ERiC refuses any other character, but only when the return is sent.
const ranges: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa1, 0xa3],
  [0xa5, 0xa5],
  [0xa7, 0xa7],
  [0xaa, 0xac],
  [0xae, 0xb3],
  [0xb5, 0xb5],
  [0xb9, 0xbb],
  [0xbf, 0xff],
  [0x152, 0x153],
  [0x160, 0x161],
  [0x178, 0x178],
  [0x17d, 0x17e],
  [0x20ac, 0x20ac],
];

const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, '0');

/** The set as a JSON Schema (ECMA-262) pattern, for the OpenAPI document. */
export const elsterTextPattern = `^[${ranges.map(([from, to]) => (from === to ? `\\u${hex(from)}` : `\\u${hex(from)}-\\u${hex(to)}`)).join('')}]*$`;

const isElsterCharacter = (codePoint: number) => ranges.some(([from, to]) => codePoint >= from && codePoint <= to);

/** The first character ELSTER does not accept: its 1-based position in characters (code points) and its code point. */
export function elsterTextProblem(value: string): { index: number; codePoint: number } | undefined {
  let index = 0;
  for (const character of value) {
    index += 1;
    const codePoint = character.codePointAt(0)!;
    if (!isElsterCharacter(codePoint)) return { index, codePoint };
  }
  return undefined;
}

// The characters a bookkeeper cannot see in the value, by their Unicode names; any other character
// the message quotes, since "ł" says more than its name.
const invisibleNames: Readonly<Record<number, string>> = {
  0x09: 'CHARACTER TABULATION',
  0x0a: 'LINE FEED',
  0x0d: 'CARRIAGE RETURN',
  0xa0: 'NO-BREAK SPACE',
  0xad: 'SOFT HYPHEN',
  0x61c: 'ARABIC LETTER MARK',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x202f: 'NARROW NO-BREAK SPACE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};

// Controls, formatting characters, separators, surrogates, unassigned code points and combining marks.
const unseen = /^[\p{C}\p{Z}\p{M}]$/u;

/** The finding for a text with a character ELSTER does not accept; names it, never the value. */
export function elsterCharsetProblem(value: string): Problem | undefined {
  const problem = elsterTextProblem(value);
  if (!problem) return undefined;
  const { index, codePoint } = problem;
  const character = String.fromCodePoint(codePoint);
  const message = unseen.test(character)
    ? `contains U+${hex(codePoint)}${invisibleNames[codePoint] ? ` (${invisibleNames[codePoint]})` : ''} at position ${index}, which ELSTER does not accept; remove it`
    : `contains "${character}" (U+${hex(codePoint)}) at position ${index}, which ELSTER does not accept; write it in Latin letters or plain punctuation (for example "l" for "ł", "-" for "–")`;
  return { code: 'TEXT_CHARSET', message };
}
