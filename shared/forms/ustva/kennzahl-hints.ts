// ERiC's hints on the Kennzahlen of a Voranmeldung (shared/elster/rules/
// Jahresdokumentation_UStVA_{2021..2025}.xml): a Kennzahl sent as zero, a tax implausible for its
// base, and input tax on intra-Community acquisitions without such an acquisition. None refuses
// a return. Paths are request paths (`kennzahlen.kz41`).

import type { Finding } from '#shared/domain/ticket.ts';
import type { UstvaFigures } from '#shared/forms/ustva/model.ts';
import { ericFinding, type EricRuleName } from '#shared/forms/ustva/eric-rules.ts';
import { isAmount, toCents } from '#shared/tax/money.ts';
import { ustvaPairs } from '#shared/forms/ustva/kennzahlen.ts';

// The Kennzahlen whose zero ERiC points out (rules UStVA_KzNN_Nullwertangabe_Hinweis); of a base
// and its tax (ustvaPairs), both zero. Kz 81, 87, 90 and 66 have no such rule.
const zeroAlone = [
  '41',
  '44',
  '49',
  '43',
  '48',
  '86',
  '77',
  '91',
  '89',
  '93',
  '42',
  '60',
  '21',
  '45',
  '61',
  '62',
  '67',
  '63',
  '64',
  '59',
  '65',
  '69',
  '39',
  '50',
  '37',
];

/**
 * The tax a base plausibly carries (rules UStVA_KzNN_und_NN_Verhaeltnis_Hinweis, from 2022): between
 * `low` and `high` times the base, give or take 10 euros. The workbooks change two of them by year:
 * Kz 80 up to 9.5 % in 2022, 10 % in 2023 and 2024 and 11.2 % from 2025 (the § 24 UStG rates); Kz 85
 * from 5 % in 2022, from 0 % later.
 */
function ratioOf(base: string, year: number): { low: number; high: number } {
  if (base === '76') return { low: 0.053, high: year >= 2025 ? 0.112 : year >= 2023 ? 0.1 : 0.095 };
  if (base === '84') return { low: year >= 2023 ? 0 : 0.05, high: 0.19 };
  if (base === '94') return { low: 0.16, high: 0.19 };
  return { low: 0.05, high: 0.19 };
}
const toleranceCents = 1000;

export function kennzahlHints(figures: UstvaFigures): Finding[] {
  const { year, kennzahlen } = figures;
  const cents = (kz: string): number | undefined => {
    const value = kennzahlen[`kz${kz}`];
    return value !== undefined && isAmount(value) ? toCents(value) : undefined;
  };
  const findings: Finding[] = [];
  const hint = (name: EricRuleName, kz: string, code: string, message: string) =>
    findings.push(...ericFinding(name, year, { path: `kennzahlen.kz${kz}`, code, message }));

  if (figures.flags?.corrected !== true) {
    const zero = 'is 0: leave a Kennzahl out when there is nothing to declare in it (a corrected return may send 0 to clear a value)';
    for (const kz of zeroAlone) if (cents(kz) === 0) hint(`UStVA_Kz${kz}_Nullwertangabe_Hinweis` as EricRuleName, kz, 'KZ_ZERO', zero);
    for (const [base, tax] of ustvaPairs)
      if (cents(base) === 0 && cents(tax) === 0) hint(`UStVA_Kz${base}_Nullwertangabe_Hinweis` as EricRuleName, base, 'KZ_ZERO', zero);
  }

  for (const [base, tax] of ustvaPairs) {
    const baseCents = cents(base);
    const taxCents = cents(tax);
    if (baseCents === undefined || taxCents === undefined) continue;
    const { low, high } = ratioOf(base, year);
    const [least, most] = baseCents >= 0 ? [baseCents * low, baseCents * high] : [baseCents * high, baseCents * low];
    if (taxCents < least - toleranceCents || taxCents > most + toleranceCents)
      hint(
        `UStVA_Kz${base}_und_${tax}_Verhaeltnis_Hinweis` as EricRuleName,
        tax,
        'KZ_TAX_IMPLAUSIBLE',
        `is unlikely for a base of Kz ${base}: the tax is expected between ${low * 100} % and ${high * 100} % of it, give or take 10 euros`,
      );
  }

  const kz61 = cents('61');
  if (kz61 !== undefined && kz61 !== 0 && ['89', '93', '95'].every((kz) => kennzahlen[`kz${kz}`] === undefined))
    hint(
      'UstVA_Kz61_ohne_Kz89_Kz93_Kz95',
      '61',
      'INPUT_TAX_WITHOUT_ACQUISITION',
      'claims input tax on intra-Community acquisitions, but the return declares none (Kz 89, 93 or 95)',
    );
  return findings;
}
