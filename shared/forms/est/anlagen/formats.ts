// The formats of an Anlage's fields (map.ts): how a field's JSON value is checked, described, written
// as an element's text and read back, from whole euros rounded in the taxpayer's favour to dates and codes.
import * as z from 'zod/mini';
import {
  builtOncePer,
  idnr as idnrSchema,
  isoDate,
  money,
  moneyDigits,
  passes,
  taxNumber as taxNumberSchema,
  text as textSchema,
} from '#shared/forms/fields.ts';
import type { Problem } from '#shared/tax/problem.ts';
import { elsterDate, isoDateOf } from '#shared/tax/dates.ts';
import { isAmount, toCents } from '#shared/tax/money.ts';
import { widnrProblem } from '#shared/tax/widnr.ts';
import { expenseEuros, incomeEuros, withCents } from '#shared/forms/est/xml-parts.ts';

/** How one field's JSON value becomes an element's text and back. */
export interface Format {
  schema: z.ZodMiniType;
  /** What the OpenAPI document says of the value. */
  shape: string;
  write(value: never): string;
  /** The JSON value of an element's text; undefined where the text is not of this format. */
  read(text: string): unknown;
  /** Whole euros or euros and cents: summed in the protocol. */
  amount?: true;
  /** Whole euros, rounded in the taxpayer's favour: an expense up, income down. */
  round?: 'up' | 'down';
  idnr?: true;
}

/**
 * Whole euros, rounded in the taxpayer's favour as the writer does elsewhere (xml-writer.ts):
 * expenses up, income down; at most `digits` of them, the element's totalDigits (12 for most).
 */
const euros = (round: 'up' | 'down', digits = moneyDigits): Format => ({
  schema: money.check(passes((value: number | string) => (isAmount(value) ? tooManyEuros(toCents(value), round, digits) : undefined))),
  shape: `euros (a number or a decimal string), sent as whole euros${digits < moneyDigits ? ` of at most ${digits} digits` : ''}`,
  write: (value: number | string) => wholeEuros(toCents(value), round),
  read: (text) => (/^-?\d{1,15}$/.test(text) ? text : undefined),
  amount: true,
  round,
});
/** `cents` as the whole euros an element takes, rounded `round`. */
export const wholeEuros = (cents: number, round: 'up' | 'down') => (round === 'up' ? expenseEuros : incomeEuros)(cents);

/** An amount whose whole euros, as written, have more digits than the element takes (999,999,999,999.01 rounds up to 13). */
export function tooManyEuros(cents: number, round: 'up' | 'down', digits: number): Problem | undefined {
  if (wholeEuros(cents, round).replace('-', '').length <= digits) return undefined;
  const expected = `at most ${digits} digits in whole euros${round === 'up' ? ', rounded up' : ''}`;
  return { code: 'OUT_OF_RANGE', message: `is larger than ELSTER's form takes: ${expected}`, expected };
}

export const expense = euros('up');
/** An expense in an element of fewer digits than 12. */
export const expenseUpTo = builtOncePer((digits: number) => euros('up', digits));
export const income = euros('down');
/** Income in an element of fewer digits than 12 (the element's totalDigits). */
export const incomeUpTo = builtOncePer((digits: number) => euros('down', digits));

/**
 * Whole euros of an element whose type holds them to at least 1 (the schema's
 * GanzzahlPosOhneFuehrNull) or 0 (GanzzahlNichtNegOhneFuehrNull) once rounded: the request schema
 * refuses what the XSD would, instead of the writer sending it.
 */
function atLeast(format: Format, round: 'up' | 'down', min: 0 | 1): Format {
  const expected = min === 1 ? 'at least 1 euro' : 'not negative';
  const problem = (value: number | string) =>
    isAmount(value) && Number(wholeEuros(toCents(value), round)) < min
      ? { code: 'OUT_OF_RANGE', message: `must be ${expected} in whole euros`, expected }
      : undefined;
  // The format's own schema keeps its digits; this adds the lower bound.
  return { ...format, schema: (format.schema as typeof money).check(passes(problem)), shape: `${format.shape}, ${expected}` };
}
/** An expense the schema takes only above zero (Pos). */
export const positiveExpense = atLeast(expense, 'up', 1);
/** An expense the schema takes from zero (NichtNeg). */
export const nonNegativeExpense = atLeast(expense, 'up', 0);
/** An expense of fewer digits the schema takes from zero (NichtNeg). */
export const nonNegativeExpenseUpTo = builtOncePer((digits: number) => atLeast(expenseUpTo(digits), 'up', 0));
/** Income the schema takes only above zero (Pos). */
export const positiveIncome = atLeast(income, 'down', 1);
/** Income the schema takes from zero (NichtNeg). */
export const nonNegativeIncome = atLeast(income, 'down', 0);
/** Euros and cents with a decimal comma, as ELSTER writes taxes withheld. */
export const cents: Format = {
  schema: money,
  shape: 'euros and cents',
  write: (value: number | string) => withCents(toCents(value)),
  read: (text) => (/^-?\d{1,15},\d{2}$/.test(text) ? text.replace(',', '.') : undefined),
  amount: true,
};
/** Euros and cents the schema takes from zero (NichtNeg). */
export const nonNegativeCents: Format = {
  ...cents,
  schema: money.check(
    passes((value: number | string) =>
      isAmount(value) && toCents(value) < 0 ? { code: 'OUT_OF_RANGE', message: 'must not be negative', expected: 'not negative' } : undefined,
    ),
  ),
  shape: `${cents.shape}, not negative`,
};
const { amount: _amount, ...decimalCents } = cents;
/** A decimal with two places, not negative (the schema's DezimalzahlNichtNeg), as ELSTER writes a floor space or a rate ("2,00"); `of` is `cents` for euros. */
export const decimalOf = (shape: string, of: Format = decimalCents): Format => ({ ...of, schema: nonNegativeCents.schema, shape });
export const area = decimalOf('square metres with at most two decimals');
export const text = builtOncePer((max: number = 999): Format => ({
  schema: textSchema(max, 1),
  shape: `text, at most ${max} characters`,
  write: (value: string) => value,
  read: (value) => value,
}));
/** A state as ELSTER's form names it in German, such as "Österreich" (the schema's list of states is a text). */
export const country: Format = { ...text(50), shape: 'a state as ELSTER\'s form names it in German, such as "Österreich"' };
export const date: Format = { schema: isoDate, shape: 'a date, YYYY-MM-DD', write: elsterDate, read: isoDateOf };
const periodPattern = /^(0[1-9]|[12]\d|3[01])\.(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])\.(0[1-9]|1[0-2])$/;
/** A span within the year as ELSTER writes it: "01.01-31.12". */
export const period: Format = {
  schema: z.string().check(z.regex(periodPattern, { error: 'must be a span of the year as DD.MM-DD.MM, such as "01.01-31.12"' })),
  shape: 'a span of the year, DD.MM-DD.MM such as "01.01-31.12"',
  write: (value: string) => value,
  read: (value) => (periodPattern.test(value) ? value : undefined),
};
const datesPattern = /^(0[1-9]|[12]\d|3[01])\.(0[1-9]|1[0-2])\.\d{4}-(0[1-9]|[12]\d|3[01])\.(0[1-9]|1[0-2])\.\d{4}$/;
/** A span of dates as ELSTER writes it: "01.01.2020-31.12.2024". */
export const dates: Format = {
  schema: z.string().check(z.regex(datesPattern, { error: 'must be a span of dates as DD.MM.YYYY-DD.MM.YYYY, such as "01.01.2020-31.12.2024"' })),
  shape: 'a span of dates, DD.MM.YYYY-DD.MM.YYYY such as "01.01.2020-31.12.2024"',
  write: (value: string) => value,
  read: (value) => (datesPattern.test(value) ? value : undefined),
};
const monthYearPattern = /^(0[1-9]|1[0-2])\.\d{2}$/;
export const monthYear: Format = {
  schema: z.string().check(z.regex(monthYearPattern, { error: 'must be a month as MM.YY, such as "01.10"' })),
  shape: 'a month, MM.YY such as "01.10"',
  write: (value: string) => value,
  read: (value) => (monthYearPattern.test(value) ? value : undefined),
};
/** A calendar year, such as 2024 (the schema's DatumJJJJ). */
export const calendarYear: Format = {
  schema: z.number().check(z.int(), z.minimum(1), z.maximum(9999)),
  shape: 'a year, such as 2024',
  write: (value: number) => String(value).padStart(4, '0'),
  read: (value) => (/^\d{4}$/.test(value) && value !== '0000' ? Number(value) : undefined),
};
/** A month of the year, 1 to 12, written "01" to "12" (the schema's DatumMM). */
export const month: Format = {
  schema: z.number().check(z.int(), z.minimum(1), z.maximum(12)),
  shape: 'a month, 1 to 12',
  write: (value: number) => String(value).padStart(2, '0'),
  read: (value) => (/^(0[1-9]|1[0-2])$/.test(value) ? Number(value) : undefined),
};
const ticked = z.literal(true, { error: 'must be true, or left out' });
/** A box ticked: `true`, written as the mark the schema takes ("X", "1", or "2" for a box that answers no). */
export const tick = builtOncePer((mark: 'X' | '1' | '2'): Format => ({
  schema: ticked,
  shape: 'true when it applies',
  write: () => mark,
  read: (value) => (value === mark ? true : undefined),
}));
/** One of the schema's codes, by a name of steuerbote's. */
export const code = builtOncePer((codes: Readonly<Record<string, string>>): Format => {
  const names = Object.keys(codes);
  return {
    schema: z.enum(names as [string, ...string[]], { error: `must be one of ${names.join(', ')}` }),
    shape: `one of ${names.map((name) => `\`${name}\``).join(', ')}`,
    write: (value: string) => codes[value]!,
    read: (value) => names.find((name) => codes[name] === value),
  };
});
export const yesNo = code({ yes: '1', no: '2' });
export const count = builtOncePer((max: number): Format => ({
  schema: z.number().check(z.int(), z.minimum(1), z.maximum(max)),
  shape: `a whole number from 1 to ${max}`,
  write: (value: number) => String(value),
  read: (value) => (/^[1-9]\d*$/.test(value) && Number(value) <= max ? Number(value) : undefined),
}));
const percentPattern = /^\d{1,3},\d{2}$/;
/** A percentage above zero with two decimals, written with a decimal comma ("45,50"). */
export const percent: Format = {
  schema: z.number().check(z.minimum(0.01), z.maximum(999.99), z.multipleOf(0.01)),
  shape: 'a percentage above 0 with at most two decimals, such as 45.5',
  write: (value: number) => value.toFixed(2).replace('.', ','),
  read: (value) => (percentPattern.test(value) && value !== '0,00' ? Number(value.replace(',', '.')) : undefined),
};
const unitsPattern = /^\d{1,15}(,\d{1,4})?$/;
/** A number of units from 0 with at most four decimals, written with a decimal comma ("12,5"). */
export const units: Format = {
  schema: z.number().check(z.minimum(0), z.maximum(999_999_999), z.multipleOf(0.0001)),
  shape: 'a number of units from 0 with at most four decimals, such as 12.5',
  write: (value: number) => String(Number(value.toFixed(4))).replace('.', ','),
  read: (value) => (unitsPattern.test(value) ? Number(value.replace(',', '.')) : undefined),
};
/** A whole number from 0, such as days of a year. */
export const tally = builtOncePer((max: number): Format => ({
  schema: z.number().check(z.int(), z.minimum(0), z.maximum(max)),
  shape: `a whole number from 0 to ${max}`,
  write: (value: number) => String(value),
  read: (value) => (/^(0|[1-9]\d*)$/.test(value) && Number(value) <= max ? Number(value) : undefined),
}));
/** A text the schema holds to a pattern, named in `shape`. */
export const matching = (pattern: RegExp, shape: string): Format => ({
  schema: z.string().check(z.regex(pattern, { error: `must be ${shape}` })),
  shape,
  write: (value: string) => value,
  read: (value) => (pattern.test(value) ? value : undefined),
});
const dateSpanPattern = /^(0[1-9]|[12]\d|3[01])\.(0[1-9]|1[0-2])\.(?!0000)\d{4}-(0[1-9]|[12]\d|3[01])\.(0[1-9]|1[0-2])\.(?!0000)\d{4}$/;
/** A span of dates as ELSTER writes it: "01.03.2024-30.06.2024". */
export const dateSpan = matching(dateSpanPattern, 'a span of dates, DD.MM.YYYY-DD.MM.YYYY such as "01.03.2024-30.06.2024"');
export const digits = builtOncePer((length: number) => matching(new RegExp(`^\\d{${length}}$`), `${length} digits`));
/** A business identification number (Wirtschafts-Identifikationsnummer, § 139c AO): DE, nine digits, a hyphen and a distinguishing number from 00001. */
const businessIdPattern = /^DE\d{9}-(?!00000)\d{5}$/;
export const businessId: Format = {
  ...matching(businessIdPattern, 'a business identification number, such as "DE123456788-00001"'),
  // Its check digit once its form holds, as ERiC's ungueltigeWirtschaftsIdentifikationsnummerU checks it.
  schema: z.string().check(
    z.regex(businessIdPattern, { error: 'must be a business identification number, such as "DE123456788-00001"' }),
    passes((value: string) => (businessIdPattern.test(value) ? widnrProblem(value, 'distinguished') : undefined)),
  ),
};
/** A tax number in ELSTER's 13 digits or in the Land's own notation, written as the 13 digits it is checked into (fields.ts). */
export const taxNumber: Format = {
  schema: taxNumberSchema,
  shape: 'a tax number: ELSTER\'s 13 digits, or `{ "state": "BY", "number": "181/815/08155" }` in the Land\'s own notation',
  write: (value: string) => value,
  read: (value) => (/^\d{4}0\d{8}$/.test(value) ? value : undefined),
};
export const idnr: Format = {
  schema: idnrSchema,
  shape: 'a tax identification number (11 digits)',
  write: (value: string) => value,
  read: (value) => value,
  idnr: true,
};
export const person: Format = {
  schema: z.enum(['taxpayer', 'spouse'], { error: 'must be "taxpayer" or "spouse"' }),
  shape: '`taxpayer` (Person A) or `spouse` (Person B)',
  write: (value: 'taxpayer' | 'spouse') => (value === 'spouse' ? 'PersonB' : 'PersonA'),
  read: (value) => (value === 'PersonA' ? 'taxpayer' : value === 'PersonB' ? 'spouse' : undefined),
};
