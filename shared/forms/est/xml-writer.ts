// The income tax return as ELSTER's Nutzdaten element: the E10 structure of the ESt form of the
// tax year. Built as a tree and serialised by buildXml, so no caller text ever becomes markup.
//
// Sources of element names and field identifiers (E-numbers):
//   [E]   digitalservicebund/erica: erica/worker/elster_xml/est_mapping.py, elster_xml_generator.py,
//         erica/elster_xml/elster_xml_tree.py (E10 of 2021, used in production by the Steuerlotse).
//   [JL]  JumpLink/steuererklaerung: app/src/core/elster/est-xml.ts (E10 of 2025, checked by its
//         authors against ERiC 43.4.6).
//   [PUB] public E10 writers that validate against the official schema (E10-2024.xsd,
//         E10-2025.xsd) and quote it: the xs:sequence of E10_CType and of its forms, and the
//         fields marked so. Seen in excerpts that do not name their repository; [JL] agrees
//         wherever both show the same element.
//   [own] steuerbote's own choice where no public source shows the field; each says why.
import type { XmlElement } from '#shared/xml/xml.ts';
import { buildXml } from '#shared/xml/xml.ts';
import { elsterDate } from '#shared/tax/dates.ts';
import { formatEuros, toCents } from '#shared/tax/money.ts';
import type { Address, Amount, Employment, EstReturn, Person, PersonRef, TaxClass } from '#shared/forms/est/model.ts';
import { religionKeys } from '#shared/forms/est/model.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { houseNumberParts, streetLine } from '#shared/forms/est/limits.ts';
import { vorsatz as vorsatzFacts } from '#shared/forms/est/structure.ts';
import { textFactsOf } from '#shared/xml/structure.ts';
import { withMappedForms } from '#shared/forms/est/anlagen/mapped.ts';

export const estNamespace = (year: number) => `http://finkonsens.de/elster/elstererklaerung/est/e10/v${year}`;

const personTag: Record<PersonRef, string> = { taxpayer: 'PersonA', spouse: 'PersonB' };

// ELSTER wants whole euros on most lines; the official guidance says to round in the taxpayer's
// favour [JL, quoting the Mein-ELSTER help]: income down, expenses up.
const cents = (amount: Amount | undefined) => (amount === undefined ? 0 : toCents(amount));
const incomeEuros = (amountCents: number) => String(Math.floor(amountCents / 100));
const expenseEuros = (amountCents: number) => String(Math.ceil(amountCents / 100));
/** Euros and cents with a decimal comma and no thousands separator, as ELSTER writes them [E][JL]. */
const withCents = (amountCents: number) => formatEuros(amountCents).replace('.', ',');
const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

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

function mainForm(body: EstReturn): XmlElement {
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

function deductionCents(body: EstReturn, key: string): number {
  const amount = body.deductions?.[key];
  return amount === undefined ? 0 : toCents(amount);
}

function specialExpenses(body: EstReturn): XmlElement | undefined {
  const churchTax = deductionCents(body, 'church_tax_paid');
  const donations = deductionCents(body, 'donations');
  if (churchTax === 0 && donations === 0) return undefined;
  return {
    ...(churchTax > 0 && { KiSt: { Gezahlt: { Sum: { [e10.churchTaxPaid]: expenseEuros(churchTax) } } } }),
    // The sum of donations is Sum until 2022 (E10-2022.xsd) and Sum_Best from 2023 (E10-2023.xsd).
    ...(donations > 0 && {
      Zuw: { Sp_MB: { Foerd_st_beg_Zw_Inl: { [body.year >= 2023 ? 'Sum_Best' : 'Sum']: { [e10.donations]: expenseEuros(donations) } } } },
    }),
  };
}

function extraordinaryBurdens(body: EstReturn): XmlElement | undefined {
  const medical = deductionCents(body, 'medical_costs');
  if (medical === 0) return undefined;
  return { And_Aufw: { Krankh: { Sum: { [e10.medicalCosts]: expenseEuros(medical) } } } };
}

// § 35a needs the itemised lines, not only their sum [JL, ERiC plausibility]; the request has one
// amount each, so it becomes one line described as on the form [own].
function householdServices(body: EstReturn): XmlElement | undefined {
  const household = deductionCents(body, 'household_services');
  const craftsman = deductionCents(body, 'craftsman_services');
  if (household === 0 && craftsman === 0) return undefined;
  return {
    St_Erm: {
      ...(household > 0 && {
        Hhn_BV_DL: {
          Einz: { [e10.householdServicesDescription]: 'Haushaltsnahe Dienstleistungen', [e10.householdServicesAmount]: expenseEuros(household) },
          Sum: { [e10.householdServicesTotal]: expenseEuros(household) },
        },
      }),
      // Only labour, machine and travel costs count (§ 35a Abs. 5 Satz 2 EStG): the amount is read as those.
      ...(craftsman > 0 && {
        Handw_L: {
          Einz: { [e10.craftsmanServicesDescription]: 'Handwerkerleistungen', [e10.craftsmanServicesLabour]: expenseEuros(craftsman) },
          Sum: { [e10.craftsmanServicesTotal]: expenseEuros(craftsman) },
        },
      }),
    },
  };
}

type MoneyField = 'gross_wage' | 'income_tax_withheld' | 'solidarity_surcharge_withheld' | 'church_tax_withheld' | 'work_equipment';
const total = (jobs: Employment[], field: MoneyField) => sum(jobs.map((job) => cents(job[field])));

/** One line of wage tax statements summed; `taxClass` only on the line of classes 1 to 5. */
function wageStatementSum(
  jobs: Employment[],
  ids: { taxClass?: string; grossWage: string; incomeTax: string; solidaritySurcharge: string; churchTax: string },
  taxClass?: TaxClass,
): XmlElement {
  const incomeTax = total(jobs, 'income_tax_withheld');
  const solidarity = total(jobs, 'solidarity_surcharge_withheld');
  const churchTax = total(jobs, 'church_tax_withheld');
  return {
    ...(ids.taxClass && taxClass !== undefined && { [ids.taxClass]: String(taxClass) }),
    [ids.grossWage]: incomeEuros(total(jobs, 'gross_wage')),
    ...(incomeTax > 0 && { [ids.incomeTax]: withCents(incomeTax) }),
    ...(solidarity > 0 && { [ids.solidaritySurcharge]: withCents(solidarity) }),
    ...(churchTax > 0 && { [ids.churchTax]: withCents(churchTax) }),
  };
}

/** "PLZ Ort, Straße Nr.", the one text ELSTER takes for the first place of work [JL][PUB]. */
const workplaceText = (workplace: Address) =>
  `${workplace.postal_code} ${workplace.city}, ${workplace.house_number ? `${workplace.street} ${workplace.house_number}` : workplace.street}`;

/** Anlage N of one person: the wage tax statements summed by tax class, commuting per employment, work equipment on its own line. */
function employmentForm(body: EstReturn, person: PersonRef): XmlElement | undefined {
  const jobs = body.employment.filter((job) => job.person === person);
  if (jobs.length === 0) return undefined;
  const classes1To5 = jobs.filter((job) => job.tax_class !== 6);
  const class6 = jobs.filter((job) => job.tax_class === 6);
  const commutes = jobs
    .filter((job) => (job.commute_km ?? 0) > 0 && (job.office_days ?? 0) > 0)
    .map((job) => ({
      // The kind of place of work is asked from 2023 (E10-2023.xsd); 2022's form has no such field.
      ...(body.year >= 2023 && { [e10.commuteTarget]: '1' }),
      // A body stored before the workplace was asked for is sent without it, as it was accepted.
      ...(job.workplace && { [e10.workplaceAddress]: workplaceText(job.workplace) }),
      [e10.officeDays]: String(job.office_days),
      [e10.commuteKm]: String(job.commute_km),
    }));
  const equipment = total(jobs, 'work_equipment');
  return {
    Person: personTag[person],
    ArbL: {
      // One tax class for all statements in classes 1 to 5: the last one listed [own: the year's latest
      // statement; the rules point out a different one]. A body stored before the tax class was
      // asked for has none, and goes here.
      ...(classes1To5.length > 0 && { LStB_1_5_Sum: wageStatementSum(classes1To5, e10.wageStatements.LStB_1_5_Sum, classes1To5.at(-1)!.tax_class) }),
      ...(class6.length > 0 && { LStB_6_Sum: wageStatementSum(class6, e10.wageStatements.LStB_6_Sum) }),
    },
    ...((commutes.length > 0 || equipment > 0) && {
      Wk: {
        ...(commutes.length > 0 && { EP: { Erste_Taetig: commutes } }),
        ...(equipment > 0 && {
          Arbeitsmittel: {
            Einz: { [e10.workEquipmentDescription]: 'Arbeitsmittel', [e10.workEquipmentAmount]: expenseEuros(equipment) },
            Sum: { [e10.workEquipmentTotal]: expenseEuros(equipment) },
          },
        }),
      },
    }),
  };
}

/**
 * Anlage R of one person: statutory pensions (Leibr_gesetzl). Only the year a pension began
 * sets its taxable share (§ 22 Nr. 1 Satz 3 Buchst. a Doppelbuchst. aa EStG), so the start
 * date is written as 1 January of that year [own; [PUB] writers do the same].
 */
function pensionForm(body: EstReturn, person: PersonRef): XmlElement | undefined {
  const pensions = body.pensions.filter((pension) => pension.person === person);
  if (pensions.length === 0) return undefined;
  return {
    Person: personTag[person],
    Leibr_gesetzl: {
      Einz: pensions.map((pension) => ({
        [e10.pensionAmount]: incomeEuros(cents(pension.annual_amount)),
        ...(pension.start_year !== undefined && { [e10.pensionStart]: `01.01.${pension.start_year}` }),
      })),
    },
  };
}

function provisionExpenses(body: EstReturn): XmlElement | undefined {
  const health = deductionCents(body, 'health_insurance');
  if (health === 0) return undefined;
  return { Beitr_g_KV_PV_Inl: { Person: personTag.taxpayer, AN: { [e10.healthInsurance]: expenseEuros(health) } } };
}

/** One element per person, or none; repeated elements are arrays for buildXml. */
function perPerson(build: (person: PersonRef) => XmlElement | undefined): XmlElement[] | undefined {
  const forms = (['taxpayer', 'spouse'] as const).map(build).filter((form) => form !== undefined);
  return forms.length > 0 ? forms : undefined;
}

/**
 * The forms of the return in E10's order [PUB]: ESt1A, SA, AgB, HA_35a, N, R, VOR. Without the
 * Vorsatz, which only frames them; the key figures of the protocol are read from this tree.
 */
function estForms(body: EstReturn): XmlElement {
  const forms: Record<string, XmlElement | XmlElement[] | undefined> = {
    ESt1A: mainForm(body),
    SA: specialExpenses(body),
    AgB: extraordinaryBurdens(body),
    HA_35a: householdServices(body),
    N: perPerson((person) => employmentForm(body, person)),
    R: perPerson((person) => pensionForm(body, person)),
    VOR: provisionExpenses(body),
  };
  return withMappedForms(body, forms);
}

/** At most as many characters as the Vorsatz's sender line `element` takes: shorter than the names and address it shows. */
const senderLine = (element: string, text: string) => [...text].slice(0, textFactsOf(vorsatzFacts, element).maxLength).join('');

/**
 * The Vorsatz closes E10: who files, for which year, and how the notice comes back [E][JL]. Its
 * sender lines (Abs…) are clipped to the schema's lengths (structure.ts) and a postal code
 * other than five German digits is left out [own]: the taxpayer's full name and address travel
 * in ESt1A, and a longer sender line would make ERiC refuse the whole return.
 */
function vorsatz(body: EstReturn, createdAt: Date): XmlElement {
  const taxpayer = body.taxpayer;
  const address = taxpayer.address;
  const spouse = body.joint_assessment ? (body.spouse ?? undefined) : undefined;
  return {
    Unterfallart: '10',
    Vorgang: '01',
    ...(body.tax_number && { StNr: body.tax_number }),
    ID: taxpayer.idnr,
    ...(spouse && { IDEhefrau: spouse.idnr }),
    Zeitraum: String(body.year),
    AbsName: senderLine('AbsName', `${taxpayer.last_name} ${taxpayer.first_name}`),
    ...(address && {
      AbsStr: senderLine('AbsStr', address.house_number ? `${address.street} ${address.house_number}` : address.street),
      ...(textFactsOf(vorsatzFacts, 'AbsPlz').pattern!.test(address.postal_code) && { AbsPlz: address.postal_code }),
      AbsOrt: senderLine('AbsOrt', address.city),
    }),
    Copyright: `(C) ${createdAt.getUTCFullYear()} steuerbote`,
    // "S": identified by tax number; "O": a first return, which names its tax office in the transfer header only [E].
    OrdNrArt: body.tax_number ? 'S' : 'O',
    Rueckuebermittlung: { Bescheid: '2' },
  };
}

/**
 * The E10 Nutzdaten element of a return that passed `estFindings`. The manufacturer ID travels in
 * the transfer header, not in E10; it is accepted here so every Nutzdaten builder takes the same options.
 */
export function estNutzdaten(body: EstReturn, options: { herstellerId: string; createdAt: Date }): string {
  return buildXml({
    E10: {
      '@_version': String(body.year),
      '@_xmlns': estNamespace(body.year),
      ...estForms(body),
      Vorsatz: vorsatz(body, options.createdAt),
    },
  });
}
