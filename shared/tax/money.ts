// Money arrives as a JSON number or a decimal string like "1200.50" (the OpenAPI document). Everything is
// turned into integer cents first, so sums are exact and no binary fraction decides a rounding.

// Thirteen digits of euros keep every cent amount below 2^53, where integers stay exact.
const decimalAmount = /^(-?)(\d{1,13})(?:\.(\d+))?$/;

// A JSON number is binary: 0.1 + 0.2 arrives as 0.30000000000000004. A double holds fifteen
// significant decimal digits faithfully, so rounding to fifteen gives back the decimal the caller
// wrote, and the standard notation never switches to exponents.
const fifteenDigits = new Intl.NumberFormat('en-US', { useGrouping: false, maximumSignificantDigits: 15 });

function decimalOf(amount: number | string) {
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? fifteenDigits.format(amount) : '') : amount;
  const match = decimalAmount.exec(text);
  if (!match) return undefined;
  return { negative: match[1] === '-', euros: Number(match[2]), fraction: (match[3] ?? '').replace(/0+$/, '') };
}

/** A number or a plain decimal string (no exponent, no thousands separator) below ten trillion euros. */
export const isAmount = (amount: number | string) => decimalOf(amount) !== undefined;

/** The amount in cents; a third decimal rounds half away from zero, as a bookkeeper rounds. */
export function toCents(amount: number | string): number {
  const decimal = decimalOf(amount);
  if (!decimal) throw new RangeError(`not an amount in euros: ${String(amount)}`);
  const digits = decimal.fraction.padEnd(3, '0');
  const cents = decimal.euros * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  // `+ 0` turns -0 into 0, so "-0.00" never shows up.
  return (decimal.negative ? -cents : cents) + 0;
}

/** Trailing zeros do not count: "1.500" is 1.50. */
export function hasAtMostTwoDecimals(amount: number | string): boolean {
  const decimal = decimalOf(amount);
  return decimal !== undefined && decimal.fraction.length <= 2;
}

export function isWholeEuros(amount: number | string): boolean {
  const decimal = decimalOf(amount);
  return decimal !== undefined && decimal.fraction.length === 0;
}

/** Cents as a caller writes euros in a request: "734.50", "-12.05", "0.00". */
export function formatEuros(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const absolute = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

const germanCents = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const germanWholeEuros = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });

/** Cents as the forms print them: "1.200,50 €" for an amount with cents, "10.000 €" for whole euros. */
export const germanEuros = (cents: number, showCents: boolean) => `${(showCents ? germanCents : germanWholeEuros).format(cents / 100)} €`;
