import { describe, expect, it } from 'vitest';
import { ibanProblem, normalizeIban } from '#shared/tax/iban.ts';

describe('IBAN', () => {
  it('turns the paper form into the electronic one', () => {
    expect(normalizeIban(' de02 1203 0000 0000 2020 51 ')).toBe('DE02120300000000202051');
    expect(normalizeIban('DE89370400440532013000')).toBe('DE89370400440532013000');
  });

  it.each([
    'DE02120300000000202051',
    'DE89370400440532013000',
    'NL91ABNA0417164300',
    'AT611904300234573201',
    'GB29NWBK60161331926819',
    'FR1420041010050500013M02606',
    'MU17BOMM0101101030300200000MUR',
    'BR1800360305000010009795493C1',
  ])('%s is right', (iban) => expect(ibanProblem(iban)).toBeUndefined());

  it.each(['DE02120300000000202052', 'DE89370400440532013001', 'DE98370400440532013000', 'DE89370400440532010300'])('%s fails its checksum', (iban) =>
    expect(ibanProblem(iban)).toEqual({ code: 'IBAN_CHECKSUM', message: 'does not pass its check digits: a character is probably mistyped or swapped' }),
  );

  it('has the check digits ISO 13616 computes, 02 to 98: 99 and 00 are not 02 and 97, though equal mod 97', () => {
    expect(ibanProblem('DE99120300000000202051')?.code).toBe('IBAN_CHECKSUM');
    expect(ibanProblem('DE00370400440000000060')?.code).toBe('IBAN_CHECKSUM');
    expect(ibanProblem('DE97370400440000000060')).toBeUndefined();
  });

  it("must have the letters and digits where its country's account numbers have them", () => {
    expect(ibanProblem('NL91AB1A0417164300')).toEqual({
      code: 'IBAN_FORMAT',
      message: 'does not have the form of an IBAN from NL: letters and digits stand in the wrong places',
    });
    expect(ibanProblem('DE89370400440532O13000')?.code).toBe('IBAN_FORMAT');
  });

  it('must have the length of its country', () => {
    expect(ibanProblem('DE0212030000000020205')).toEqual({
      code: 'IBAN_COUNTRY_LENGTH',
      message: 'must have 22 characters, as every IBAN from DE has; it has 21',
    });
    expect(ibanProblem('DE021203000000002020510')?.code).toBe('IBAN_COUNTRY_LENGTH');
  });

  it('must name a country that has IBANs', () => {
    expect(ibanProblem('XX02120300000000202051')).toEqual({
      code: 'IBAN_FORMAT',
      message: 'starts with XX, which is not the country code of a country that has IBANs',
    });
  });

  it.each(['', 'DE', '0212030000000000202051', 'DEAB120300000000202051', 'de02120300000000202051', 'DE02 1203 0000 0000 2020 51', 'DE0212030000000020205A'])(
    '%j is no IBAN in form',
    (iban) => expect(ibanProblem(iban)?.code).toBe('IBAN_FORMAT'),
  );
});
