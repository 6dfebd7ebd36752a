// Anlage Vorsorgeaufwand (VOR), per person: pension contributions, statutory and private health and
// care insurance, employer subsidies, unemployment insurance. Its request fields, how they are
// checked, written and shown. Field identifiers and their totalDigits from
// shared/elster/schemas/E10-2022.xsd to E10-2024.xsd (VOR has the same elements in each year).
import type { XmlElement } from '#shared/xml/xml.ts';
import type { Amount, EstReturn, PerPerson, PersonRef } from '#shared/forms/est/model.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { groups, provisionFields, unemploymentInsurance, type Group, type Provision } from '#shared/forms/est/anlagen/vorsorge-fields.ts';
import { cents, deductionCents, expenseEuros, personTag } from '#shared/forms/est/xml-parts.ts';
import { checkAmount, type Context } from '#shared/forms/est/rule-parts.ts';
import { amountOf, defined, element, elements, field, type AmountLine } from '#shared/forms/est/read-parts.ts';

const givenAmount = (provision: Provision | undefined, group: Group, field: string): Amount | undefined =>
  (provision?.[group] as Record<string, Amount | undefined> | undefined)?.[field];

/** The group's fields that are given, in the schema's order, whole euros rounded up; undefined when none is. */
function groupFields(provision: Provision | undefined, group: Group): XmlElement | undefined {
  const entries = Object.entries(provisionFields[group]).flatMap(([field, { id }]) => {
    const amount = givenAmount(provision, group, field);
    return amount === undefined ? [] : [[id, expenseEuros(cents(amount))] as const];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The health insurance a body gives in `deductions` (the older way), as the taxpayer's statutory one. */
function provisionOf(body: EstReturn, person: PersonRef): Provision | undefined {
  const own = body.provision?.[person];
  const legacy = person === 'taxpayer' ? deductionCents(body, 'health_insurance') : 0;
  if (legacy === 0) return own;
  return { ...own, statutory_health: { ...own?.statutory_health, health: legacy / 100 } };
}

/** Anlage Vorsorgeaufwand: one form for both persons, each group with a line per person. */
export function provisionExpenses(body: EstReturn): XmlElement | undefined {
  const persons = (['taxpayer', 'spouse'] as const).map((person) => ({ person, provision: provisionOf(body, person) }));
  const perPerson = (build: (provision: Provision | undefined) => XmlElement | undefined) =>
    persons.flatMap(({ person, provision }) => {
      const fields = build(provision);
      return fields ? [{ Person: personTag[person], ...fields }] : [];
    });
  const form: Record<string, XmlElement[] | XmlElement> = {
    AVor: perPerson((provision) => groupFields(provision, 'pension')),
    Beitr_g_KV_PV_Inl: perPerson((provision) => {
      const fields = groupFields(provision, 'statutory_health');
      return fields && { AN: fields };
    }),
    Beitr_p_KV_PV_Inl: perPerson((provision) => groupFields(provision, 'private_health')),
    Stfr_AG_Zusch: perPerson((provision) => groupFields(provision, 'employer_subsidies')),
  };
  const unemployment = perPerson((provision) =>
    provision?.unemployment_insurance === undefined ? undefined : { [unemploymentInsurance.id]: expenseEuros(cents(provision.unemployment_insurance)) },
  );
  if (unemployment.length > 0) form.Weit_Sons_VorAW = { Pers: unemployment };
  const written = Object.entries(form).filter(([, value]) => !Array.isArray(value) || value.length > 0);
  return written.length > 0 ? Object.fromEntries(written) : undefined;
}

/**
 * The rules of each person's provision: amounts, the schema's digits, and the pension
 * contributions of the wage tax statement as a pair. ERiC refuses the employee's share without the
 * employer's and the other way round (its plausibility rule 950020, "gegebenenfalls mit dem Wert
 * 0", as a public E10 writer quotes ERiC's answer [PUB]): one given without the other is an error.
 */
export function checkProvision(context: Context) {
  const { body, add } = context;
  for (const person of ['taxpayer', 'spouse'] as const) {
    const provision = body.provision?.[person];
    if (!provision) continue;
    const at = `provision.${person}`;
    if (person === 'spouse' && !context.spouse) add(at, 'SPOUSE_MISSING', 'refers to the spouse, but the return names no spouse');
    for (const group of groups) {
      for (const [field, { digits }] of Object.entries(provisionFields[group])) {
        checkDigits(context, `${at}.${group}.${field}`, givenAmount(provision, group, field), digits);
      }
    }
    checkDigits(context, `${at}.unemployment_insurance`, provision.unemployment_insurance, unemploymentInsurance.digits);
    const pension = provision.pension;
    if (pension && (pension.employee === undefined) !== (pension.employer === undefined)) {
      const missing = pension.employee === undefined ? 'employee' : 'employer';
      add(
        `${at}.pension.${missing}`,
        'PENSION_SHARES_PAIRED',
        `must be given with the ${missing === 'employee' ? "employer's" : "employee's"} share: ELSTER takes the pension contributions of the wage tax statement (Nr. 22 and 23) only as a pair, 0 where there is none`,
      );
    }
  }
  if (body.provision?.taxpayer?.statutory_health?.health !== undefined && body.deductions?.health_insurance !== undefined) {
    add('deductions.health_insurance', 'HEALTH_INSURANCE_TWICE', 'is the same line as provision.taxpayer.statutory_health.health: give it once, there');
  }
}

/** The amount in whole euros fits the schema's totalDigits. */
function checkDigits({ add }: Context, path: string, amount: Amount | undefined, digits: number) {
  const amountCents = checkAmount(add, path, amount);
  if (amountCents !== undefined && expenseEuros(amountCents).length > digits) {
    add(path, 'OUT_OF_RANGE', `is more than ELSTER's form takes here: at most ${digits} digits of whole euros`, { expected: `at most ${'9'.repeat(digits)}` });
  }
}

/** What the protocol shows of Anlage Vorsorgeaufwand. */
export const provisionLines: readonly AmountLine[] = [
  { form: 'VOR', path: ['AVor'], id: provisionFields.pension.employee.id, label: 'Rentenversicherung, Arbeitnehmeranteil' },
  { form: 'VOR', path: ['AVor'], id: provisionFields.pension.employer.id, label: 'Rentenversicherung, Arbeitgeberanteil' },
  { form: 'VOR', path: ['Beitr_g_KV_PV_Inl', 'AN'], id: e10.healthInsurance, label: 'Beiträge zur gesetzlichen Kranken- und Pflegeversicherung' },
  { form: 'VOR', path: ['Beitr_g_KV_PV_Inl', 'AN'], id: provisionFields.statutory_health.care.id, label: 'Beiträge zur sozialen Pflegeversicherung' },
  { form: 'VOR', path: ['Beitr_p_KV_PV_Inl'], id: provisionFields.private_health.health.id, label: 'Beiträge zur privaten Krankenversicherung' },
  { form: 'VOR', path: ['Beitr_p_KV_PV_Inl'], id: provisionFields.private_health.care.id, label: 'Beiträge zur Pflege-Pflichtversicherung' },
];

/** The request fields of a caller's Anlage Vorsorgeaufwand, per person. */
export function readProvision(root: XmlElement): Pick<EstReturn, 'provision'> {
  const form = element(root.VOR);
  const provision: PerPerson<Provision> = {};
  const add = (instance: XmlElement, group: Group | 'unemployment_insurance', from: XmlElement | undefined) => {
    const person: PersonRef = field(instance, 'Person') === 'PersonB' ? 'spouse' : 'taxpayer';
    const own: Provision = (provision[person] ??= {});
    if (group === 'unemployment_insurance') {
      const amount = amountOf(field(from, unemploymentInsurance.id));
      if (amount !== undefined) own.unemployment_insurance = amount;
      return;
    }
    const read = defined(Object.fromEntries(Object.entries(provisionFields[group]).map(([name, { id }]) => [name, amountOf(field(from, id))])));
    if (Object.keys(read).length > 0) Object.assign(own, { [group]: read });
  };
  for (const instance of elements(form?.AVor)) add(instance, 'pension', instance);
  for (const instance of elements(form?.Beitr_g_KV_PV_Inl)) add(instance, 'statutory_health', element(instance.AN));
  for (const instance of elements(form?.Beitr_p_KV_PV_Inl)) add(instance, 'private_health', instance);
  for (const instance of elements(form?.Stfr_AG_Zusch)) add(instance, 'employer_subsidies', instance);
  for (const instance of elements(element(form?.Weit_Sons_VorAW)?.Pers)) add(instance, 'unemployment_insurance', instance);
  const persons = Object.entries(provision).filter(([, own]) => Object.keys(own).length > 0);
  return persons.length > 0 ? { provision: Object.fromEntries(persons) } : {};
}
