import { describe, expect, it } from 'vitest';
import { clipToWidth, wrapToWidth } from '#shared/sandbox/fitted-text.ts';
import { faces, type Face } from '#shared/sandbox/fonts.ts';

const regular = faces().regular;

/** The regular face, counting each character it is asked to measure (as far as `fitting` reads). */
function counted(): { face: Face; measured: () => number } {
  let measured = 0;
  const face: Face = {
    ...regular,
    width(text, size) {
      measured += text.length;
      return regular.width(text, size);
    },
    fitting(text, size, maxWidth) {
      const units = regular.fitting(text, size, maxWidth);
      measured += Math.min(text.length, units + 1);
      return units;
    },
  };
  return { face, measured: () => measured };
}

const subject = (length: number) => `CN=${'Muster GmbH '.repeat(Math.ceil(length / 12))}`.slice(0, length);

describe('clipToWidth', () => {
  it('keeps a text that fits, and cuts one that does not to its start and "…", within the width', () => {
    expect(clipToWidth('Muster GmbH', regular, 10, 200)).toBe('Muster GmbH');
    const clipped = clipToWidth(subject(55_289), regular, 10, 200);
    expect(clipped).toMatch(/^CN=Muster GmbH Muster .*…$/);
    expect(regular.width(clipped, 10)).toBeLessThanOrEqual(200);
    expect(regular.width(`${clipped.slice(0, -1)}M…`, 10)).toBeGreaterThan(200);
  });

  it('measures as much of a text as its line shows, however long the text', () => {
    const costs = [1_024, 55_289, 5_000_000].map((length) => {
      const { face, measured } = counted();
      clipToWidth(subject(length), face, 10, 400);
      return measured();
    });
    // 400 points hold about 80 characters of this text at 10 points.
    for (const cost of costs) expect(cost).toBeLessThan(300);
    expect(new Set(costs).size).toBe(1);
  });

  it('shows what the faces do not in their characters, or "?"', () => {
    expect(clipToWidth('Gr\u00fc\u00dfe\u00a0\u2212 \u0151 \u2192 e\u0301', regular, 10, 400)).toBe('Grüße - o ? é');
  });
});

describe('wrapToWidth', () => {
  it('breaks between words onto lines within the width, as many as the text needs', () => {
    const lines = wrapToWidth('Steuerfreie innergemeinschaftliche Lieferungen an Abnehmer mit USt-IdNr.', regular, 10, 150, 8);
    expect(lines.join(' ')).toBe('Steuerfreie innergemeinschaftliche Lieferungen an Abnehmer mit USt-IdNr.');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(regular.width(line, 10)).toBeLessThanOrEqual(150);
  });

  it('takes at most the lines given, the last ending in "…", and cuts a word wider than a line', () => {
    const lines = wrapToWidth(subject(55_289), regular, 10, 150, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/…$/);
    expect(wrapToWidth(`kurz ${'X'.repeat(200)} kurz`, regular, 10, 150, 3)).toEqual(['kurz', expect.stringMatching(/^X+…$/), 'kurz']);
  });

  it('measures as much of a text as its lines show, however long the text', () => {
    const costs = [55_289, 5_000_000].map((length) => {
      const { face, measured } = counted();
      wrapToWidth(subject(length), face, 10, 150, 3);
      return measured();
    });
    expect(costs[0]).toBeLessThan(500);
    expect(costs[1]).toBe(costs[0]);
  });
});
