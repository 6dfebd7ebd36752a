// Anlage Unterhalt (ESt1A_U), one per household maintained (at most 99): maintenance paid to a
// person the taxpayer supports (§ 33a Abs. 1 EStG): the household, the payments and the persons
// with their IdNr. From 2023 a payment holds its support period (AW_U/U_Ztr); 2022's form keeps
// the support periods (at most two, AW_U/U_Ztr) apart from the payments (AW_U/U_Zlg) and numbers
// each person supported (Unterstuetzte_Person), which `earlier` describes (E10-2022.xsd).
import type { Finding } from '#shared/domain/ticket.ts';
import { count, date, expense, idnr, leaf, list, matching, period, text, yesNo, type Anlage, type Fields } from '#shared/forms/est/anlagen/map.ts';

// A person supported and a payment's lines, the same in both shapes.
const supportedPerson: Fields = {
  idnr: leaf('Allg/Persoenl/E0120211', idnr, 'Identifikationsnummer der unterstützten Person'),
  name: leaf('Allg/Persoenl/E0120201', text(), 'Name, Vorname'),
  birth_date: leaf('Allg/Persoenl/E0120203', date, 'Geburtsdatum'),
  relation: leaf('Allg/Persoenl/E0120701', text(), 'Verwandtschaftsverhältnis'),
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
