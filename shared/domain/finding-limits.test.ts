import { describe, expect, it } from 'vitest';
import { boundedFindings, maxFindings, maxFindingsBytes, maxTextLength, shortened, truncatedCode, truncatedFinding } from '#shared/domain/finding-limits.ts';
import type { Finding } from '#shared/domain/ticket.ts';

const finding = (index: number, changes: Partial<Finding> = {}): Finding => ({
  path: `k${index}`,
  code: 'UNKNOWN_FIELD',
  message: 'is not a field of this form',
  ...changes,
});
const many = (count: number, changes: Partial<Finding> = {}) => Array.from({ length: count }, (_, index) => finding(index, changes));

describe('shortened', () => {
  it('keeps a text that fits and cuts a longer one to the limit, ending in …', () => {
    expect(shortened('abc', 3)).toBe('abc');
    expect(shortened('abcd', 3)).toBe('ab…');
  });

  it('never splits a surrogate pair', () => {
    expect(shortened('a😀bc', 3)).toBe('a…');
  });
});

describe('boundedFindings', () => {
  it('keeps a short list as it is', () => {
    expect(boundedFindings(many(maxFindings))).toEqual(many(maxFindings));
  });

  it(`lists the first ${maxFindings}, then one ${truncatedCode} with the count of the rest`, () => {
    const bounded = boundedFindings(many(90_000));
    expect(bounded).toHaveLength(maxFindings + 1);
    expect(bounded.slice(0, maxFindings)).toEqual(many(maxFindings));
    expect(bounded.at(-1)).toEqual({ path: '', code: truncatedCode, message: expect.stringContaining('89900'), count: 89_900 });
  });

  it('adds the counts of a list that was cut already', () => {
    const cut = [...many(maxFindings), truncatedFinding(500)];
    expect(boundedFindings([...cut, finding(1)]).at(-1)).toMatchObject({ code: truncatedCode, count: 501 });
  });

  it('marks the count a hint when everything left out is a hint', () => {
    expect(boundedFindings(many(maxFindings + 2, { severity: 'hint' })).at(-1)).toMatchObject({ count: 2, severity: 'hint' });
    const mixed = [...many(maxFindings + 1, { severity: 'hint' }), finding(0)];
    expect(boundedFindings(mixed).at(-1)).not.toHaveProperty('severity');
  });

  it('shortens every text of a finding', () => {
    const huge = 'x'.repeat(1_000_000);
    const [short] = boundedFindings([{ path: huge, code: huge, message: huge, expected: huge, rule: huge }]);
    for (const [field, max] of Object.entries(maxTextLength)) expect(short![field as keyof Finding]).toHaveLength(max);
  });

  it(`lists no more than ${maxFindingsBytes} bytes of findings, however their texts are made`, () => {
    // A control character takes six bytes in JSON.
    const wide = many(maxFindings, { path: '\u0001'.repeat(1000), message: '\u0001'.repeat(2000), expected: '\u0001'.repeat(1000) });
    const bounded = boundedFindings(wide);
    const listed = bounded.slice(0, -1);
    expect(Buffer.byteLength(JSON.stringify(listed))).toBeLessThanOrEqual(maxFindingsBytes);
    expect(bounded.at(-1)).toMatchObject({ code: truncatedCode, count: maxFindings - listed.length });
  });
});
