import { describe, expect, it } from 'vitest';
import { flagFindings } from '#shared/forms/ustva/flag-rules.ts';

const rulesOf = (...args: Parameters<typeof flagFindings>) =>
  flagFindings(...args).map(({ path, code, rule, severity }) => `${path} ${code} ${rule}${severity ? ` ${severity}` : ''}`);

describe('flagFindings: Kz 23 and its text', () => {
  it.each([
    ['voranmeldung', 'UStVA'],
    ['dauerfristverlaengerung', 'Df'],
    ['sondervorauszahlung', 'Svz'],
  ] as const)('%s: needs both together (%s_Kz23_Begr_Gemeinsam), and hints when both are given', (type, prefix) => {
    expect(rulesOf(type, 2025, { supplementary: true })).toEqual([`flags.supplementary_text REQUIRED ${prefix}_Kz23_Begr_Gemeinsam`]);
    expect(rulesOf(type, 2025, { supplementary_text: 'Umsätze aus Anlagenverkauf' })).toEqual([
      `flags.supplementary_text SUPPLEMENTARY_TEXT_WITHOUT_FLAG ${prefix}_Kz23_Begr_Gemeinsam`,
    ]);
    expect(rulesOf(type, 2025, { supplementary: true, supplementary_text: 'Umsätze aus Anlagenverkauf' })).toEqual([
      `flags.supplementary_text SUPPLEMENTARY_READ_BY_HAND ${prefix}_Kz23_Hinweis hint`,
    ]);
    expect(rulesOf(type, 2025, {})).toEqual([]);
  });
});

describe('flagFindings: Kz 29, offsetting or assigning a refund', () => {
  it('UStVA_KZ29_bei_positiver_Kz83: needs a refund or a corrected return', () => {
    expect(rulesOf('voranmeldung', 2025, { refund_offset: true }, '0.00')).toEqual([
      'flags.refund_offset REFUND_OFFSET_WITHOUT_REFUND UStVA_KZ29_bei_positiver_Kz83',
    ]);
    expect(rulesOf('voranmeldung', 2025, { refund_offset: true }, 120)).toHaveLength(1);
    expect(rulesOf('voranmeldung', 2025, { refund_offset: true }, '-0.01')).toEqual([]);
    expect(rulesOf('voranmeldung', 2025, { refund_offset: true, corrected: true }, '120.00')).toEqual([]);
  });

  it('Svz_Kz29_ohne_Kz10: a special prepayment takes Kz 29 only when corrected', () => {
    expect(rulesOf('sondervorauszahlung', 2025, { refund_offset: true })).toEqual(['flags.refund_offset REFUND_OFFSET_WITHOUT_REFUND Svz_Kz29_ohne_Kz10']);
    expect(rulesOf('sondervorauszahlung', 2025, { refund_offset: true, corrected: true })).toEqual([]);
  });

  it('applies both from 2022, the first workbook that has them', () => {
    expect(rulesOf('sondervorauszahlung', 2021, { refund_offset: true })).toEqual([]);
    expect(rulesOf('voranmeldung', 2021, { refund_offset: true }, '10.00')).toEqual([]);
    expect(rulesOf('sondervorauszahlung', 2022, { refund_offset: true })).toHaveLength(1);
    expect(rulesOf('sondervorauszahlung', 2026, { refund_offset: true })).toHaveLength(1);
  });
});
