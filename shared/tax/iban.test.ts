import { describe, expect, it } from 'vitest';
import { ibanProblem, normalizeIban } from '#shared/tax/iban.ts';

describe('IBAN', () => {
  it('turns the paper form into the electronic one', () => {
    expect(normalizeIban(' de02 1203 0000 0000 2020 51 ')).toBe('DE02120300000000202051');
    expect(normalizeIban('DE89370400440532013000')).toBe('DE89370400440532013000');
  });

  it.each(['DE02120300000000202051', 'DE89370400440532013000', 'NL91ABNA0417164300', 'AT611904300234573201'])('%s is right', (iban) =>
    expect(ibanProblem(iban)).toBeUndefined(),
  );

  it.each(['DE02120300000000202052', 'DE89370400440532013001', 'DE98370400440532013000', 'DE89370400440532010300'])('%s fails its checksum', (iban) =>
    expect(ibanProblem(iban)).toEqual({ code: 'IBAN_CHECKSUM', message: 'does not pass its check digits: a character is probably mistyped or swapped' }),
  );

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
