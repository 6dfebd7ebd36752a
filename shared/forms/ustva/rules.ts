// The rules a UStVA must meet before it goes to ELSTER, each reported on the request path it
// concerns, all at once. Sources: the Kennzahlen and Kz 83 formula of docs/sources.md, the OpenAPI document,
// [G] stesie/geierlein chrome/content/lib/geierlein/ustva.js, and Microsoft's ELSTER report
// microsoft/ALAppExtensions Apps/DE/Elster/app/src/Reports/CreateXMLFileVATAdvNotif.Report.al [BC].
//
// Negative amounts: every base and tax amount may be negative, since credit notes and
// corrections reduce them and Kz 83 is negative for a refund ([G] validates them as signed);
// the one exception is Kz 39, the Sondervorauszahlung deducted, which is never negative
// ([G] `unsignedMonetary`, [BC] refuses Kz 39 < 0). The form deducts Kz 39 "in der Regel" in the
// last return of the year, not always (a business that closes deducts it earlier), so its period
// is not checked.

import type { Finding } from '#shared/domain/ticket.ts';
import { ustvaFacts } from '#shared/forms/ustva/facts.ts';
import { formatEuros, hasAtMostTwoDecimals, isAmount, isWholeEuros, toCents } from '#shared/tax/money.ts';
import type { Problem } from '#shared/tax/problem.ts';
import { type KennzahlSpec, unknownKennzahl, ustvaForm, ustvaPairs } from '#shared/forms/ustva/kennzahlen.ts';
import type { UstvaFigures } from '#shared/forms/ustva/model.ts';
import { ericFinding, type EricRuleName } from '#shared/forms/ustva/eric-rules.ts';
import { flagFindings } from '#shared/forms/ustva/flag-rules.ts';
import { kennzahlHints } from '#shared/forms/ustva/kennzahl-hints.ts';
import { partiesFindings } from '#shared/forms/parties.ts';

const periodPattern = /^(0[1-9]|1[0-2]|4[1-4])$/;
const kennzahlKey = /^kz(\d{2})$/;

// Kz 83 = 0.19·81 + 0.07·86 + 36 + 80 + 0.19·89 + 0.07·93 + 98 + 96 + 47 + 74 + 85
//         − (66 + 61 + 62 + 67 + 63 + 59 + 64) + 65 + 69 − 39   [NS; G calculateKz83]
// The computed bases (81, 86, 89, 93) take their rate from the form.
const addedTaxes = ['36', '80', '98', '96', '47', '74', '85', '65', '69'];
const deductedTaxes = ['66', '61', '62', '67', '63', '59', '64', '39'];

/** Kz 83 may differ from the computed total by less than one euro (the OpenAPI document; [G] tests/ustva.js tolerates 0.99). */
const kz83ToleranceCents = 100;

/**
 * The tax on a base, in cents. Bases are whole euros, so 19 % or 7 % of them is a whole number
 * of cents and nothing rounds; [G] adds the same products unrounded. Only a base that wrongly
 * carries cents (reported as KZ_WHOLE_EUROS) needs rounding, and then it is half away from zero,
 * commercial rounding: that choice is ours. Euros and cents are multiplied apart so that even
 * the largest base stays exact in a double.
 */
export function taxOnBase(baseCents: number, rate: number): number {
  const percent = Math.round(rate * 100);
  const absolute = Math.abs(baseCents);
  const cents = Math.floor(absolute / 100) * percent + Math.round(((absolute % 100) * percent) / 100);
  return (baseCents < 0 ? -cents : cents) + 0;
}

/** Kz 83 in cents as the form computes it from the other Kennzahlen; values that are not amounts count as 0. */
export function expectedKz83(year: number, kennzahlen: Record<string, number | string>): number {
  const form = ustvaForm(year);
  const cents = (kz: string) => {
    const value = kennzahlen[`kz${kz}`];
    return value !== undefined && isAmount(value) ? toCents(value) : 0;
  };
  let total = 0;
  for (const [kz, spec] of form ?? []) if (spec.rate !== undefined) total += taxOnBase(cents(kz), spec.rate);
  for (const kz of addedTaxes) total += cents(kz);
  for (const kz of deductedTaxes) total -= cents(kz);
  return total;
}

/** Every rule at once; paths are request paths like `kennzahlen.kz83`, `period`. */
export function ustvaFindings(figures: UstvaFigures): Finding[] {
  const form = ustvaForm(figures.year);
  if (!form) {
    return [{ path: 'year', code: 'YEAR_NOT_SUPPORTED', message: `must be one of the supported years ${ustvaFacts.years.join(', ')}` }];
  }
  const findings: Finding[] = [];
  if (!periodPattern.test(figures.period)) {
    findings.push({ path: 'period', code: 'PERIOD_INVALID', message: 'must be a month "01"–"12" or a quarter "41"–"44"' });
  }
  let amountsReadable = true;
  for (const [key, value] of Object.entries(figures.kennzahlen)) {
    const kz = kennzahlKey.exec(key)?.[1];
    const spec = kz === undefined ? undefined : form.get(kz);
    const problem = kz !== undefined && spec ? valueProblem(spec, kz, value, figures.year) : unknownKennzahl(key, figures.year, [...form.keys()]);
    // A real date outside the form's year is what ERiC's rule UStVA_Kz70_falsches_Jahr names.
    const rule = problem?.code === 'KZ_DATE' && isDate(value) ? { rule: 'UStVA_Kz70_falsches_Jahr' } : {};
    if (problem) findings.push({ path: `kennzahlen.${key}`, ...problem, ...rule });
    if (spec && spec.kind !== 'date' && !isAmount(value)) amountsReadable = false;
  }
  findings.push(...pairFindings(figures.kennzahlen, figures.year));

  const kz83 = figures.kennzahlen.kz83;
  if (kz83 === undefined) {
    findings.push(
      ...ericFinding('UStVA_Kz83_Gesamtsaldo_Pflichtfeld', figures.year, {
        path: 'kennzahlen.kz83',
        code: 'KZ83_REQUIRED',
        message: 'is required: the remaining advance payment (or refund, negative) the return declares',
        expected: formatEuros(expectedKz83(figures.year, figures.kennzahlen)),
      }),
    );
  } else if (amountsReadable) {
    const expected = expectedKz83(figures.year, figures.kennzahlen);
    if (Math.abs(toCents(kz83) - expected) >= kz83ToleranceCents) {
      findings.push({
        path: 'kennzahlen.kz83',
        code: 'KZ83_MISMATCH',
        // The value itself is `expected`, which every reader shows beside the message.
        message: `must be the total the form computes from the other Kennzahlen (is ${formatEuros(toCents(kz83))}; a difference below 1 euro is accepted)`,
        expected: formatEuros(expected),
      });
    }
  }
  findings.push(...flagFindings('voranmeldung', figures.year, figures.flags, kz83), ...partiesFindings(figures), ...kennzahlHints(figures));
  return findings;
}

function valueProblem(spec: KennzahlSpec, kz: string, value: number | string, year: number): Problem | undefined {
  if (spec.kind === 'date') {
    return isDateInYear(value, year) ? undefined : { code: 'KZ_DATE', message: `must be a date in ${year} written YYYY-MM-DD` };
  }
  if (!isAmount(value)) return { code: 'KZ_AMOUNT', message: 'must be an amount in euros: a number or a decimal string like "1200.50"' };
  if (spec.kind === 'base' && !isWholeEuros(value))
    return { code: 'KZ_WHOLE_EUROS', message: 'must be whole euros: the form takes assessment bases without cents' };
  if (spec.kind === 'tax' && !hasAtMostTwoDecimals(value)) return { code: 'KZ_CENTS', message: 'must have at most two decimals (euros and cents)' };
  if (kz === '39' && toCents(value) < 0) return { code: 'KZ_NEGATIVE', message: 'must not be negative: it is the special advance payment being deducted' };
  return undefined;
}

function pairFindings(kennzahlen: Record<string, number | string>, year: number): Finding[] {
  return ustvaPairs.flatMap(([base, tax]): Finding[] => {
    const hasBase = kennzahlen[`kz${base}`] !== undefined;
    const hasTax = kennzahlen[`kz${tax}`] !== undefined;
    if (hasBase === hasTax) return [];
    const [missing, present] = hasBase ? [tax, base] : [base, tax];
    return ericFinding(`UStVA_Kz${base}_${tax}_Gemeinsam` as EricRuleName, year, {
      path: `kennzahlen.kz${missing}`,
      code: 'KZ_PAIR_INCOMPLETE',
      message: `is required with kz${present}: the form takes the assessment base (Kz ${base}) and its tax (Kz ${tax}) together`,
    });
  });
}

function isDate(value: number | string): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // Date rolls 2025-02-30 over into March; reading it back tells a real date from a rolled one.
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
const isDateInYear = (value: number | string, year: number) => isDate(value) && value.startsWith(`${year}-`);
