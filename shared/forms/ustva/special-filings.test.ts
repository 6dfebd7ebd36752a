import { describe, expect, it } from 'vitest';
import { specialFindings } from '#shared/forms/ustva/special-filings.ts';

describe("specialFindings: ERiC's rules of a Dauerfristverlängerung and a Sondervorauszahlung", () => {
  it('Svz_Kz38_Pflichtfeld: a special prepayment names its amount', () => {
    expect(specialFindings({ type: 'sondervorauszahlung', year: 2026 }, '2026-01-05')).toEqual([
      expect.objectContaining({ path: 'kennzahlen.kz38', code: 'REQUIRED', rule: 'Svz_Kz38_Pflichtfeld' }),
    ]);
    expect(specialFindings({ type: 'sondervorauszahlung', year: 2026, kz38: 0 }, '2026-01-05')).toEqual([]);
  });

  it('applies the rules of the flags and the parties, on the paths of `pathOf`', () => {
    const findings = specialFindings(
      { type: 'sondervorauszahlung', year: 2026, kz38: 100, flags: { refund_offset: true }, advisor: { company_name: 'B', city: 'München' } },
      '2026-01-05',
      (field) => `xml.${field}`,
    );
    expect(findings.map(({ path, rule }) => `${path} ${rule}`)).toEqual(['xml.flags.refund_offset Svz_Kz29_ohne_Kz10', 'xml.advisor.postal_code Berater_PLZ']);
    const late = specialFindings({ type: 'dauerfristverlaengerung', year: 2026, flags: { supplementary_text: 'x' } }, '2026-05-01');
    expect(late.map(({ code, rule }) => `${code} ${rule}`)).toEqual(['SUPPLEMENTARY_TEXT_WITHOUT_FLAG Df_Kz23_Begr_Gemeinsam', 'APPLICATION_LATE undefined']);
  });
});
