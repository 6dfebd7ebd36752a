// The Umsatzsteuer-Identifikationsnummer (USt-IdNr, VAT ID): a German business's own, with its check
// digit, and a customer's in another member state, by that state's format. Whether a customer's ID
// is issued and valid only the EU's VIES service can tell, which the service does not ask (it works
// offline): a customer's ID passes here when its form is right.
import { mod11x10CheckDigit } from '#shared/tax/idnr.ts';
import type { Problem } from '#shared/tax/problem.ts';

/**
 * A German USt-IdNr: `DE` and nine digits, the first not 0 (ERiC's deutscheUStIDNr in
 * shared/elster/rules/Jahresdokumentation_ZMDO.xml), the ninth the ISO 7064 MOD 11,10 check digit
 * over the first eight, the method of the Steuer-IdNr (python-stdnum stdnum/de/vat.py).
 */
export function vatIdProblem(vatId: string): Problem | undefined {
  if (!/^DE[1-9][0-9]{8}$/.test(vatId)) {
    return { code: 'VAT_ID_FORMAT', message: 'must be the German USt-IdNr: DE and nine digits, the first not 0, like DE136695976' };
  }
  if (!germanCheckDigitHolds(vatId.slice(2))) {
    return { code: 'VAT_ID_CHECK_DIGIT', message: 'does not pass its check digit (the last digit): a digit is probably mistyped or swapped' };
  }
  return undefined;
}

/** The ninth of a German USt-IdNr's digits (and a W-IdNr's) is the ISO 7064 MOD 11,10 check digit over the first eight. */
export const germanCheckDigitHolds = (nineDigits: string) => mod11x10CheckDigit(nineDigits.slice(0, 8)) === Number(nineDigits[8]);

/**
 * The form of a VAT ID after its country prefix, for every member state and Northern Ireland (XI),
 * as the European Commission's VIES documents them ("VIES VAT number validation", its table of
 * formats); Greece's prefix is EL. A `+` or `*` stands for a letter or digit in Ireland's old form.
 */
export const vatIdFormats: Readonly<Record<string, { pattern: RegExp; form: string }>> = {
  AT: { pattern: /^U[0-9]{8}$/, form: 'U and 8 digits' },
  BE: { pattern: /^[01][0-9]{9}$/, form: '10 digits, the first 0 or 1' },
  BG: { pattern: /^[0-9]{9,10}$/, form: '9 or 10 digits' },
  CY: { pattern: /^[0-9]{8}[A-Z]$/, form: '8 digits and a letter' },
  CZ: { pattern: /^[0-9]{8,10}$/, form: '8 to 10 digits' },
  DK: { pattern: /^[0-9]{8}$/, form: '8 digits' },
  EE: { pattern: /^[0-9]{9}$/, form: '9 digits' },
  EL: { pattern: /^[0-9]{9}$/, form: '9 digits' },
  ES: { pattern: /^[0-9A-Z][0-9]{7}[0-9A-Z]$/, form: '9 characters: a letter or digit, 7 digits, a letter or digit' },
  FI: { pattern: /^[0-9]{8}$/, form: '8 digits' },
  FR: { pattern: /^[0-9A-HJ-NP-Z]{2}[0-9]{9}$/, form: '2 letters or digits (no I or O) and 9 digits' },
  HR: { pattern: /^[0-9]{11}$/, form: '11 digits' },
  HU: { pattern: /^[0-9]{8}$/, form: '8 digits' },
  IE: { pattern: /^[0-9][0-9A-Z+*][0-9]{5}[A-W][A-IW]?$/, form: '8 or 9 characters: 7 digits (the second may be a letter, + or *) and one or two letters' },
  IT: { pattern: /^[0-9]{11}$/, form: '11 digits' },
  LT: { pattern: /^(?:[0-9]{9}|[0-9]{12})$/, form: '9 or 12 digits' },
  LU: { pattern: /^[0-9]{8}$/, form: '8 digits' },
  LV: { pattern: /^[0-9]{11}$/, form: '11 digits' },
  MT: { pattern: /^[0-9]{8}$/, form: '8 digits' },
  NL: { pattern: /^[0-9]{9}B[0-9]{2}$/, form: '9 digits, B and 2 digits' },
  PL: { pattern: /^[0-9]{10}$/, form: '10 digits' },
  PT: { pattern: /^[0-9]{9}$/, form: '9 digits' },
  RO: { pattern: /^[1-9][0-9]{1,9}$/, form: '2 to 10 digits, the first not 0' },
  SE: { pattern: /^[0-9]{10}01$/, form: '12 digits ending in 01' },
  SI: { pattern: /^[1-9][0-9]{7}$/, form: '8 digits, the first not 0' },
  SK: { pattern: /^[1-9][0-9]{9}$/, form: '10 digits, the first not 0' },
  XI: { pattern: /^(?:[0-9]{9}|[0-9]{12}|GD[0-4][0-9]{2}|HA[5-9][0-9]{2})$/, form: '9 or 12 digits, or GD/HA and 3 digits' },
};

/**
 * A customer's VAT ID in another member state: a known prefix, then that state's form. Before
 * Brexit (`beforeBrexit`, a period before 2021) the United Kingdom's GB was one, in the form
 * Northern Ireland's XI has kept [VIES].
 */
export function customerVatIdProblem(vatId: string, beforeBrexit = false): Problem | undefined {
  const prefix = vatId.slice(0, 2);
  const format = beforeBrexit && prefix === 'GB' ? vatIdFormats.XI : vatIdFormats[prefix];
  if (!format) {
    return {
      code: 'VAT_ID_COUNTRY',
      message: `must begin with the prefix of another member state or XI (Northern Ireland): ${Object.keys(vatIdFormats).join(', ')}`,
    };
  }
  if (!format.pattern.test(vatId.slice(2))) {
    return { code: 'VAT_ID_FORMAT', message: `is no VAT ID of ${prefix}: after ${prefix} it takes ${format.form}`, expected: format.form };
  }
  return undefined;
}
