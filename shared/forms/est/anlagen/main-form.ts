// ESt 1 A, the main form: the persons, how they are assessed, the account. Its request fields, how
// they are checked, written and shown. Sources as in xml-writer.ts.
import * as z from 'zod/mini';
import { idnr, isoDate, text } from '#shared/forms/fields.ts';
import type { XmlElement } from '#shared/xml/xml.ts';
import { elsterDate, isoDateOf } from '#shared/tax/dates.ts';
import type { Address, EstReturn, Person, PersonRef } from '#shared/forms/est/model.ts';
import { religionKeys } from '#shared/forms/est/model.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { houseNumberParts, streetLine } from '#shared/forms/est/limits.ts';
import { address } from '#shared/forms/est/schema-parts.ts';
import { cents, incomeEuros, personTag, perPerson as perPersonForm, sum, writtenSum } from '#shared/forms/est/xml-parts.ts';
import { checkAmount, type Add, type Context } from '#shared/forms/est/rule-parts.ts';
import { amountCents, amountOf, defined, element, elements, field, type KeyFigure } from '#shared/forms/est/read-parts.ts';
import { germanEuros } from '#shared/tax/money.ts';
import type { XmlNode } from '#shared/xml/xml.ts';

export const personSchema = z.strictObject({
  idnr: z.optional(idnr),
  first_name: text(100, 1),
  last_name: text(100, 1),
  title: z.optional(text(25, 1)),
  birth_date: isoDate,
  religion: z.optional(text(20)),
  profession: z.optional(text(25, 1)),
  address: z.optional(address),
});

/**
 * The fields of ESt 1 A beyond fields.ts, each with its element in shared/elster/schemas/
 * E10-2022.xsd to E10-2024.xsd.
 */
const ids = {
  /** Art_Erkl: Festsetzung der Arbeitnehmer-Sparzulage; Feststellung des verbleibenden Verlustvortrags. */
  savingsBonusApplied: 'E0100002',
  lossCarryforward: 'E0100003',
  /** Belege: receipts sent later. */
  receiptsLater: 'E0100012',
  /** Allg: phone for questions during the day. */
  phone: 'E0100008',
  person: {
    taxpayer: { title: 'E0101004', profession: 'E0100403', foreignPostalCode: 'E0101405', country: 'E0101403' },
    spouse: { title: 'E0102003', profession: 'E0101003', foreignPostalCode: 'E0102505', country: 'E0102404' },
  },
  /** Allg/A, after "verheiratet seit": widowed, divorced, permanently separated since. */
  widowedSince: 'E0100702',
  divorcedSince: 'E0100703',
  separatedSince: 'E0100704',
  /** Allg/BV: no bank account. */
  noBankAccount: 'E0102002',
  /** Mitwirk: the advisor who helped prepare the return. */
  advisor: { name: 'E0102401', firstName: 'E0102501', address: 'E0102601', city: 'E0102701', phone: 'E0102801' },
  /** AN_Sp_Zul: the savings bonus applied for on every certificate transmitted. */
  savingsBonus: 'E0109109',
  /** Eink_Ers/Inl: wage replacement benefits under § 32b EStG (Elterngeld, Krankengeld, Arbeitslosengeld, …). */
  wageReplacement: { description: 'E0104110', amount: 'E0104113', total: 'E0104801' },
  /** Erg_Ang: further information, and its mark. */
  supplementaryMark: 'E0109814',
  supplementary: 'E0109815',
} as const;

/** A person's address fields; the limits of its year's schema (limits.ts) have been checked. */
function addressFields(address: Address, role: PersonRef): XmlElement {
  const fields = e10.person[role];
  const abroad = ids.person[role];
  const house = houseNumberParts(address.house_number);
  return {
    [fields.street]: streetLine(address),
    ...(house.number && { [fields.houseNumber]: house.number }),
    ...(house.suffix && { [fields.houseNumberSuffix]: house.suffix }),
    // An address abroad has its own postal code field and names its country.
    [address.country === undefined ? fields.postalCode : abroad.foreignPostalCode]: address.postal_code,
    [fields.city]: address.city,
    ...(address.country !== undefined && { [abroad.country]: address.country }),
  };
}

const sameAddress = (one: Address | undefined, other: Address | undefined) =>
  one !== undefined &&
  other !== undefined &&
  (['street', 'house_number', 'postal_code', 'city', 'country'] as const).every((field) => (one[field] ?? '').trim() === (other[field] ?? '').trim());

/**
 * A person's fields. Person B's address stands among them until 2022; from 2023 it goes in
 * Abw_Anschr, the last element of B, and only where it differs from Person A's (E10-2023.xsd).
 */
function personFields(person: Person, role: PersonRef, body: EstReturn): XmlElement {
  const fields = e10.person[role];
  const more = ids.person[role];
  const address = person.address;
  const religion = person.religion !== undefined && Object.hasOwn(religionKeys, person.religion) ? religionKeys[person.religion] : undefined;
  const ownAddress = role === 'spouse' && body.year >= 2023;
  // The profession stands after the religion from 2023, after the address until 2022 (E10-2022.xsd, E10-2023.xsd).
  const profession = person.profession !== undefined && { [more.profession]: person.profession };
  return {
    [fields.birthDate]: elsterDate(person.birth_date),
    [fields.lastName]: person.last_name,
    [fields.firstName]: person.first_name,
    ...(person.title !== undefined && { [more.title]: person.title }),
    ...(religion && { [fields.religion]: religion }),
    ...(body.year >= 2023 && profession),
    ...(address && !ownAddress && addressFields(address, role)),
    ...(body.year < 2023 && profession),
    ...(address && ownAddress && !sameAddress(address, body.taxpayer.address) && { Abw_Anschr: addressFields(address, role) }),
  };
}

/** ELSTER's date of a request date, where given. */
const dateField = (id: string, date: string | undefined) => (date === undefined ? {} : { [id]: elsterDate(date) });

export function mainForm(body: EstReturn): XmlElement {
  const spouse = body.spouse ?? undefined;
  const bank = body.bank;
  const assessment = spouse && { Vlg_Art: { [body.joint_assessment ? e10.jointAssessment : e10.separateAssessment]: 'X' } };
  const savingsBonus = perPersonForm((person) => (body.savings_bonus?.[person] ? { Person: personTag[person], [ids.savingsBonus]: '1' } : undefined));
  const replacement = perPersonForm((person) => {
    const lines = body.wage_replacement_benefits?.[person];
    if (!lines?.length) return undefined;
    return {
      Person: personTag[person],
      Inl: {
        Einz: lines.map((line) => ({ [ids.wageReplacement.description]: line.description, [ids.wageReplacement.amount]: incomeEuros(cents(line.amount)) })),
        Sum: {
          [ids.wageReplacement.total]: incomeEuros(
            writtenSum(
              lines.map((line) => line.amount),
              incomeEuros,
            ),
          ),
        },
      },
    };
  });
  const advisor = body.advisor;
  return {
    Art_Erkl: {
      [e10.incomeTaxReturn]: 'X',
      ...(savingsBonus && { [ids.savingsBonusApplied]: 'X' }),
      ...(body.loss_carryforward && { [ids.lossCarryforward]: 'X' }),
    },
    ...(body.receipts_later && { Belege: { [ids.receiptsLater]: 'X' } }),
    // Allg: A, B, Vlg_Art, BV until 2022 (E10-2022.xsd); A, Vlg_Art, B, BV from 2023 (E10-2023.xsd, E10-2024.xsd).
    Allg: {
      ...(body.phone !== undefined && { [ids.phone]: body.phone }),
      // The dates of marriage, widowhood, divorce and separation are the couple's and stand with Person A [E].
      A: {
        ...personFields(body.taxpayer, 'taxpayer', body),
        ...dateField(e10.marriedSince, body.married_since),
        ...dateField(ids.widowedSince, body.widowed_since),
        ...dateField(ids.divorcedSince, body.divorced_since),
        ...dateField(ids.separatedSince, body.separated_since),
      },
      ...(body.year >= 2023 && assessment),
      ...(spouse && { B: personFields(spouse, 'spouse', body) }),
      ...(body.year < 2023 && assessment),
      ...(bank && {
        BV: {
          [bank.iban.startsWith('DE') ? e10.ibanGerman : e10.ibanForeign]: bank.iban,
          Kto_Inh: { [e10.accountHolder[bank.account_holder]]: 'X' },
        },
      }),
      ...(!bank && body.no_bank_account && { BV: { [ids.noBankAccount]: 'X' } }),
    },
    ...(advisor && {
      Mitwirk: {
        [ids.advisor.name]: advisor.name,
        ...(advisor.first_name !== undefined && { [ids.advisor.firstName]: advisor.first_name }),
        ...(advisor.address !== undefined && { [ids.advisor.address]: advisor.address }),
        ...(advisor.city !== undefined && { [ids.advisor.city]: advisor.city }),
        ...(advisor.phone !== undefined && { [ids.advisor.phone]: advisor.phone }),
      },
    }),
    ...(savingsBonus && { AN_Sp_Zul: savingsBonus }),
    ...(replacement && { Eink_Ers: replacement }),
    ...(body.supplementary_information !== undefined && { Erg_Ang: { [ids.supplementaryMark]: '1', [ids.supplementary]: body.supplementary_information } }),
  };
}

const sumDigits = 12;

/** The rules of the persons and their marriage. */
export function checkMainForm(context: Context, today: Date) {
  const { body, spouse, add } = context;
  if (!body.taxpayer) add('taxpayer', 'TAXPAYER_REQUIRED', 'is required: the person who files the return');
  else checkPerson(body.taxpayer, 'taxpayer', body.year, today, add);

  if (body.joint_assessment && !spouse) add('spouse', 'SPOUSE_REQUIRED', 'is required for a joint assessment (Zusammenveranlagung)');
  if (spouse) {
    checkPerson(spouse, 'spouse', body.year, today, add);
    if (spouse.idnr !== undefined && spouse.idnr === body.taxpayer?.idnr)
      add('spouse.idnr', 'IDNR_SAME_AS_TAXPAYER', "must be the spouse's own tax identification number, not the taxpayer's");
  }
  checkMarriedSince(body, spouse, today, add);
  for (const field of ['widowed_since', 'divorced_since', 'separated_since'] as const) {
    const date = body[field];
    if (date === undefined) continue;
    if (date > `${body.year}-12-31`) add(field, 'DATE_AFTER_TAX_YEAR', `must be on or before 31 December ${body.year}`);
    else if (body.married_since !== undefined && date < body.married_since) add(field, 'DATE_BEFORE_MARRIAGE', 'must not be before married_since');
  }
  if (body.bank && body.no_bank_account) add('no_bank_account', 'BANK_AND_NO_BANK', 'contradicts bank: say either that there is no account or which one');
  if (body.savings_bonus?.spouse && !spouse) add('savings_bonus.spouse', 'SPOUSE_MISSING', 'refers to the spouse, but the return names no spouse');
  if (body.wage_replacement_benefits?.spouse?.length && !spouse)
    add('wage_replacement_benefits.spouse', 'SPOUSE_MISSING', 'refers to the spouse, but the return names no spouse');
  for (const person of ['taxpayer', 'spouse'] as const) {
    const lines = (body.wage_replacement_benefits?.[person] ?? []).map(
      (line, index) => checkAmount(add, `wage_replacement_benefits.${person}.${index}.amount`, line.amount) ?? 0,
    );
    // Their sum, in whole euros, has an element of 12 digits (E0104801, totalDigits in E10-2022.xsd to E10-2024.xsd).
    if (incomeEuros(sum(lines)).length > sumDigits) {
      const expected = `at most ${sumDigits} digits in whole euros, summed`;
      add(
        `wage_replacement_benefits.${person}.0.amount`,
        'OUT_OF_RANGE',
        `is larger than ELSTER's form takes, summed over the ${person}'s lines: ${expected}`,
        {
          expected,
        },
      );
    }
  }
}

function checkPerson(person: Person, at: PersonRef, year: number, today: Date, add: Add) {
  for (const field of ['first_name', 'last_name'] as const) {
    if (!person[field]?.trim()) add(`${at}.${field}`, 'NAME_REQUIRED', 'must not be empty');
  }
  checkBirthDate(person.birth_date, `${at}.birth_date`, year, today, add);
  // The E10 schemas leave every IdNr of the persons optional and ELSTER's own E10 samples carry none (docs/forms/est.md).
  if (person.idnr === undefined)
    add(`${at}.idnr`, 'IDNR_MISSING', 'should be given: the tax office files the return by it, and asks for it where it is missing', { severity: 'hint' });

  if (person.religion === undefined) {
    add(`${at}.religion`, 'RELIGION_MISSING', 'should be given for every person of the return (use "none" for no church tax): the tax office asks for it', {
      severity: 'hint',
    });
  } else if (!Object.hasOwn(religionKeys, person.religion)) {
    add(`${at}.religion`, 'RELIGION_UNKNOWN', `must be one of ${Object.keys(religionKeys).join(', ')}`);
  }
  if (!person.address) {
    add(`${at}.address`, 'ADDRESS_MISSING', 'should be given (street, postal code, city): the tax office asks for it', {
      severity: 'hint',
    });
  }
}

/**
 * The day of the marriage or civil partnership (ESt 1 A, "verheiratet seit dem", E0100701). Spouses
 * are assessed jointly only when they were married at some time in the tax year (§ 26 Abs. 1
 * EStG); public E10 writers refuse a joint return without the date, as ERiC does.
 */
function checkMarriedSince(body: EstReturn, spouse: Person | undefined, today: Date, add: Add) {
  const since = body.married_since;
  if (since === undefined) {
    if (body.joint_assessment)
      add('married_since', 'MARRIED_SINCE_REQUIRED', 'is required for a joint assessment: the day of the marriage or civil partnership (§ 26 Abs. 1 EStG)');
    else if (spouse)
      add(
        'married_since',
        'MARRIED_SINCE_MISSING',
        'is needed by ELSTER for spouses assessed separately (§ 26a EStG): the day of the marriage or civil partnership',
        { severity: 'hint' },
      );
    return;
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(since)) {
    add('married_since', 'MARRIED_SINCE_FORMAT', 'must be a date as YYYY-MM-DD');
  } else if (since > `${body.year}-12-31`) {
    add(
      'married_since',
      'MARRIED_SINCE_AFTER_TAX_YEAR',
      `must be on or before 31 December ${body.year}: a marriage after the tax year does not count for it (§ 26 Abs. 1 EStG)`,
    );
  } else if (since > today.toISOString().slice(0, 10)) {
    add('married_since', 'MARRIED_SINCE_IN_FUTURE', 'must not be in the future');
  } else {
    for (const [role, person] of [
      ['taxpayer', body.taxpayer],
      ['spouse', spouse],
    ] as const) {
      if (person && since < person.birth_date) add('married_since', 'MARRIED_SINCE_BEFORE_BIRTH', `must not be before the ${role}'s birth date`);
    }
  }
}

function checkBirthDate(birthDate: string, path: string, year: number, today: Date, add: Add) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birthDate ?? '')) {
    add(path, 'BIRTH_DATE_REQUIRED', 'must be the date of birth as YYYY-MM-DD');
  } else if (birthDate < '1900-01-01') {
    add(path, 'BIRTH_DATE_TOO_EARLY', 'must not be before 1900');
  } else if (birthDate > `${year}-12-31`) {
    add(path, 'BIRTH_DATE_AFTER_TAX_YEAR', `must be on or before 31 December ${year}: a person born later has no income in the tax year`);
  } else if (birthDate > today.toISOString().slice(0, 10)) {
    add(path, 'BIRTH_DATE_IN_FUTURE', 'must not be in the future');
  }
}

/** How spouses are assessed, the first figure of the protocol. */
export function assessmentFigures(root: XmlElement): KeyFigure[] {
  const assessment = element(element(element(root.ESt1A)?.Allg)?.Vlg_Art);
  return [
    ...(assessment?.[e10.jointAssessment] !== undefined ? [{ label: 'Veranlagungsart', value: 'Zusammenveranlagung' }] : []),
    ...(assessment?.[e10.separateAssessment] !== undefined ? [{ label: 'Veranlagungsart', value: 'Einzelveranlagung von Ehegatten' }] : []),
  ];
}

/**
 * The protocol's rows of ESt 1 A: how spouses are assessed, the marital status with its dates, the
 * wage replacement benefits of § 32b EStG per person line by line with their sum, and the phone.
 */
export function mainFormFigures(root: XmlElement, hasTwoPersons: boolean): KeyFigure[] {
  const form = element(root.ESt1A);
  const allg = element(form?.Allg);
  const a = element(allg?.A);
  const status = (
    [
      [e10.marriedSince, 'verheiratet seit'],
      [ids.widowedSince, 'verwitwet seit'],
      [ids.divorcedSince, 'geschieden seit'],
      [ids.separatedSince, 'dauernd getrennt seit'],
    ] as const
  ).flatMap(([id, label]) => (field(a, id) === undefined ? [] : [`${label} ${field(a, id)}`]));
  const benefits = elements(form?.Eink_Ers).flatMap((instance) => {
    const suffix = hasTwoPersons ? (field(instance, 'Person') === 'PersonB' ? ' (Person B)' : ' (Person A)') : '';
    const inl = element(instance.Inl);
    const lines = elements(inl?.Einz).flatMap((line) => {
      const amount = amountCents(field(line, ids.wageReplacement.amount) ?? '');
      return amount === undefined ? [] : [{ label: `${field(line, ids.wageReplacement.description) ?? ''}${suffix}`, value: germanEuros(amount, true) }];
    });
    const total = amountCents(field(element(inl?.Sum), ids.wageReplacement.total) ?? '');
    return [...lines, ...(total === undefined ? [] : [{ label: `Summe § 32b EStG${suffix}`, value: germanEuros(total, true) }])];
  });
  const phone = field(allg, ids.phone);
  const rows: KeyFigure[] = [
    ...assessmentFigures(root),
    ...(status.length > 0 ? [{ label: 'Familienstand', value: status.join(', ') }] : []),
    ...benefits,
    ...(phone === undefined ? [] : [{ label: 'Telefon', value: phone }]),
  ];
  return rows.length > 0 ? [{ label: 'Hauptvordruck (ESt 1 A)', value: '' }, ...rows.map((row) => ({ ...row, label: `  ${row.label}` }))] : [];
}

/** A read-back address: the fields of `role` within `from`. */
function addressOf(from: XmlElement, role: PersonRef): Address | undefined {
  const fields = e10.person[role];
  const abroad = ids.person[role];
  const street = field(from, fields.street);
  if (street === undefined) return undefined;
  const number = field(from, fields.houseNumber);
  const suffix = field(from, fields.houseNumberSuffix);
  const country = field(from, abroad.country);
  return defined({
    street,
    house_number: number === undefined ? undefined : suffix === undefined ? number : `${number}${suffix}`,
    postal_code: field(from, country === undefined ? fields.postalCode : abroad.foreignPostalCode) ?? '',
    city: field(from, fields.city) ?? '',
    country,
  });
}

/** Person A or B of a caller's ESt1A; the IdNr, which the Vorsatz carries, is the caller's to add where it is missing. */
function personOf(from: XmlElement, role: PersonRef, idnr: string | undefined, taxpayerAddress?: Address): Partial<Person> {
  const fields = e10.person[role];
  const more = ids.person[role];
  const religion = field(from, fields.religion);
  const ownAddress = element(from.Abw_Anschr);
  return defined({
    idnr,
    first_name: field(from, fields.firstName),
    last_name: field(from, fields.lastName),
    title: field(from, more.title),
    birth_date: isoDateOf(field(from, fields.birthDate) ?? ''),
    religion: religion === undefined ? undefined : Object.keys(religionKeys).find((key) => religionKeys[key] === religion),
    profession: field(from, more.profession),
    address: ownAddress ? addressOf(ownAddress, role) : (addressOf(from, role) ?? taxpayerAddress),
  });
}

/** The request fields of a caller's ESt1A. */
export function readMainForm(root: XmlElement, idnrs: { taxpayer?: string; spouse?: string }): Partial<EstReturn> {
  const form = element(root.ESt1A);
  const allg = element(form?.Allg);
  const a = element(allg?.A) ?? {};
  const b = element(allg?.B);
  const taxpayer = personOf(a, 'taxpayer', idnrs.taxpayer);
  const assessment = element(allg?.Vlg_Art);
  const bank = element(allg?.BV);
  const holder = element(bank?.Kto_Inh);
  const iban = field(bank, e10.ibanGerman) ?? field(bank, e10.ibanForeign);
  const advisor = element(form?.Mitwirk);
  const perPersonOf = <T>(node: XmlNode | undefined, read: (instance: XmlElement) => T | undefined) => {
    const entries = elements(node).flatMap((instance) => {
      const value = read(instance);
      const person = field(instance, 'Person') === 'PersonB' ? 'spouse' : 'taxpayer';
      return value === undefined ? [] : [[person, value] as const];
    });
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  };
  const dateOf = (id: string) => isoDateOf(field(a, id) ?? '');
  return defined({
    taxpayer: taxpayer as Person,
    // From 2023 Person B's address is written only where it differs from Person A's (E10-2023.xsd).
    spouse: b ? (personOf(b, 'spouse', idnrs.spouse, Number(root['@_version']) >= 2023 ? taxpayer.address : undefined) as Person) : undefined,
    joint_assessment: assessment ? field(assessment, e10.jointAssessment) === 'X' : undefined,
    married_since: dateOf(e10.marriedSince),
    widowed_since: dateOf(ids.widowedSince),
    divorced_since: dateOf(ids.divorcedSince),
    separated_since: dateOf(ids.separatedSince),
    phone: field(allg, ids.phone),
    bank: iban === undefined ? undefined : { iban, account_holder: field(holder, e10.accountHolder.spouse) === 'X' ? 'spouse' : 'taxpayer' },
    no_bank_account: field(bank, ids.noBankAccount) === 'X' ? true : undefined,
    receipts_later: field(element(form?.Belege), ids.receiptsLater) === 'X' ? true : undefined,
    loss_carryforward: field(element(form?.Art_Erkl), ids.lossCarryforward) === 'X' ? true : undefined,
    savings_bonus: perPersonOf(form?.AN_Sp_Zul, (instance) => (field(instance, ids.savingsBonus) === '1' ? true : undefined)),
    wage_replacement_benefits: perPersonOf(form?.Eink_Ers, (instance) => {
      const lines = elements(element(instance.Inl)?.Einz).map((line) => ({
        description: field(line, ids.wageReplacement.description) ?? '',
        amount: amountOf(field(line, ids.wageReplacement.amount)) ?? '0',
      }));
      return lines.length > 0 ? lines : undefined;
    }),
    advisor: advisor
      ? defined({
          name: field(advisor, ids.advisor.name) ?? '',
          first_name: field(advisor, ids.advisor.firstName),
          address: field(advisor, ids.advisor.address),
          city: field(advisor, ids.advisor.city),
          phone: field(advisor, ids.advisor.phone),
        })
      : undefined,
    supplementary_information: field(element(form?.Erg_Ang), ids.supplementary),
  });
}
