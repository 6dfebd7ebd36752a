import { describe, expect, it } from 'vitest';
import { customerVatIdProblem, vatIdFormats, vatIdProblem } from '#shared/tax/vat-id.ts';

describe('vatIdProblem', () => {
  it.each(['DE136695976', 'DE554367942', 'DE811569869'])('takes %s, whose check digit holds', (vatId) => {
    expect(vatIdProblem(vatId)).toBeUndefined();
  });

  it.each([
    ['DE136695975', 'VAT_ID_CHECK_DIGIT'],
    ['DE163669597', 'VAT_ID_CHECK_DIGIT'],
    ['DE036695976', 'VAT_ID_FORMAT'],
    ['DE13669597', 'VAT_ID_FORMAT'],
    ['de136695976', 'VAT_ID_FORMAT'],
    ['ATU13585627', 'VAT_ID_FORMAT'],
  ])('refuses %s: %s', (vatId, code) => {
    expect(vatIdProblem(vatId)?.code).toBe(code);
  });
});

describe('customerVatIdProblem', () => {
  it.each([
    'ATU13585627',
    'BE0123456789',
    'DK13585627',
    'EL123456789',
    'ESX1234567X',
    'FR40303265045',
    'IE6388047V',
    'IE1234567WA',
    'NL004495445B01',
    'PL5630292567',
    'SE123456789701',
    'XI123456789',
    'XIGD123',
  ])('takes %s', (vatId) => expect(customerVatIdProblem(vatId)).toBeUndefined());

  it('knows every member state and Northern Ireland, Greece as EL', () => {
    expect(Object.keys(vatIdFormats).sort()).toEqual([
      'AT',
      'BE',
      'BG',
      'CY',
      'CZ',
      'DK',
      'EE',
      'EL',
      'ES',
      'FI',
      'FR',
      'HR',
      'HU',
      'IE',
      'IT',
      'LT',
      'LU',
      'LV',
      'MT',
      'NL',
      'PL',
      'PT',
      'RO',
      'SE',
      'SI',
      'SK',
      'XI',
    ]);
  });

  it.each([
    ['AT13585627', 'VAT_ID_FORMAT', 'U and 8 digits'],
    ['NL004495445C01', 'VAT_ID_FORMAT', '9 digits, B and 2 digits'],
    ['GR123456789', 'VAT_ID_COUNTRY', undefined],
    ['CH123456789', 'VAT_ID_COUNTRY', undefined],
  ])('refuses %s: %s', (vatId, code, expected) => {
    expect(customerVatIdProblem(vatId)).toMatchObject({ code, ...(expected && { expected }) });
  });
});
