// Money arrives as a JSON number or a decimal string like "1200.50" (the OpenAPI document). Everything is
// turned into integer cents first, so sums are exact and no binary fraction decides a rounding.

// Thirteen digits of euros keep every cent amount below 2^53, where integers stay exact.
const decimalAmount = /^(-?)(\d{1,13})(?:\.(\d+))?$/;

// A JSON number is binary: 0.1 + 0.2 arrives as 0.30000000000000004. A double holds fifteen
// significant decimal digits faithfully, so the shortest decimal that reads back as the double,
// rounded half up to fifteen digits, gives back the decimal the caller wrote. It is written out
// here without exponents; Intl.NumberFormat does the same in one call, but its first use in a
// process costs a cold start about 25 ms (BENCHMARKS.md, "Cold starts").
function fifteenDigits(amount: number): string {
  const [mantissa = '', exponent = '0'] = String(amount).split('e');
  const [whole = '', fraction = ''] = mantissa.replace('-', '').split('.');
  const all = whole + fraction;
  const leading = /^0*/.exec(all)![0].length;
  if (leading === all.length) return '0';
  let digits = all.slice(leading);
  // Where the decimal point falls in `digits`.
  let point = whole.length + Number(exponent) - leading;
  if (digits.length > 15) {
    const rounded = String(BigInt(digits.slice(0, 15)) + (digits[15]! >= '5' ? 1n : 0n));
    point += rounded.length - 15;
    digits = rounded.replace(/0+$/, '');
  }
  const plain =
    point <= 0 ? `0.${'0'.repeat(-point)}${digits}` : point >= digits.length ? digits.padEnd(point, '0') : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return `${amount < 0 ? '-' : ''}${plain}`;
}

function decimalOf(amount: number | string) {
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? fifteenDigits(amount) : '') : amount;
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

/** Whole euros with a dot between each three digits, as German writes them: "1.200". */
const grouped = (euros: number) => String(euros).replace(/\B(?=(\d{3})+$)/g, '.');

/** Cents as the forms print them: "1.200,50 €" for an amount with cents, "10.000 €" for whole euros (rounded half away from zero). */
export function germanEuros(cents: number, showCents: boolean): string {
  const absolute = Math.abs(cents);
  const amount = showCents ? `${grouped(Math.floor(absolute / 100))},${String(absolute % 100).padStart(2, '0')}` : grouped(Math.floor((absolute + 50) / 100));
  return `${cents < 0 ? '-' : ''}${amount} €`;
}
