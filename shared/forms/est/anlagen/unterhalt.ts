// Anlage Unterhalt (ESt1A_U), one per household maintained (at most 99): maintenance paid to a
// person the taxpayer supports (§ 33a Abs. 1 EStG): the household, the payments and the persons
// with their IdNr. From 2023 a payment holds its support period (AW_U/U_Ztr); 2022's form keeps
// the support periods (at most two, AW_U/U_Ztr) apart from the payments (AW_U/U_Zlg) and numbers
// each person supported (Unterstuetzte_Person), which `earlier` describes (E10-2022.xsd). Each
// person's own income and receipts over spans of the year (wages, pensions, annuities, benefits,
// grants and their costs) are the same in every year.
import type { Finding } from '#shared/domain/ticket.ts';
import {
  count,
  date,
  expense,
  idnr,
  income,
  matching,
  nonNegativeExpense,
  nonNegativeIncome,
  period,
  text,
  yesNo,
  type Format,
} from '#shared/forms/est/anlagen/formats.ts';
import { leaf, list, type Anlage, type Fields } from '#shared/forms/est/anlagen/map.ts';

// A person supported and a payment's lines, the same in both shapes.
const supportedPerson: Fields = {
  idnr: leaf('Allg/Persoenl/E0120211', idnr, 'Identifikationsnummer der unterstützten Person'),
  name: leaf('Allg/Persoenl/E0120201', text(), 'Name, Vorname'),
  birth_date: leaf('Allg/Persoenl/E0120203', date, 'Geburtsdatum'),
  died_on: leaf('Allg/Persoenl/E0120205', date, 'Im Jahr verstorben am'),
  profession: leaf('Allg/Persoenl/E0120202', text(), 'Beruf und Familienstand'),
  relation: leaf('Allg/Persoenl/E0120701', text(), 'Verwandtschaftsverhältnis'),
  spouse_name: leaf('Allg/Persoenl/E0120204', text(), 'Ehegatte oder Lebenspartner im selben Haushalt'),
};
/** A receipt of the person supported over a span of the year (Ek_Bez_u_P): the span and the amount. */
const receipt = (at: string, ids: readonly [string, string], label: string, amount: Format = income): Fields => ({
  period: leaf(`${at}${ids[0]}`, period, `Zeitraum (${label})`),
  amount: leaf(`${at}${ids[1]}`, amount, label),
});
// The supported person's income and receipts, the same in every year's shape; § 33a Abs. 1 Satz 5 EStG reduces the maximum by them.
const receipts: Fields = {
  wages: list('Ek_Bez_u_P/Ek_ns_A', 12, {
    ...receipt('Br_AL/', ['E0121001', 'E0121101'], 'Bruttoarbeitslohn der unterstützten Person'),
    pension_period: leaf('VBez/E0121201', period, 'Zeitraum (Versorgungsbezüge der unterstützten Person)'),
    pensions: leaf('VBez/E0121301', income, 'Versorgungsbezüge der unterstützten Person'),
    pension_allowance_basis: leaf('VBez/E0125301', nonNegativeIncome, 'Bemessungsgrundlage des Versorgungsfreibetrags (unterstützte Person)'),
  }),
  annuities: list('Ek_Bez_u_P/So_Ek', 4, receipt('Rent/', ['E0122001', 'E0122101'], 'Renten der unterstützten Person')),
  other_income: list('Ek_Bez_u_P/Ueb_Ek', 12, receipt('', ['E0122601', 'E0122701'], 'Übrige Einkünfte der unterstützten Person')),
  benefits: list('Ek_Bez_u_P/Soz_L_Ueb_B', 12, receipt('', ['E0123201', 'E0123301'], 'Sozialleistungen und übrige Bezüge der unterstützten Person')),
  grants: list('Ek_Bez_u_P/Oe_Ausb_Hi', 6, receipt('', ['E0122801', 'E0122901'], 'Öffentliche Ausbildungshilfen der unterstützten Person')),
  costs: list('Ek_Bez_u_P/Kost_alle_Bez', 6, receipt('', ['E0123401', 'E0123501'], 'Kosten zu allen Bezügen der unterstützten Person', nonNegativeExpense)),
};
const supportPeriod = leaf('E0120109', period, 'Unterstützungszeitraum');
const paymentSpan = leaf('E0120104', period, 'Zeitraum der Zahlungen');
const paymentAmount = leaf('E0120103', expense, 'Unterhaltszahlungen');

const fields: Fields = {
  household_address: leaf('HH_unt_P/E0120101', text(), 'Anschrift des Haushalts'),
  household_persons: leaf('HH_unt_P/E0120108', count(99), 'Personen im Haushalt'),
  payments: list('AW_U/U_Ztr', 12, { supported: supportPeriod, paid: paymentSpan, amount: paymentAmount }),
  persons: list('Ang_Unt_Pers', 9, {
    ...supportedPerson,
    in_my_household: leaf({ 2022: null, 2023: 'Allg/U_Berecht/E0122505' }, yesNo, 'Lebte in meinem inländischen Haushalt'),
    child_benefit_for_them: leaf({ 2022: null, 2023: 'Allg/U_Berecht/E0122613' }, yesNo, 'Anspruch auf Kindergeld für diese Person'),
    ...receipts,
  }),
};

/** 2022's form holds at most two support periods beside up to twelve payments (E10-2022.xsd: AW_U/U_Ztr). */
const supportPeriods2022 = 2;

type Payment = { supported?: string; paid?: string; amount?: number | string };
type Household = Record<string, unknown> & { payments?: Payment[]; persons?: Record<string, unknown>[] };

/** The support periods of a household's payments, each once: 2022's form names them apart (AW_U/U_Ztr). */
const periodsOf = (payments: Payment[] = []) => [...new Set(payments.flatMap((payment) => (payment.supported === undefined ? [] : [payment.supported])))];

/** A household in 2022's shape: the support periods apart, each once, each person numbered. */
function to2022({ payments, persons, ...household }: Household) {
  const supported = periodsOf(payments).map((period) => ({ supported: period }));
  return {
    ...household,
    ...(supported.length > 0 && { supported }),
    ...(payments && { payments: payments.map(({ supported: _supported, ...payment }) => payment) }),
    ...(persons && { persons: persons.map((person, index) => ({ number: `Person${index + 1}`, ...person })) }),
  };
}

/** A household read in 2022's shape: the support periods beside the payments in their order. */
function from2022({ supported, payments, persons, ...household }: Household & { supported?: Payment[] }): Household {
  const lines = Array.from({ length: Math.max(supported?.length ?? 0, payments?.length ?? 0) }, (_, index) => ({
    ...supported?.[index],
    ...payments?.[index],
  }));
  return {
    ...household,
    ...(lines.length > 0 && { payments: lines }),
    ...(persons && { persons: persons.map(({ number: _number, ...person }) => person) }),
  };
}

export const unterhaltAnlage: Anlage = {
  key: 'maintenance',
  element: 'ESt1A_U',
  many: 99,
  label: 'Anlage Unterhalt',
  fields,
  earlier: {
    until: 2022,
    many: 99,
    fields: {
      household_address: fields.household_address!,
      household_persons: fields.household_persons!,
      supported: list('AW_U/U_Ztr', supportPeriods2022, { supported: supportPeriod }),
      payments: list('AW_U/U_Zlg', 12, { amount: paymentAmount, paid: paymentSpan }),
      persons: list('Ang_Unt_Pers', 9, {
        number: leaf('Unterstuetzte_Person', matching(/^Person[1-9]$/, 'Person1 to Person9'), 'Unterstützte Person'),
        ...supportedPerson,
        ...receipts,
      }),
    },
    toShape: (households: Household[]) => households.map(to2022),
    fromShape: (households: Household[]) => households.map(from2022),
  },
};

/** 2022's form has room for two support periods per household (E10-2022.xsd: AW_U/U_Ztr), later ones for twelve. */
export function unterhaltFindings(body: { year: number; maintenance?: Household[] }): Finding[] {
  if (body.year > 2022) return [];
  return (body.maintenance ?? []).flatMap((household, index) =>
    periodsOf(household.payments).length > supportPeriods2022
      ? [
          {
            path: `maintenance.${index}.payments`,
            code: 'NOT_IN_YEAR',
            message: `names more than the ${supportPeriods2022} support periods (\`supported\`) the form of ${body.year} holds`,
          },
        ]
      : [],
  );
}
