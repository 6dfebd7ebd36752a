import type { Problem } from '#shared/tax/problem.ts';

/**
 * The check digit of ISO 7064 MOD 11,10 over `digits`: the IdNr's over its first ten (StIdV § 1)
 * [SN idnr.py, E], the USt-IdNr's over its first eight (shared/tax/vat-id.ts).
 */
export function mod11x10CheckDigit(digits: string): number {
  let product = 10;
  for (const digit of digits) {
    const sum = (Number(digit) + product) % 10 || 10;
    product = (sum * 2) % 11;
  }
  return (11 - product) % 10;
}

/**
 * Among the first ten digits exactly one appears twice or three times, the others at most once; a
 * digit that appears three times never stands three in a row [CV, quoting ELSTER's paper].
 */
function hasIdnrDigitPattern(idnr: string): boolean {
  const body = idnr.slice(0, 10);
  const counts = Array.from({ length: 10 }, (_, digit) => body.split(String(digit)).length - 1);
  const repeated = counts.filter((count) => count > 1);
  return repeated.length === 1 && (repeated[0] ?? 0) <= 3 && !/(\d)\1\1/.test(body);
}

/** 11 digits, ISO 7064 MOD 11,10 check digit, digit-repetition rule. Test IdNrs (leading 0) pass here; the live guard refuses them elsewhere. */
export function idnrProblem(idnr: string): Problem | undefined {
  if (!/^\d{11}$/.test(idnr)) {
    return { code: 'IDNR_FORMAT', message: 'must be the 11-digit tax identification number (Steuer-IdNr), digits only' };
  }
  if (!hasIdnrDigitPattern(idnr)) {
    return {
      code: 'IDNR_DIGIT_PATTERN',
      message: 'is no tax identification number: among its first ten digits exactly one digit must repeat (twice, or three times but not all three in a row)',
    };
  }
  if (mod11x10CheckDigit(idnr.slice(0, 10)) !== Number(idnr[10])) {
    return { code: 'IDNR_CHECK_DIGIT', message: 'does not pass its check digit (the last digit): a digit is probably mistyped or swapped' };
  }
  return undefined;
}
