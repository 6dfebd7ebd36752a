// The rules an LStA must meet before it goes to ELSTER, each reported on the request path it
// concerns, all at once: the values each Kennzahl takes (LStA-{2021..2025}.xsd), and ERiC's rules of
// the year's workbook by name (eric-rules.ts; docs/sources.md tells how each is applied).
import type { Finding } from '#shared/domain/ticket.ts';
import { partiesFindings } from '#shared/forms/parties.ts';
import { periodKind, type PeriodKind } from '#shared/forms/filing-window.ts';
import { ericFinding, type EricRuleName } from '#shared/forms/lsta/eric-rules.ts';
import { flagKennzahlen, kennzahlOf, type KennzahlSpec, lstaFlags, lstaKennzahlen, splitTotals } from '#shared/forms/lsta/kennzahlen.ts';
import type { LstaFigures } from '#shared/forms/lsta/model.ts';
import { lstaFacts } from '#shared/forms/lsta/facts.ts';
import { formatEuros, hasAtMostTwoDecimals, isAmount, toCents } from '#shared/tax/money.ts';
import type { Problem } from '#shared/tax/problem.ts';

// The schema's amounts have at most eleven digits before the point (DezimalzahlOhneFuehrNull_MaxL15_
// MaxVK11_MinNK2_MaxNK2), its counts at most seven (GanzzahlNichtNegOhneFuehrNull_MaxVK7), Kz91 nine digits.
const largestAmountCents = 1e13;
const largestCount = 9_999_999;

// LStA_Kz48_Summenplausi: Kz48 = 41 + 42 + 44 − (33 + 45), and 43 (to 2023) and 35 (2022) deducted too.
const wageTaxAdded = ['41', '42', '44'];
const wageTaxDeducted = ['33', '35', '43', '45'];
// LStA_Kz83_Summenplausi: Kz83 = 47 + 48 + 49 + the church taxes and chamber contributions.
const totalOf83 = ['47', '48', '49', '61', '62', '63', '64', '65', '66', '67', '68', '70', '72', '73', '74', '78'];
// Zero given where the form wants an empty field is a hint, unless the return corrects an earlier one.
const nullHints = ['33', '43', '45', '47', '61', '62', '63', '64', '65', '66', '67', '68', '70', '72', '73', '74', '78', '90'];
// LStA_Vorjahrangabe_unzulaessig and LStA_Folgejahrangabe_unzulaessig: the periods that may hold
// wages of the prior year (January, February, the first quarter, the year) and of the next.
const yearShifts: readonly { suffix: string; periods: readonly string[]; rule: EricRuleName; wages: string }[] = [
  {
    suffix: '_vorjahr',
    periods: ['01', '02', '41', '19'],
    rule: 'LStA_Vorjahrangabe_unzulaessig',
    wages: 'prior year, which belong to a return for January, February, the first quarter or the year',
  },
  {
    suffix: '_folgejahr',
    periods: ['12', '44', '19'],
    rule: 'LStA_Folgejahrangabe_unzulaessig',
    wages: 'next year, which belong to a return for December, the fourth quarter or the year',
  },
];

// ERiC's rules LStA_LoKi_*: the church taxes a Land's tax offices do not collect, by the first two
// digits of the ELSTER tax number (shared/elster/rules/Jahresdokumentation_LStA_2025.xml).
const churchTaxesByLand: readonly (readonly [EricRuleName, readonly string[], readonly string[]])[] = [
  ['LStA_LoKi_BB', ['30'], ['66', '67', '68', '70', '72', '73', '78']],
  ['LStA_LoKi_BE', ['11'], ['64', '65', '66', '67', '68', '70', '72', '73', '74', '78']],
  ['LStA_LoKi_BW', ['28'], ['64', '65', '66', '68', '70', '72', '74']],
  ['LStA_LoKi_BY', ['91', '92'], ['65', '66', '67', '68', '70', '72', '73', '74', '78']],
  ['LStA_LoKi_HB', ['24'], ['63', '64', '65', '66', '67', '70', '72', '73', '74', '78']],
  ['LStA_LoKi_HE', ['26'], ['67', '68', '70', '72', '73', '78']],
  ['LStA_LoKi_HH', ['22'], ['65', '66', '67', '68', '70', '72', '73', '74', '78']],
  ['LStA_LoKi_MV', ['40'], ['63', '64', '65', '66', '67', '68', '70', '72', '73', '74', '78']],
  ['LStA_LoKi_ND', ['23'], ['64', '65', '66', '67', '68', '70', '72', '73', '74', '78']],
  ['LStA_LoKi_NW', ['51', '52', '53', '54', '55', '56'], ['65', '66', '67', '68', '70', '72', '73', '74', '78']],
  ['LStA_LoKi_RP', ['27'], ['66', '67', '70', '73', '74', '78']],
  ['LStA_LoKi_SH', ['21'], ['65', '66', '67', '68', '70', '72', '73', '74', '78']],
  ['LStA_LoKi_SL', ['10'], ['65', '66', '67', '68', '72', '73', '74', '78']],
  ['LStA_LoKi_SN', ['32'], ['63', '64', '65', '66', '67', '68', '70', '72', '73', '74', '78']],
  ['LStA_LoKi_ST', ['31'], ['63', '64', '65', '66', '67', '68', '70', '72', '73', '74', '78']],
  ['LStA_LoKi_TH', ['41'], ['63', '64', '65', '66', '67', '68', '70', '72', '73', '74', '78']],
];

/**
 * The filing period § 41a Abs. 2 EStG sets by the prior year's wage tax: the month above 5,000 €,
 * the quarter above 1,080 €, else the calendar year.
 */
export function filingFrequency(priorYearWageTax: number | string): PeriodKind {
  const cents = toCents(priorYearWageTax);
  return cents > 500_000 ? 'month' : cents > 108_000 ? 'quarter' : 'year';
}

const frequencyWords: Record<PeriodKind, string> = { month: 'a month ("01"–"12")', quarter: 'a quarter ("41"–"44")', year: 'the calendar year ("19")' };

/** Every rule at once; paths are request paths like `kennzahlen.kz48`, `flags.refund_offset`. */
export function lstaFindings(figures: LstaFigures): Finding[] {
  const { year, kennzahlen } = figures;
  const form = lstaKennzahlen(year);
  if (!form) return [{ path: 'year', code: 'YEAR_NOT_SUPPORTED', message: `must be one of the supported years ${lstaFacts.years.join(', ')}` }];
  const findings: Finding[] = [];
  const rule = (name: EricRuleName, finding: Omit<Finding, 'rule' | 'severity'>) => findings.push(...ericFinding(name, year, finding));
  let readable = true;
  for (const [key, value] of Object.entries(kennzahlen)) {
    const spec = kennzahlOf(year, key);
    const problem = spec ? valueProblem(spec, value) : unknownKennzahl(key, year);
    if (problem) {
      findings.push({ path: `kennzahlen.${key}`, ...problem });
      readable = false;
    }
  }
  const given = (kz: string) => kennzahlen[`kz${kz}`] !== undefined;
  const cents = (kz: string) => {
    const value = kennzahlen[`kz${kz}`];
    return value !== undefined && isAmount(value) ? toCents(value) : 0;
  };
  const path = (kz: string) => `kennzahlen.kz${kz}`;
  const corrected = figures.flags?.corrected === true;

  if (!wageTaxAdded.some(given))
    rule('LStA_LoSt_Pflichtfeld', {
      path: path('42'),
      code: 'REQUIRED',
      message: 'is required, or kz41 or kz44: a return declares wage tax (0 where none was withheld)',
    });
  for (const kz of splitTotals) findings.push(...splitFindings(figures, kz, readable));

  const expected48 = wageTaxAdded.reduce((sum, kz) => sum + cents(kz), 0) - wageTaxDeducted.reduce((sum, kz) => sum + cents(kz), 0);
  const inputsOf48 = [...wageTaxAdded, ...wageTaxDeducted].some(given);
  if (inputsOf48 && !given('48'))
    rule('LStA_Kz48_BedingtesPflichtfeld', {
      path: path('48'),
      code: 'REQUIRED',
      message: 'is required: the wage tax remaining after the deductions',
      expected: formatEuros(expected48),
    });
  else if (readable && inputsOf48 && cents('48') !== expected48)
    rule('LStA_Kz48_Summenplausi', {
      path: path('48'),
      code: 'KZ48_MISMATCH',
      message: `must be ${formatEuros(expected48)}: kz41 + kz42 + kz44 less kz33, kz45 and the form's other deductions`,
      expected: formatEuros(expected48),
    });
  if (!given('49'))
    rule('LStA_Kz49_Soli_Pflichtfeld', { path: path('49'), code: 'REQUIRED', message: 'is required: the solidarity surcharge, 0 where none was withheld' });

  const expected83 = totalOf83.reduce((sum, kz) => sum + cents(kz), 0);
  if (!given('83'))
    rule('LStA_Kz83_Gesamtbetrag_Pflichtfeld', {
      path: path('83'),
      code: 'REQUIRED',
      message: 'is required: the total the return declares',
      expected: formatEuros(expected83),
    });
  else if (readable && totalOf83.some(given) && cents('83') !== expected83)
    rule('LStA_Kz83_Summenplausi', {
      path: path('83'),
      code: 'KZ83_MISMATCH',
      message: `must be ${formatEuros(expected83)}: kz47 + kz48 + kz49 and the church taxes and chamber contributions`,
      expected: formatEuros(expected83),
    });
  if (!given('86')) rule('LStA_Kz86_AnzahlAN_Pflichtfeld', { path: path('86'), code: 'REQUIRED', message: 'is required: the number of employees' });
  else if (readable && cents('86') === 0 && given('48') && cents('48') === 0)
    rule('LStA_Kz86_Nullwertangabe_HW', {
      path: path('86'),
      code: 'KZ_ZERO',
      message: 'is 0 and so is kz48: a return without employees or wage tax may not be needed',
    });

  if (given('45') !== given('90'))
    rule('LStA_Kz90_Gemeinsam', {
      path: path(given('45') ? '90' : '45'),
      code: 'KZ_PAIR_INCOMPLETE',
      message: 'goes with the other: the employer contribution to occupational pensions (kz45) and the number of employees it is for (kz90)',
    });
  else if (readable && given('45') && cents('45') > cents('90') * 288)
    rule('LStA_Kz45_Plausibilitaets_Pruefung', { path: path('45'), code: 'KZ45_ABOVE_LIMIT', message: 'is more than 288 euros per employee of kz90' });
  if (given('91') !== given('43'))
    rule('LStA_Kz91_BedingtesPflichtfeld', {
      path: path(given('43') ? '91' : '43'),
      code: 'KZ_PAIR_INCOMPLETE',
      message: 'goes with the other: the child benefit paid out (kz43) and the key of the family benefits office (kz91)',
    });
  if (given('35')) {
    if (year !== 2022 || !['08', '43', '19'].includes(figures.period))
      rule('LStA_Kz35_zul_Zeitraum', {
        path: path('35'),
        code: 'KZ_NOT_FOR_PERIOD',
        message: 'is deducted in a return of 2022 for August, the third quarter or the year only',
      });
    if (readable && cents('35') % 30_000 !== 0)
      rule('LStA_Kz35_Vielfaches_von_300', {
        path: path('35'),
        code: 'KZ35_MULTIPLE_OF_300',
        message: 'must be a multiple of 300 euros, the energy price allowance per employee',
      });
  }

  for (const shift of yearShifts) {
    const shifted = Object.keys(kennzahlen).find((key) => key.endsWith(shift.suffix));
    if (shifted && !shift.periods.includes(figures.period))
      rule(shift.rule, { path: `kennzahlen.${shifted}`, code: 'KZ_NOT_FOR_PERIOD', message: `takes wages of the ${shift.wages}` });
  }
  if (!corrected)
    for (const kz of nullHints)
      if (given(kz) && readable && cents(kz) === 0)
        rule(`LStA_Kz${kz}_Nullwertangabe_Hinweis` as EricRuleName, {
          path: path(kz),
          code: 'KZ_ZERO',
          message: 'is 0: leave it out where there is nothing to declare',
        });

  const land = figures.taxNumber?.slice(0, 2);
  for (const [name, prefixes, kzs] of churchTaxesByLand) {
    const taken = kzs.find(given);
    if (land !== undefined && prefixes.includes(land) && taken)
      rule(name, { path: path(taken), code: 'KZ_NOT_FOR_LAND', message: 'is not collected by the tax offices of the Land the tax number belongs to' });
  }
  // The workbook asks for Kz 68 itself beside its parts; parts without it are LStA_Kz68_EinzelwertOhneSumme's.
  if (land === '24' && given('68') && ['vorjahr', 'lfdjahr', 'folgejahr'].some((part) => kennzahlen[`kz68_${part}`] !== undefined))
    rule('Kz68_Jahreszuordnung_Arbeitnehmerkammer_nicht_gewuenscht_eric', {
      path: path('68'),
      code: 'KZ_SPLIT_NOT_WANTED',
      message: 'is in Bremen the contribution to the employees’ chamber, given as a total without the parts by year',
    });

  findings.push(...flagFindings(figures, cents('83'), given('83')), ...partiesFindings(figures), ...frequencyFindings(figures));
  return findings;
}

/** A total split by year (kz42 and its kz42_vorjahr, kz42_lfdjahr, kz42_folgejahr): both or neither, and the parts add up. */
function splitFindings(figures: LstaFigures, kz: string, readable: boolean): Finding[] {
  const { kennzahlen, year } = figures;
  const parts = ['vorjahr', 'lfdjahr', 'folgejahr'].map((part) => kennzahlen[`kz${kz}_${part}`]).filter((value) => value !== undefined);
  const total = kennzahlen[`kz${kz}`];
  const path = `kennzahlen.kz${kz}`;
  const sum = parts.reduce<number>((cents, value) => cents + (isAmount(value) ? toCents(value) : 0), 0);
  if (parts.length > 0 && total === undefined)
    return ericFinding(`LStA_Kz${kz}_EinzelwertOhneSumme` as EricRuleName, year, {
      path,
      code: 'REQUIRED',
      message: `is required with its parts by year: their total`,
      expected: formatEuros(sum),
    });
  if (total === undefined || !isAmount(total)) return [];
  if (parts.length === 0 && toCents(total) !== 0) {
    // Only Rheinland-Pfalz asks for Kz68's parts (rule LStA_Kz68_SummeOhneEinzelwert_eric): elsewhere,
    // Bremen above all, Kz68 is a chamber contribution without them.
    if (kz === '68')
      return figures.taxNumber?.startsWith('27')
        ? ericFinding('LStA_Kz68_SummeOhneEinzelwert_eric', year, {
            path,
            code: 'KZ_PARTS_REQUIRED',
            message: 'needs its parts by year: kz68_vorjahr, kz68_lfdjahr, kz68_folgejahr',
          })
        : [];
    return ericFinding(`LStA_Kz${kz}_SummeOhneEinzelwert` as EricRuleName, year, {
      path,
      code: 'KZ_PARTS_REQUIRED',
      message: `needs its parts by year: kz${kz}_vorjahr, kz${kz}_lfdjahr, kz${kz}_folgejahr, as the wages belong to each`,
    });
  }
  if (parts.length > 0 && readable && toCents(total) !== sum)
    return ericFinding(`LStA_Kz${kz}_Summenwert` as EricRuleName, year, {
      path,
      code: 'KZ_SUM_MISMATCH',
      message: `must be ${formatEuros(sum)}, the sum of its parts by year`,
      expected: formatEuros(sum),
    });
  return [];
}

function flagFindings(figures: LstaFigures, kz83Cents: number, kz83Given: boolean): Finding[] {
  const { year } = figures;
  const flags = figures.flags ?? {};
  const findings: Finding[] = [];
  const rule = (name: EricRuleName, finding: Omit<Finding, 'rule' | 'severity'>) => findings.push(...ericFinding(name, year, finding));
  for (const flag of Object.keys(flagKennzahlen) as (keyof typeof flagKennzahlen)[])
    if (flags[flag] !== undefined && !lstaFlags(year).includes(flag))
      findings.push({
        path: `flags.${flag}`,
        code: 'FIELD_NOT_FOR_YEAR',
        message: `is not part of the ${year} LStA form (Kz ${flagKennzahlen[flag]} from 2024 on)`,
      });
  const path = 'flags.supplementary_text';
  if (flags.supplementary === true && flags.supplementary_text === undefined)
    rule('LStA_Kz23_Begr_Gemeinsam', { path, code: 'REQUIRED', message: 'is required with supplementary: the further facts the tax office is to consider' });
  if (flags.supplementary_text !== undefined && flags.supplementary !== true)
    rule('LStA_Kz23_Begr_Gemeinsam', { path, code: 'SUPPLEMENTARY_TEXT_WITHOUT_FLAG', message: 'goes with supplementary: true (Kz 23)' });
  if (flags.supplementary === true && flags.supplementary_text !== undefined)
    rule('LStA_Kz23_Hinweis', {
      path,
      code: 'SUPPLEMENTARY_READ_BY_HAND',
      message: 'is read by a clerk of the tax office, so the return is not processed automatically and may take longer',
    });
  if (flags.refund_offset === true && flags.corrected !== true && kz83Given && kz83Cents >= 0)
    rule('LStA_KZ29_bei_positiver_Kz83', {
      path: 'flags.refund_offset',
      code: 'REFUND_OFFSET_WITHOUT_REFUND',
      message: 'goes with a refund (a negative kz83) or a corrected return (corrected: true): there is no refund to offset or assign',
    });
  return findings;
}

/** A hint when the period is not the one § 41a Abs. 2 EStG sets by the prior year's wage tax. */
function frequencyFindings(figures: LstaFigures): Finding[] {
  const prior = figures.priorYearWageTax;
  if (prior === undefined || !isAmount(prior) || figures.flags?.corrected === true) return [];
  const expected = filingFrequency(prior);
  if (periodKind(figures.period) === expected) return [];
  return [
    {
      path: 'period',
      code: 'PERIOD_NOT_FILING_FREQUENCY',
      message: `should be ${frequencyWords[expected]}: § 41a Abs. 2 EStG sets the period by prior_year_wage_tax (monthly above 5,000 euros, quarterly above 1,080 euros, else yearly)`,
      expected,
      severity: 'hint',
    },
  ];
}

function unknownKennzahl(key: string, year: number): Problem {
  const flag = /^kz(09|10|21|23|26|29)$/.test(key);
  return {
    code: 'KZ_UNKNOWN',
    message: flag
      ? `is not an amount of the ${year} LStA form: Kz10, 21, 23, 26 and 29 are set through "flags", Kz09 by the service`
      : `is not a Kennzahl of the ${year} LStA form`,
  };
}

function valueProblem(spec: KennzahlSpec, value: number | string): Problem | undefined {
  if (spec.kind === 'key')
    return typeof value === 'string' && /^\d{9}$/.test(value) ? undefined : { code: 'KZ_KEY', message: 'must be the nine digits of the key, as a string' };
  if (!isAmount(value)) return { code: 'KZ_AMOUNT', message: 'must be an amount in euros: a number or a decimal string like "1200.50"' };
  if (spec.kind === 'count') {
    const count = toCents(value);
    return count % 100 === 0 && count >= 0 && count <= largestCount * 100
      ? undefined
      : { code: 'KZ_COUNT', message: `must be a whole number from 0 to ${largestCount}` };
  }
  if (!hasAtMostTwoDecimals(value)) return { code: 'KZ_CENTS', message: 'must have at most two decimals (euros and cents)' };
  if (Math.abs(toCents(value)) >= largestAmountCents) return { code: 'OUT_OF_RANGE', message: 'must be below 100 billion euros, as the form takes it' };
  return undefined;
}
