// The limits ELSTER's UStVA schema sets on the amounts steuerbote writes, in one place. The same in
// shared/elster/schemas/UStVA-2021.xsd to UStVA-2025.xsd (ERiC 41.6.2.0 documentation,
// Schnittstellenbeschreibungen/Anmeldungssteuern/UStVA_{year}/Schema); 2026, without a published
// schema, takes 2025's. The lengths and patterns of the text elements are in structure.ts.
import type { Finding } from '#shared/domain/ticket.ts';
import { isAmount, toCents } from '#shared/tax/money.ts';
import { ustvaForm } from '#shared/forms/ustva/kennzahlen.ts';

/**
 * Tax amounts (Kz36, Kz83, …: DezimalzahlOhneFuehrNull_MaxL15_MaxVK11_MinNK2_MaxNK2): at most 11
 * digits before the point. Bases (GanzzahlOhneFuehrNull_MaxVK13, Kz38 too) take 13, which the
 * request's `kennzahlen` take for every amount, so each Nutzdaten ELSTER accepts has a body.
 */
export const taxAmountDigits = 11;
export const baseAmountDigits = 13;

/**
 * Never negative: Kz37 (DezimalzahlNichtNegOhneFuehrNull_MaxL14_MaxVK11_MinNK2_MaxNK2) and Kz50
 * (GanzzahlNichtNegOhneFuehrNull_MaxVK13). Kz39, of Kz37's type, is refused by the tax rules (KZ_NEGATIVE).
 */
export const nonNegativeKennzahlen: readonly string[] = ['37', '50'];

/** The Kennzahlen of a request whose amounts the schema of `year` would refuse, each with its limit in `expected`. */
export function ustvaAmountFindings(year: number, kennzahlen: Record<string, number | string>): Finding[] {
  const form = ustvaForm(year);
  return Object.entries(kennzahlen).flatMap(([key, value]): Finding[] => {
    const kz = key.replace(/^kz/, '');
    const kind = form?.get(kz)?.kind;
    if ((kind !== 'tax' && kind !== 'base') || !isAmount(value)) return [];
    const cents = toCents(value);
    if (kind === 'tax' && Math.abs(cents) >= 10 ** taxAmountDigits * 100) {
      const expected = `at most ${taxAmountDigits} digits before the decimal point`;
      return [{ path: `kennzahlen.${key}`, code: 'OUT_OF_RANGE', message: `is larger than ELSTER's form takes: ${expected}`, expected }];
    }
    if (cents < 0 && nonNegativeKennzahlen.includes(kz))
      return [{ path: `kennzahlen.${key}`, code: 'KZ_NEGATIVE', message: "must not be negative: ELSTER's form takes no negative amount here" }];
    return [];
  });
}
