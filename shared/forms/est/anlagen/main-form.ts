// ESt 1 A, the main form: the persons, how they are assessed, the account. Its request fields, how
// they are checked, written and shown. Sources as in xml-writer.ts.
import * as z from 'zod/mini';
import { idnr, isoDate, text } from '#shared/forms/fields.ts';
import type { XmlElement } from '#shared/xml/xml.ts';
import { elsterDate } from '#shared/tax/dates.ts';
import type { Address, EstReturn, Person, PersonRef } from '#shared/forms/est/model.ts';
import { religionKeys } from '#shared/forms/est/model.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { houseNumberParts, streetLine } from '#shared/forms/est/limits.ts';
import { address } from '#shared/forms/est/schema-parts.ts';
import type { Add, Context } from '#shared/forms/est/rule-parts.ts';
import { element, type KeyFigure } from '#shared/forms/est/read-parts.ts';

export const personSchema = z.strictObject({
  idnr,
  first_name: text(100, 1),
  last_name: text(100, 1),
  birth_date: isoDate,
  religion: z.optional(text(20)),
  address: z.optional(address),
});

/** A person's address fields; the limits of its year's schema (limits.ts) have been checked. */
function addressFields(address: Address, role: PersonRef): XmlElement {
  const ids = e10.person[role];
  const house = houseNumberParts(address.house_number);
  return {
    [ids.street]: streetLine(address),
    ...(house.number && { [ids.houseNumber]: house.number }),
    ...(house.suffix && { [ids.houseNumberSuffix]: house.suffix }),
    [ids.postalCode]: address.postal_code,
    [ids.city]: address.city,
  };
}

const sameAddress = (one: Address | undefined, other: Address | undefined) =>
  one !== undefined &&
  other !== undefined &&
  (['street', 'house_number', 'postal_code', 'city'] as const).every((field) => (one[field] ?? '').trim() === (other[field] ?? '').trim());

/**
 * A person's fields. Person B's address stands among them until 2022; from 2023 it goes in
 * Abw_Anschr, the last element of B, and only where it differs from Person A's (E10-2023.xsd).
 */
function personFields(person: Person, role: PersonRef, body: EstReturn): XmlElement {
  const ids = e10.person[role];
  const address = person.address;
  const religion = person.religion !== undefined && Object.hasOwn(religionKeys, person.religion) ? religionKeys[person.religion] : undefined;
  const ownAddress = role === 'spouse' && body.year >= 2023;
  return {
    [ids.birthDate]: elsterDate(person.birth_date),
    [ids.lastName]: person.last_name,
    [ids.firstName]: person.first_name,
    ...(religion && { [ids.religion]: religion }),
    ...(address && !ownAddress && addressFields(address, role)),
    ...(address && ownAddress && !sameAddress(address, body.taxpayer.address) && { Abw_Anschr: addressFields(address, role) }),
  };
}

export function mainForm(body: EstReturn): XmlElement {
  const spouse = body.spouse ?? undefined;
  const bank = body.bank;
  const assessment = spouse && { Vlg_Art: { [body.joint_assessment ? e10.jointAssessment : e10.separateAssessment]: 'X' } };
  return {
    Art_Erkl: { [e10.incomeTaxReturn]: 'X' },
    // Allg: A, B, Vlg_Art, BV until 2022 (E10-2022.xsd); A, Vlg_Art, B, BV from 2023 (E10-2023.xsd, E10-2024.xsd).
    Allg: {
      // The marriage date is the couple's and stands with Person A [E].
      A: { ...personFields(body.taxpayer, 'taxpayer', body), ...(body.married_since && { [e10.marriedSince]: elsterDate(body.married_since) }) },
      ...(body.year >= 2023 && assessment),
      ...(spouse && { B: personFields(spouse, 'spouse', body) }),
      ...(body.year < 2023 && assessment),
      ...(bank && {
        BV: {
          [bank.iban.startsWith('DE') ? e10.ibanGerman : e10.ibanForeign]: bank.iban,
          Kto_Inh: { [e10.accountHolder[bank.account_holder]]: 'X' },
        },
      }),
    },
  };
}

/** The rules of the persons and their marriage. */
export function checkMainForm(context: Context, today: Date) {
  const { body, spouse, add } = context;
  if (!body.taxpayer) add('taxpayer', 'TAXPAYER_REQUIRED', 'is required: the person who files the return');
  else checkPerson(body.taxpayer, 'taxpayer', body.year, today, add);

  if (body.joint_assessment && !spouse) add('spouse', 'SPOUSE_REQUIRED', 'is required for a joint assessment (Zusammenveranlagung)');
  if (spouse) {
    checkPerson(spouse, 'spouse', body.year, today, add);
    if (body.taxpayer && spouse.idnr === body.taxpayer.idnr)
      add('spouse.idnr', 'IDNR_SAME_AS_TAXPAYER', "must be the spouse's own tax identification number, not the taxpayer's");
  }
  checkMarriedSince(body, spouse, today, add);
}

function checkPerson(person: Person, at: PersonRef, year: number, today: Date, add: Add) {
  for (const field of ['first_name', 'last_name'] as const) {
    if (!person[field]?.trim()) add(`${at}.${field}`, 'NAME_REQUIRED', 'must not be empty');
  }
  checkBirthDate(person.birth_date, `${at}.birth_date`, year, today, add);

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
