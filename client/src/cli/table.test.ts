import { describe, expect, it } from 'vitest';
import { cutMiddle, table } from './table.ts';

describe('cutMiddle', () => {
  it('keeps the start and the end of a long name, where paths and months differ', () => {
    expect(cutMiddle('clients/muster-gmbh/2026/umsatzsteuer-oktober.json', 24)).toBe('clients/must…ktober.json');
    expect(cutMiddle('clients/muster-gmbh/2026/umsatzsteuer-oktober.json', 24)).toHaveLength(24);
    expect(cutMiddle('short.json', 24)).toBe('short.json');
  });
});

describe('table', () => {
  const rows = [['clients/muster-gmbh/2026/umsatzsteuer-oktober.json', 'tk_AAAAAAAAAAAAAAAAAAAAAA', 'kennzahlen.kz83: does not add up (expected 734.50)']];

  it('fits a width by cutting the shrinkable columns, leaving the IDs whole', () => {
    const text = table(['FILE', 'TICKET', 'WHAT TO FIX'], rows, { maxWidth: 80, shrinkable: [0, 2] });
    for (const line of text.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(text).toContain('tk_AAAAAAAAAAAAAAAAAAAAAA');
    expect(text).toMatch(/kennzahlen.*….*734\.50\)\n$/);
  });

  it('is as wide as its cells without a width', () => {
    expect(table(['FILE', 'TICKET', 'WHAT TO FIX'], rows).split('\n')[1]).toBe(rows[0]!.join('  '));
  });
});
