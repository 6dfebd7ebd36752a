import { describe, expect, it } from 'vitest';
import { berlinProcedure, isKnownTaxOffice, isTestTaxOffice } from '#shared/tax/bufa.ts';

describe('tax offices', () => {
  it.each(['2801', '2899', '9181', '1113', '1138', '3046', '2475', '2241', '2646', '4090', '2393', '5380', '2744', '1085', '3239', '3119', '2191', '4171'])(
    'knows %s as a real tax office',
    (bufa) => {
      expect(isKnownTaxOffice(bufa)).toBe(true);
      expect(isTestTaxOffice(bufa)).toBe(false);
    },
  );

  it.each(['9198', '1194', '2866', '2497', '2698', '4088', '5624', '2799', '2198', '1096', '3249', '3196', '4198'])('knows %s as a test tax office', (bufa) => {
    expect(isKnownTaxOffice(bufa)).toBe(true);
    expect(isTestTaxOffice(bufa)).toBe(true);
  });

  // 2202, 3201 and 3101 are the old example offices of the notation tables.
  it.each(['2202', '3201', '3101', '1100', '5999', '9116', '0000', '9181 ', '918', ''])('knows no tax office %j', (bufa) =>
    expect(isKnownTaxOffice(bufa)).toBe(false),
  );

  // Merged into other offices, they stay known so that a filing for an earlier period may name them (dissolved-tax-offices.ts).
  it.each(['2613', '2331', '2647'])('knows the dissolved tax office %s', (bufa) => expect(isKnownTaxOffice(bufa)).toBe(true));

  it('chooses Berlin’s check procedure by tax office and district', () => {
    expect(berlinProcedure('1127', '500')).toBe('A');
    expect(berlinProcedure('1131', '102')).toBe('B');
    expect(berlinProcedure('1113', '200')).toBe('A');
    expect(berlinProcedure('1113', '201')).toBe('B');
    expect(berlinProcedure('1113', '693')).toBe('B');
    expect(berlinProcedure('1113', '694')).toBe('A');
    expect(berlinProcedure('1116', '029')).toBe('B');
    expect(berlinProcedure('1116', '030')).toBe('A');
    expect(berlinProcedure('1119', '680')).toBe('B');
    expect(berlinProcedure('1119', '679')).toBe('A');
    expect(berlinProcedure('1196', '111')).toBe('B');
  });
});
