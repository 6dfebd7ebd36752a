// The generated matrix of request bodies the XSD suite writes and validates: per form, year the
// service accepts, filing type and assessment, one body with every optional element present (at
// its maximum count where it repeats, texts at the longest the request admits) and one per optional
// block alone. Which years are accepted depends on "today", which the test configuration fixes
// (STEUERBOTE_TODAY in vitest.config.ts), so the matrix is the same on any day.
import { acceptedYears } from '#shared/forms/facts.ts';
import { ustvaTypes, type Kind, type UstvaType } from '#shared/domain/ticket.ts';
import { today } from '#shared/config.ts';
import * as z from 'zod/mini';
import { componentSchemas } from '#shared/openapi/schemas.ts';
import { advisorClientSchema, partySchema } from '#shared/forms/ustva/parties.ts';
import { ustvaForm, ustvaPairs } from '#shared/forms/ustva/kennzahlen.ts';
import { expectedKz83 } from '#shared/forms/ustva/rules.ts';
import { formatEuros } from '#shared/tax/money.ts';
import { estLimits } from '#shared/forms/est/limits.ts';
import { supportedDeductions } from '#shared/forms/est/model.ts';
import { lineKinds, maxLines, zmPeriods } from '#shared/forms/zm/model.ts';
import { addressLengths } from '#shared/forms/zm/structure.ts';
import { periodOpens } from '#shared/forms/zm/rules.ts';

export interface MatrixBody {
  name: string;
  kind: Kind;
  body: Record<string, unknown> & { year: number };
}

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  maxLength?: number;
  pattern?: string;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

/**
 * The longest text a field of the request admits (its maxLength in the OpenAPI document): letters
 * of ELSTER's character set, or digits where the field asks for them, as the field's own schema
 * decides where it is given.
 */
function longest(field: JsonSchema, own?: z.ZodMiniType): string {
  const max = field.maxLength ?? 20;
  const patterns = [field, ...(field.allOf ?? [])].flatMap((part) => (part.pattern ? [new RegExp(part.pattern)] : []));
  const candidates = ['Müller-Lüdenscheidt '.repeat(10).slice(0, max).trimEnd().padEnd(max, 'x'), '1'.repeat(max)];
  const fitting = candidates.find((candidate) => patterns.every((pattern) => pattern.test(candidate)) && (!own || z.safeParse(own, candidate).success));
  if (fitting === undefined) throw new Error(`no sample text for ${JSON.stringify(field)}`);
  return fitting;
}

/** Every field of an object of the request schema, each at its longest. */
const longestObject = (schema: JsonSchema, own?: { shape: Record<string, z.ZodMiniType> }) =>
  Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, field]) => [name, longest(field, own?.shape[name])]));

const ustvaRequest = componentSchemas().UstvaSubmission as JsonSchema;
const ustvaField = (name: string) => {
  const field = ustvaRequest.properties?.[name];
  if (!field) throw new Error(`the UStVA request has no field ${name}`);
  return field;
};
// A party may give one kind of address only (ERiC's rules Unternehmer_Anschrift and Berater_Anschrift,
// shared/forms/ustva/parties.ts): each kind leaves out the fields of the others.
const streetFields = ['street', 'house_number', 'house_number_suffix', 'address_supplement'];
const poBoxFields = ['po_box', 'po_box_postal_code', 'po_box_city'];
const addressKinds: Record<string, readonly string[]> = {
  'a street address': ['foreign_postal_code', 'country', ...poBoxFields, 'large_customer_postal_code'],
  'an address abroad': ['postal_code', ...poBoxFields, 'large_customer_postal_code'],
  'a post box': [...streetFields, 'postal_code', 'foreign_postal_code', 'country', 'city', 'large_customer_postal_code'],
  'a large customer postal code': [...streetFields, 'postal_code', 'foreign_postal_code', 'country', ...poBoxFields],
};
const withAddress = (party: Record<string, string>, kind: string) =>
  Object.fromEntries(Object.entries(party).filter(([field]) => !addressKinds[kind]!.includes(field)));
const longestParty = (name: string) => longestObject(ustvaField(name), partySchema);
/** Each party at its longest, the business and the advisor once with each kind of address. */
const partyVariants: [string, string, Record<string, string>][] = [
  ...['business', 'advisor'].flatMap((party) =>
    Object.keys(addressKinds).map((kind): [string, string, Record<string, string>] => [`${party} with ${kind}`, party, withAddress(longestParty(party), kind)]),
  ),
  ['advisor_client', 'advisor_client', longestObject(ustvaField('advisor_client'), advisorClientSchema)],
];
const parties = Object.fromEntries(
  partyVariants.filter(([name]) => !name.includes(' with ') || name.endsWith('a street address')).map(([, party, value]) => [party, value]),
);
const supplier = longestObject(ustvaField('supplier'));
const supplementaryText = longest(ustvaField('flags').properties!.supplementary_text!);

/** Which flags each filing has (shared/forms/ustva/schema.ts). */
const flagsOf: Record<UstvaType, readonly string[]> = {
  voranmeldung: ['corrected', 'documents_separate', 'direct_debit_revoked', 'refund_offset', 'supplementary'],
  dauerfristverlaengerung: ['supplementary'],
  sondervorauszahlung: ['corrected', 'direct_debit_revoked', 'refund_offset', 'supplementary'],
};
// Kz 29 goes with a correction (ERiC's rules UStVA_KZ29_bei_positiver_Kz83 and Svz_Kz29_ohne_Kz10).
const flagValues = (flag: string) =>
  flag === 'supplementary'
    ? { supplementary: true, supplementary_text: supplementaryText }
    : flag === 'refund_offset'
      ? { refund_offset: true, corrected: true }
      : { [flag]: true };

/** Kennzahlen with Kz 83 as the form computes it. */
function withKz83(year: number, kennzahlen: Record<string, number | string>) {
  return { ...kennzahlen, kz83: formatEuros(expectedKz83(year, kennzahlen)) };
}

function kennzahlValue(year: number, kz: string): number | string {
  const spec = ustvaForm(year)!.get(kz)!;
  if (spec.kind === 'date') return `${year}-03-01`;
  return spec.kind === 'base' ? 12345 : '678.90';
}

/** Each Kennzahl with the one it pairs with. */
function kennzahlGroups(year: number): string[][] {
  const groups: string[][] = [];
  for (const kz of ustvaForm(year)!.keys()) {
    if (kz === '83') continue;
    const pair = ustvaPairs.find((candidate) => candidate.includes(kz));
    if (pair && pair[1] === kz) continue;
    groups.push(pair ? [...pair] : [kz]);
  }
  return groups;
}

function ustvaBodies(year: number, type: UstvaType): MatrixBody[] {
  const base = { test: true, year, type, tax_number: '9198011310010', supplier, ...(type === 'voranmeldung' && { period: '01' }) };
  const figures = (kennzahlen: Record<string, number | string>) => ({ kennzahlen: withKz83(year, kennzahlen) });
  const every = Object.fromEntries([...ustvaForm(year)!.keys()].filter((kz) => kz !== '83').map((kz) => [`kz${kz}`, kennzahlValue(year, kz)]));
  const content =
    type === 'voranmeldung' ? figures({ kz81: 1000 }) : type === 'sondervorauszahlung' ? { kennzahlen: { kz38: 1200 } } : ({} as Record<string, unknown>);
  const body = (name: string, extra: Record<string, unknown>): MatrixBody => ({
    name: `UStVA ${year} ${type}: ${name}`,
    kind: 'ustva',
    body: { ...base, ...extra },
  });
  const bodies = [
    body('every optional element', {
      ...(type === 'voranmeldung' ? figures(every) : content),
      flags: Object.assign({}, ...flagsOf[type].map(flagValues)),
      ...parties,
      ...(year >= 2025 && { widnr: 'DE123456789' }),
    }),
    body('nothing optional', content),
    ...flagsOf[type].map((flag) => body(`flag ${flag} alone`, { ...content, flags: flagValues(flag) })),
    ...partyVariants.map(([name, party, value]) => body(`${name} alone`, { ...content, [party]: value })),
  ];
  if (year >= 2025) bodies.push(body('widnr alone', { ...content, widnr: 'DE123456789' }));
  if (type === 'voranmeldung')
    bodies.push(
      ...kennzahlGroups(year).map((group) =>
        body(`Kz ${group.join('/')} alone`, figures(Object.fromEntries(group.map((kz) => [`kz${kz}`, kennzahlValue(year, kz)])))),
      ),
    );
  if (type === 'sondervorauszahlung') bodies.push(body('Kz 38 computed from last year', { prepayments_prior_year: '13200.00' }));
  return bodies;
}

const assessments = ['single', 'joint', 'separate'] as const;
type Assessment = (typeof assessments)[number];

function estBodies(year: number, assessment: Assessment): MatrixBody[] {
  const limits = estLimits(year);
  const text = (max: number, start: string) => `${start}${'x'.repeat(max)}`.slice(0, max);
  const address = (street: string, city: string) => ({
    street: text(limits.street, street),
    house_number: `${'9'.repeat(limits.houseNumberDigits)}${'b'.repeat(limits.houseNumberSuffix)}`,
    postal_code: '80331',
    city: text(limits.city, city),
  });
  const taxpayer = {
    idnr: '04452397687',
    first_name: text(limits.name, 'Erika'),
    last_name: text(limits.name, 'Mustermann'),
    birth_date: '1960-05-17',
    religion: 'ev',
    address: address('Hauptstraße', 'München'),
  };
  const spouse = { ...taxpayer, idnr: '02476291358', first_name: text(limits.name, 'Max'), birth_date: '1962-08-01', religion: 'rk' };
  const married = assessment !== 'single';
  const earners = assessment === 'joint' ? (['taxpayer', 'spouse'] as const) : (['taxpayer'] as const);
  const workplace = { street: 'Boltzmannstr.', house_number: '3', postal_code: '85748', city: 'Garching' };
  const job = (person: string, index: number) => ({
    person,
    tax_class: index % 5 === 4 ? 6 : married ? 4 : 1,
    gross_wage: '30000.49',
    income_tax_withheld: '4000.10',
    solidarity_surcharge_withheld: '20.05',
    church_tax_withheld: '300.99',
    commute_km: 25,
    office_days: 10,
    workplace,
    work_equipment: '110.10',
  });
  const pension = (person: string) => ({ person, annual_amount: '14000.50', start_year: 2015 });
  const base = {
    test: true,
    year,
    tax_number: '9198011310010',
    taxpayer,
    ...(married && { spouse: { ...spouse, address: address('Nebenweg', 'Augsburg') }, joint_assessment: assessment === 'joint', married_since: '1990-06-15' }),
  };
  // The request takes 20 employments and 20 pensions; a person's pensions are capped by the schema (limits.ts).
  const pensionsEach = Math.min(limits.pensionsPerPerson, Math.floor(20 / earners.length));
  const body = (name: string, extra: Record<string, unknown>): MatrixBody => ({
    name: `E10 ${year} ${assessment}: ${name}`,
    kind: 'est',
    body: { ...base, ...extra },
  });
  const deduction = (key: string) => (key === 'health_insurance' ? '99999.00' : '1234.56');
  const bodies = [
    body('every optional element', {
      bank: { iban: 'DE02120300000000202051', account_holder: married ? 'spouse' : 'taxpayer' },
      employment: Array.from({ length: 20 }, (_, index) => job(earners[index % earners.length]!, index)),
      pensions: earners.flatMap((person) => Array.from({ length: pensionsEach }, () => pension(person))),
      deductions: Object.fromEntries(supportedDeductions.map((key) => [key, deduction(key)])),
    }),
    body('nothing optional', { taxpayer: { ...taxpayer, address: undefined, religion: undefined } }),
    body('bank alone', { bank: { iban: 'DE02120300000000202051', account_holder: 'taxpayer' } }),
    body('a foreign account alone', { bank: { iban: 'AT611904300234573201', account_holder: 'taxpayer' } }),
    body('a wage alone', { employment: [{ person: 'taxpayer', tax_class: 1, gross_wage: '45000.00' }] }),
    body('a wage in tax class 6 alone', { employment: [{ person: 'taxpayer', tax_class: 6, gross_wage: '6000.00', income_tax_withheld: '1100.00' }] }),
    body('a commute alone', { employment: [{ person: 'taxpayer', tax_class: 1, gross_wage: '45000.00', commute_km: 18, office_days: 205, workplace }] }),
    body('work equipment alone', { employment: [{ person: 'taxpayer', tax_class: 1, gross_wage: '45000.00', work_equipment: '250.00' }] }),
    body('a pension alone', { pensions: [pension('taxpayer')] }),
    body('a house number without digits', {
      taxpayer: { ...taxpayer, address: { street: 'Am Markt', house_number: 'A', postal_code: '80331', city: 'München' } },
    }),
    ...supportedDeductions.map((key) => body(`deduction ${key} alone`, { deductions: { [key]: deduction(key) } })),
  ];
  if (married)
    bodies.push(
      body('spouse without an address', { spouse: { ...spouse, address: undefined } }),
      body("spouse at the taxpayer's address", { spouse: { ...spouse, address: taxpayer.address } }),
      body('spouse living elsewhere', { spouse: { ...spouse, address: address('Nebenweg', 'Augsburg') } }),
    );
  if (assessment === 'joint') bodies.push(body("the spouse's wage alone", { employment: [{ person: 'spouse', tax_class: 5, gross_wage: '18000.00' }] }));
  return bodies;
}

/** Every period of a ZM that has begun by `day`, and lines of every kind at the most the request takes. */
function zmBodies(year: number, day: string): MatrixBody[] {
  const text = (element: keyof typeof addressLengths, start: string) => `${start}${'x'.repeat(addressLengths[element])}`.slice(0, addressLengths[element]);
  const business = {
    name: text('name', 'Muster GmbH'),
    street: text('strasse', 'Hauptstraße'),
    city: text('ort', 'München'),
    postal_code: '80331',
    country: 'DE',
  };
  const everyField = {
    ...business,
    address_supplement: text('adresszusatz', 'Hinterhaus'),
    house_number: text('hausnr', '12'),
    house_number_suffix: text('hausnrzusatz', 'a'),
    phone: '+49 (89) 123-456/78',
  };
  // A customer of each form (shared/tax/vat-id.ts), numbered so that no two lines repeat one.
  const digits = (index: number, length: number) => String(index).padStart(length, '0');
  const customers = [
    (index: number) => `ATU${digits(index, 8)}`,
    (index: number) => `BE0${digits(index, 9)}`,
    (index: number) => `PL${digits(index, 10)}`,
    (index: number) => `FRAB${digits(index, 9)}`,
    (index: number) => `NL${digits(index, 9)}B01`,
    (index: number) => `EL${digits(index, 9)}`,
    (index: number) => `IE${digits(index, 7)}WA`,
    (index: number) => `XI${digits(index, 12)}`,
  ];
  const kinds = Object.keys(lineKinds) as (keyof typeof lineKinds)[];
  const body = (name: string, extra: Record<string, unknown>): MatrixBody => ({
    name: `ZM ${year}: ${name}`,
    kind: 'zm',
    body: {
      test: true,
      year,
      vat_id: 'DE136695976',
      period: '41',
      business,
      lines: [{ customer_vat_id: 'ATU13585627', amount: 1000, kind: 'goods' }],
      ...extra,
    },
  });
  const begun = zmPeriods.filter((period) => periodOpens(year, period) <= day);
  return [
    body('every optional element', { business: everyField, flags: { corrected: true, monthly_notice: false, monthly_revoked: true } }),
    body(`the most lines (${maxLines})`, {
      lines: Array.from({ length: maxLines }, (_, index) => {
        const customer = customers[index % customers.length]!(index + 1);
        // Northern Ireland's IDs are reported for goods only.
        return {
          customer_vat_id: customer,
          amount: index % 2 ? -99_999_999_999 : 99_999_999_999,
          kind: customer.startsWith('XI') ? 'goods' : kinds[index % kinds.length],
        };
      }),
      flags: { corrected: true },
    }),
    body('a business abroad', { business: { name: 'Muster SARL', street: 'Rue de la Paix', city: 'Paris', country: 'FR' } }),
    body('the monthly notice', { period: '01', flags: { monthly_notice: true } }),
    ...begun.map((period) => body(`period ${period}`, { period })),
  ];
}

/** The whole matrix for the day the tests fix. */
export function matrix(): MatrixBody[] {
  const day = today();
  return [
    ...acceptedYears('ustva', day).flatMap((year) => ustvaTypes.flatMap((type) => ustvaBodies(year, type))),
    ...acceptedYears('est', day).flatMap((year) => assessments.flatMap((assessment) => estBodies(year, assessment))),
    ...acceptedYears('zm', day).flatMap((year) => zmBodies(year, day)),
  ];
}
