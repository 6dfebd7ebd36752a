import { describe, expect, it } from 'vitest';
import { elsterCharsetProblem, elsterTextPattern, elsterTextProblem } from '#shared/tax/elster-charset.ts';

const accepted = (codePoint: number) => elsterTextProblem(String.fromCodePoint(codePoint)) === undefined;

describe("ELSTER's character set", () => {
  it('accepts exactly the 186 characters of Standard_E_V2, and the pattern agrees', () => {
    const pattern = new RegExp(elsterTextPattern, 'u');
    let count = 0;
    const disagreements: number[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint += 1) {
      const ok = accepted(codePoint);
      if (ok) count += 1;
      if (pattern.test(String.fromCodePoint(codePoint)) !== ok) disagreements.push(codePoint);
    }
    expect(count).toBe(186);
    expect(disagreements).toEqual([]);
  });

  const boundaries: [number, boolean][] = [
    [0x1f, false],
    [0x20, true],
    [0x7e, true],
    [0x7f, false],
    [0xa0, false],
    [0xa1, true],
    [0xa3, true],
    [0xa4, false],
    [0xa5, true],
    [0xa6, false],
    [0xa7, true],
    [0xa8, false],
    [0xa9, false],
    [0xaa, true],
    [0xac, true],
    [0xad, false],
    [0xae, true],
    [0xb3, true],
    [0xb4, false],
    [0xb5, true],
    [0xb6, false],
    [0xb8, false],
    [0xb9, true],
    [0xbb, true],
    [0xbe, false],
    [0xbf, true],
    [0xff, true],
    [0x100, false],
    [0x151, false],
    [0x152, true],
    [0x153, true],
    [0x154, false],
    [0x15f, false],
    [0x160, true],
    [0x161, true],
    [0x162, false],
    [0x177, false],
    [0x178, true],
    [0x179, false],
    [0x17c, false],
    [0x17d, true],
    [0x17e, true],
    [0x17f, false],
    [0x20ab, false],
    [0x20ac, true],
    [0x20ad, false],
  ];
  it.each(boundaries.map(([codePoint, ok]) => ({ at: codePoint.toString(16).toUpperCase(), codePoint, ok })))('U+$at is accepted: $ok', ({ codePoint, ok }) =>
    expect(accepted(codePoint)).toBe(ok),
  );

  it('takes German text, € and ordinary punctuation', () => {
    expect(elsterTextProblem('Müller & Söhne GmbH, Straße des 17. Juni 1/2a (Hinterhaus) - "Größe" ÄÖÜäöüß 12,50 € @#%[]{}|~^`\\\'')).toBeUndefined();
    expect(elsterTextProblem('Œuvre Šimon Žižek Ÿ')).toBeUndefined();
    expect(elsterTextProblem('')).toBeUndefined();
  });

  it('names the first character it refuses by its position in characters and its code point', () => {
    expect(elsterTextProblem('Abc\u202eGmbH')).toEqual({ index: 4, codePoint: 0x202e });
    expect(elsterTextProblem('\ufeffMuster')).toEqual({ index: 1, codePoint: 0xfeff });
    // A character outside the BMP counts once, as a reader counts it.
    expect(elsterTextProblem('𝕏\u200b')).toEqual({ index: 1, codePoint: 0x1d54f });
    expect(elsterTextProblem('ab\ud800')).toEqual({ index: 3, codePoint: 0xd800 });
    expect(elsterTextProblem('a\r\nb')).toEqual({ index: 2, codePoint: 0x0d });
  });

  it.each([
    ['Muste\u202er', 'contains U+202E (RIGHT-TO-LEFT OVERRIDE) at position 6, which ELSTER does not accept; remove it'],
    ['\u202dx', 'contains U+202D (LEFT-TO-RIGHT OVERRIDE) at position 1, which ELSTER does not accept; remove it'],
    ['a\u200bb', 'contains U+200B (ZERO WIDTH SPACE) at position 2, which ELSTER does not accept; remove it'],
    ['\ufeff', 'contains U+FEFF (ZERO WIDTH NO-BREAK SPACE) at position 1, which ELSTER does not accept; remove it'],
    ['Zeile\u2028zwei', 'contains U+2028 (LINE SEPARATOR) at position 6, which ELSTER does not accept; remove it'],
    ['e\u0301', 'contains U+0301 at position 2, which ELSTER does not accept; remove it'],
    ['x\ud800', 'contains U+D800 at position 2, which ELSTER does not accept; remove it'],
    [
      'Wałęsa',
      'contains "ł" (U+0142) at position 3, which ELSTER does not accept; write it in Latin letters or plain punctuation (for example "l" for "ł", "-" for "–")',
    ],
  ])('tells the bookkeeper what is wrong in %j without repeating the value', (value, message) => {
    expect(elsterCharsetProblem(value)).toEqual({ code: 'TEXT_CHARSET', message });
  });
});
