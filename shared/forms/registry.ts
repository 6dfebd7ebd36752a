// The forms steuerbote files, one line each: its kind and its facts, which is all that is known of it
// without loading its code. The rest of a form is its folder, shared/forms/{kind}/, where generic code
// finds each part by name (shared/forms/load.ts, docs/architecture.md "Where a change goes"): so a
// function that needs no form's code carries only these facts, and the compiler demands a line here
// for each kind a form's filing-body.ts adds.
import type { Kind } from '#shared/domain/ticket.ts';
import type { FormFacts } from '#shared/forms/form-facts.ts';
import { anpassungVorauszahlungFacts } from '#shared/forms/anpassung_vorauszahlung/facts.ts';
import { einspruchFacts } from '#shared/forms/einspruch/facts.ts';
import { estFacts } from '#shared/forms/est/facts.ts';
import { euerFacts } from '#shared/forms/euer/facts.ts';
import { fristverlaengerungFacts } from '#shared/forms/fristverlaengerung/facts.ts';
import { gewstFacts } from '#shared/forms/gewst/facts.ts';
import { kstFacts } from '#shared/forms/kst/facts.ts';
import { lstaFacts } from '#shared/forms/lsta/facts.ts';
import { nachrichtFacts } from '#shared/forms/nachricht/facts.ts';
import { ustFacts } from '#shared/forms/ust/facts.ts';
import { ustvaFacts } from '#shared/forms/ustva/facts.ts';
import { zmFacts } from '#shared/forms/zm/facts.ts';
import { acceptedYears as yearsOpen } from '#shared/forms/years.ts';

export const formFacts: { readonly [K in Kind]: FormFacts<K> } = {
  ustva: ustvaFacts,
  est: estFacts,
  ust: ustFacts,
  lsta: lstaFacts,
  zm: zmFacts,
  gewst: gewstFacts,
  kst: kstFacts,
  euer: euerFacts,
  einspruch: einspruchFacts,
  nachricht: nachrichtFacts,
  fristverlaengerung: fristverlaengerungFacts,
  anpassung_vorauszahlung: anpassungVorauszahlungFacts,
};

export const kinds = Object.keys(formFacts) as Kind[];

export const formYears = Object.fromEntries(kinds.map((kind) => [kind, formFacts[kind].years])) as Readonly<Record<Kind, readonly number[]>>;

export const isFormYear = (kind: Kind, year: number) => formFacts[kind].years.includes(year);

/** ERiC names a Datenart version by form and year, e.g. `UStVA_2026`. */
export const datenartVersion = (kind: Kind, year: number) => formFacts[kind].datenartVersion(year);

/** The years a filing of `kind` is accepted for on `today` (YYYY-MM-DD). */
export const acceptedYears = (kind: Kind, today: string) => yearsOpen(formFacts[kind], today);

/**
 * The forms whose profits are one figure of one business and year, so that a filing of either is held
 * to the client's filing of the other (hint `PROFIT_DIFFERS`, shared/submission/hints-across.ts): the
 * EÜR and Anlage G and S of the income tax return, the trade tax return and the EÜR or the corporate
 * income tax return. A form takes part with its `profit.ts`; a kind not listed above yet is left out.
 */
export const profitPairs: readonly (readonly [string, string])[] = [
  ['est', 'euer'],
  ['gewst', 'euer'],
  ['gewst', 'kst'],
];

/**
 * The annual returns whose prepayments are the sum of a periodic form's filings of that year, so that
 * the annual return is held to the client's filings of the other (hint `PREPAYMENTS_DIFFER`,
 * shared/submission/hints-across.ts): the annual VAT return's Vorauszahlungssoll and the UStVAs.
 */
export const prepaymentPairs: readonly (readonly [annual: Kind, periodic: Kind])[] = [['ust', 'ustva']];

/** The forms listed above that a filing of `kind` holds its profit to. */
export const profitPartners = (kind: Kind, pairs = profitPairs): Kind[] =>
  pairs.flatMap(([one, other]) => (one === kind ? [other] : other === kind ? [one] : [])).filter((other): other is Kind => kinds.includes(other as Kind));
