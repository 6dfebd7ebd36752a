import { describe, expect, it } from 'vitest';
import { findingLine, firstFinding } from './findings.ts';

describe('findings as the command shows them', () => {
  it('names where, what and the expected value', () => {
    expect(findingLine({ path: 'kennzahlen.kz83', code: 'KZ83_MISMATCH', message: 'must be the total', expected: '734.50' })).toBe(
      'kennzahlen.kz83: must be the total (expected 734.50)',
    );
  });

  it('counts the findings an answer left out among the more', () => {
    const listed = Array.from({ length: 100 }, (_, index) => ({ path: `k${index}`, code: 'UNKNOWN_FIELD', message: 'is not a field of this form' }));
    const truncated = { path: '', code: 'FINDINGS_TRUNCATED', message: '89900 more findings are left out of this answer', count: 89_900 };
    expect(firstFinding([...listed, truncated])).toBe('k0: is not a field of this form (+89999 more)');
    expect(findingLine(truncated)).toBe('89900 more findings are left out of this answer');
  });
});
