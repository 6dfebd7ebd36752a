// The generated matrix of request bodies the XSD suite writes and validates: per form, year the
// service accepts, filing type and assessment, one body with every optional element present (at
// its maximum count where it repeats, texts at the longest the request admits) and one per optional
// block alone; the E10 Anlagen are generated from their descriptions (est-anlagen.ts). Which years
// are accepted depends on "today", which the test configuration fixes (STEUERBOTE_TODAY in
// vitest.config.ts), so the matrix is the same on any day.
import { acceptedYears, kinds } from '#shared/forms/registry.ts';
import type { Kind } from '#shared/domain/ticket.ts';
import { ustvaTypes, type UstvaType } from '#shared/forms/ustva/facts.ts';
import { today } from '#shared/config.ts';
import * as z from 'zod/mini';
import { componentSchemas } from '#shared/openapi/schemas.ts';
import { requestExamples } from '#shared/openapi/examples.ts';
import { advisorClientSchema, partySchema } from '#shared/forms/parties.ts';
import { ustvaForm, ustvaPairs } from '#shared/forms/ustva/kennzahlen.ts';
import { expectedKz83 } from '#shared/forms/ustva/rules.ts';
import { formatEuros } from '#shared/tax/money.ts';
import { estLimits } from '#shared/forms/est/limits.ts';
import { supportedDeductions } from '#shared/forms/est/model.ts';
import { estAnlagen } from '#test/oracle/est-anlagen.ts';
import { estParts } from '#test/oracle/est-parts.ts';
import { ustExample } from '#shared/forms/ust/openapi.ts';
import { kstExample } from '#shared/forms/kst/openapi.ts';
import { kstParts } from '#shared/forms/kst/schema.ts';
import { kstSchemaStructure } from '#shared/forms/kst/structure.ts';
import { gewstExample } from '#shared/forms/gewst/openapi.ts';
import { gewstSchemaStructure } from '#shared/forms/gewst/structure.ts';
import { readParts } from '#shared/forms/element-body.ts';
import { ustSchemaStructure } from '#shared/forms/ust/structure.ts';
import { readXml } from '#shared/xml/xml.ts';
import type { CompactStructure } from '#shared/xml/structure.ts';
import { euerExample } from '#shared/forms/euer/openapi.ts';
import { euerSchemaStructure } from '#shared/forms/euer/structure.ts';
import { elsterDir } from '#test/support/elster.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lstaFlags, lstaKennzahlen, splitTotals } from '#shared/forms/lsta/kennzahlen.ts';
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
      ...(year >= 2025 && { widnr: 'DE123456788' }),
    }),
    body('nothing optional', content),
    ...flagsOf[type].map((flag) => body(`flag ${flag} alone`, { ...content, flags: flagValues(flag) })),
    ...partyVariants.map(([name, party, value]) => body(`${name} alone`, { ...content, [party]: value })),
  ];
  if (year >= 2025) bodies.push(body('widnr alone', { ...content, widnr: 'DE123456788' }));
  if (type === 'voranmeldung')
    bodies.push(
      ...kennzahlGroups(year).map((group) =>
        body(`Kz ${group.join('/')} alone`, figures(Object.fromEntries(group.map((kz) => [`kz${kz}`, kennzahlValue(year, kz)])))),
      ),
    );
  if (type === 'sondervorauszahlung') bodies.push(body('Kz 38 computed from last year', { prepayments_prior_year: '13200.00' }));
  return bodies;
}

export const assessments = ['single', 'joint', 'separate'] as const;
type Assessment = (typeof assessments)[number];

/** The E10 bodies of `year` for one kind of assessment: also what scripts/est-fields/ counts the reachable fields by. */
export function estBodies(year: number, assessment: Assessment): MatrixBody[] {
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
  // The Anlagen of the map, apart from the deductions and pensions above: a body gives one form once.
  const anlagen = estAnlagen(year, married, [taxpayer.idnr, ...(married ? [spouse.idnr] : [])]);
  // The relief for single parents is refused beside a joint assessment (SINGLE_PARENT_JOINT, anlagen/kind.ts).
  if (assessment === 'joint')
    for (const child of [anlagen.every, ...anlagen.each.map(([, value]) => value)].flatMap((value) => (value.children ?? []) as Record<string, unknown>[]))
      delete child.single_parent;
  // Payments to avoid a pension equalisation take one recipient until 2023 (anlagen/sa-further.ts).
  const further = (anlagen.every.special_expenses as { further_expenses?: { equalisation_avoidance?: unknown[] } } | undefined)?.further_expenses;
  if (year < 2024 && further?.equalisation_avoidance) further.equalisation_avoidance = further.equalisation_avoidance.slice(0, 1);
  // 2022's form takes one building of energy-saving measures (anlagen/em-35c.ts).
  const renovation = anlagen.every.energy_renovation as { buildings?: unknown[] } | undefined;
  if (year <= 2022 && renovation?.buildings) renovation.buildings = renovation.buildings.slice(0, 1);
  bodies.push(body('every Anlage at its largest', anlagen.every), ...anlagen.each.map(([key, value]) => body(`${key} alone, every field once`, value)));
  // The main form beside the persons, Anlage N and Vorsorgeaufwand, generated from the request schema.
  const parts = estParts(base);
  bodies.push(body('main form, Anlage N and Vorsorgeaufwand at their largest', parts.every), ...parts.each.map(([key, value]) => body(`${key} alone`, value)));
  if (married)
    bodies.push(
      body('spouse without an address', { spouse: { ...spouse, address: undefined } }),
      body("spouse at the taxpayer's address", { spouse: { ...spouse, address: taxpayer.address } }),
      body('spouse living elsewhere', { spouse: { ...spouse, address: address('Nebenweg', 'Augsburg') } }),
    );
  if (assessment === 'joint') bodies.push(body("the spouse's wage alone", { employment: [{ person: 'spouse', tax_class: 5, gross_wage: '18000.00' }] }));
  return bodies;
}

// The LStA's church taxes by a Land that collects them (ERiC's rules LStA_LoKi_*, shared/forms/lsta/
// rules.ts), each with a valid tax number of that Land; Bayern's collect 61 to 64.
const churchTaxLands: readonly (readonly [string, string, readonly string[]])[] = [
  ['Bayern', '9198011310010', ['61', '62', '63', '64']],
  ['Hessen', '2653081508158', ['65', '66', '74']],
  ['Rheinland-Pfalz', '2799081508152', ['68', '72']],
  ['Saarland', '1010081508182', ['70']],
  ['Baden-Württemberg', '2893081508152', ['67', '73', '78']],
];

/** LStA Kennzahlen with `kzs` given, a total's parts by year as the period admits, and the totals kz48 and kz83 as the form computes them. */
function lstaKennzahlenWith(year: number, period: string, kzs: readonly string[]): Record<string, string | number> {
  const known = new Set((lstaKennzahlen(year) ?? []).map((spec) => spec.element.toLowerCase()));
  const parts = ['lfdjahr', ...(['01', '41', '19'].includes(period) ? ['vorjahr'] : []), ...(['12', '44', '19'].includes(period) ? ['folgejahr'] : [])];
  const cents: Record<string, number> = {};
  const values: Record<string, string | number> = { kz86: 5 };
  for (const kz of ['42', '49', ...kzs]) {
    if (!known.has(`kz${kz}`)) continue;
    const split = (splitTotals as readonly string[]).includes(kz);
    for (const part of split ? parts : []) values[`kz${kz}_${part}`] = '100.00';
    cents[kz] = (split ? parts.length : kz === '35' ? 3 : 1) * 10_000;
  }
  if (cents['45'] !== undefined) values.kz90 = 2;
  if (cents['43'] !== undefined) values.kz91 = '123456789';
  const sum = (list: string[]) => list.reduce((total, kz) => total + (cents[kz] ?? 0), 0);
  cents['48'] = sum(['41', '42', '44']) - sum(['33', '35', '43', '45']);
  cents['83'] = sum(['47', '48', '49', '61', '62', '63', '64', '65', '66', '67', '68', '70', '72', '73', '74', '78']);
  for (const [kz, amount] of Object.entries(cents)) values[`kz${kz}`] = formatEuros(amount);
  return values;
}

function lstaBodies(year: number, period: string): MatrixBody[] {
  const base = { test: true, year, period, tax_number: '9198011310010', supplier };
  const body = (name: string, extra: Record<string, unknown>): MatrixBody => ({
    name: `LStA ${year} ${period}: ${name}`,
    kind: 'lsta',
    body: { ...base, ...extra },
  });
  const minimal = { kennzahlen: lstaKennzahlenWith(year, period, []) };
  // Kz 35, the energy price allowance, was deducted in 2022 for August, the third quarter or the year (LStA_Kz35_zul_Zeitraum).
  const amounts = ['33', '41', '43', '44', '45', '47', ...(period === '19' ? ['35'] : [])];
  const flags = Object.assign({}, ...lstaFlags(year).map(flagValues));
  return [
    body('every optional element', { kennzahlen: lstaKennzahlenWith(year, period, [...amounts, '61', '62', '63', '64']), flags, ...parties }),
    body('nothing optional', minimal),
    ...churchTaxLands.map(([land, taxNumber, kzs]) =>
      body(`the church taxes of ${land}`, { tax_number: taxNumber, kennzahlen: lstaKennzahlenWith(year, period, kzs) }),
    ),
    ...lstaFlags(year).map((flag) => body(`flag ${flag} alone`, { ...minimal, flags: flagValues(flag) })),
    ...partyVariants.map(([name, party, value]) => body(`${name} alone`, { ...minimal, [party]: value })),
  ];
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
    // Northern Ireland's XI from 2021; before, the United Kingdom's GB in the same form.
    (index: number) => `${year < 2021 ? 'GB' : 'XI'}${digits(index, 12)}`,
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
    body('a business abroad', { business: { company_name: 'Muster SARL', street: 'Rue de la Paix', city: 'Paris', country: 'FR' } }),
    body('the monthly notice', { period: '01', flags: { monthly_notice: true } }),
    ...begun.map((period) => body(`period ${period}`, { period })),
  ];
}

/** ELSTER's sample `file` (test/support/elster.ts), its Nutzdaten element read back into the parts of the body it maps to. */
function sampleParts(file: string, structure: CompactStructure): Record<string, unknown> | undefined {
  const path = join(elsterDir, 'samples', file);
  if (!existsSync(path)) return undefined;
  const nutzdaten = new RegExp(`<${structure.root}[\\s\\S]*</${structure.root}>`).exec(readFileSync(path, 'utf8'))?.[0];
  const read = nutzdaten === undefined ? undefined : readXml(nutzdaten);
  return read?.ok ? readParts(read.tree, structure).parts : undefined;
}

/** ELSTER's E50 sample of `year`, read back into the body it maps to. */
const ustSampleBody = (year: number) => sampleParts(year === 2021 ? 'ust_2021_ok.xml' : `USt_${year}.xml`, ustSchemaStructure(year));

/**
 * The annual VAT return of `year`: the OpenAPI document's example in that year's shape (the
 * `tabelle` groups and the separate postal code and city only from 2023, E50-2023.xsd), and
 * ELSTER's own sample of the year read back, filed under the service's test tax number.
 */
function ustBodies(year: number): MatrixBody[] {
  const { ust2a, ...rest } = ustExample;
  const early = year < 2023;
  const unwrap = <T extends { tabelle: object }>(group: T) => (early ? group.tabelle : group);
  const address = early ? { e3001101: 'Hauptstr.', e3001201: '80331 München' } : ust2a.allg.unternehmen.adr;
  const example = {
    ...rest,
    year,
    ust2a: {
      ...ust2a,
      allg: { ...ust2a.allg, unternehmen: { ...ust2a.allg.unternehmen, adr: address } },
      umsaetze: unwrap(ust2a.umsaetze),
      berech_ust: unwrap(ust2a.berech_ust),
    },
  };
  const sample = ustSampleBody(year);
  return [
    { name: `E50 ${year}: the example`, kind: 'ust', body: example },
    ...(sample
      ? [{ name: `E50 ${year}: ELSTER's sample read back`, kind: 'ust' as const, body: { test: true, year, tax_number: '9198011310010', ...sample } }]
      : []),
  ];
}

/** ELSTER's E30 sample of `year`, read back into the body it maps to (the Anlagen a body does not carry left out). */
function kstSampleBody(year: number): Record<string, unknown> | undefined {
  const parts = sampleParts(`kst_${year}_ok.xml`, kstSchemaStructure(year));
  return parts && Object.fromEntries(Object.entries(parts).filter(([part]) => (kstParts as readonly string[]).includes(part)));
}

/**
 * The corporate income tax return of `year`: the OpenAPI document's example, with its computed
 * lines left to the service, with two Wirtschaftsjahre, and ELSTER's own sample of the year read
 * back. Every field of its parts is written once by every-field.test.ts.
 */
function kstBodies(year: number): MatrixBody[] {
  const example = { ...kstExample, year, kst1: { ...kstExample.kst1, wirtschaftsjahr: { e8002606: `01.01.${year}`, e8002607: `31.12.${year}` } } };
  const sample = kstSampleBody(year);
  const body = (name: string, value: Record<string, unknown>): MatrixBody => ({
    name: `E30 ${year}: ${name}`,
    kind: 'kst',
    body: { ...example, ...value, year },
  });
  return [
    body('the example', {}),
    body('Anlage ZVE computed', { zve: undefined }),
    body('two Wirtschaftsjahre', {
      gk: [
        { wj: 'WJ1', einkunfte: { e8109901: 2000 } },
        { wj: 'WJ2', einkunfte: { e8109901: -500 } },
      ],
      zve: undefined,
    }),
    ...(sample ? [body("ELSTER's sample read back", { kst1: undefined, gk: undefined, zve: undefined, vorsatz: undefined, ...sample })] : []),
  ];
}

/** The Anlage EÜR of `year`: the OpenAPI document's example, whose groups every year has, and ELSTER's sample of the year read back. */
function euerBodies(year: number): MatrixBody[] {
  const sample = sampleParts(`euer_${year}_ok.xml`, euerSchemaStructure(year));
  return [
    { name: `E77 ${year}: the example`, kind: 'euer', body: { ...euerExample, year } },
    ...(sample
      ? [{ name: `E77 ${year}: ELSTER's sample read back`, kind: 'euer' as const, body: { test: true, year, tax_number: '9198011310010', ...sample } }]
      : []),
  ];
}

/**
 * The trade tax return of `year`: the OpenAPI document's example, and ELSTER's own sample of the
 * year read back, filed under the service's test tax number.
 */
function gewstBodies(year: number): MatrixBody[] {
  const sample = sampleParts(`gewst_${year}.xml`, gewstSchemaStructure(year));
  return [
    { name: `E20 ${year}: the example`, kind: 'gewst', body: { ...gewstExample, year } },
    ...(sample
      ? [{ name: `E20 ${year}: ELSTER's sample read back`, kind: 'gewst' as const, body: { test: true, year, tax_number: '9198011310010', ...sample } }]
      : []),
  ];
}

/** Each form's own bodies of a year it accepts on `day`; a form without them has its contract example in each such year. */
const bodiesOf: { readonly [K in Kind]?: (year: number, day: string) => MatrixBody[] } = {
  ustva: (year) => ustvaTypes.flatMap((type) => ustvaBodies(year, type)),
  est: (year) => assessments.flatMap((assessment) => estBodies(year, assessment)),
  ust: ustBodies,
  lsta: (year) => ['01', '41', '19'].flatMap((period) => lstaBodies(year, period)),
  zm: zmBodies,
  kst: kstBodies,
  euer: euerBodies,
  gewst: gewstBodies,
};

/** The whole matrix for the day the tests fix. */
export function matrix(): MatrixBody[] {
  const day = today();
  const example = (kind: Kind, year: number): MatrixBody[] => [
    { name: `${kind} ${year}: the contract example`, kind, body: { ...(requestExamples[kind].contract.value as Record<string, unknown>), year } },
  ];
  return kinds.flatMap((kind) => acceptedYears(kind, day).flatMap((year) => bodiesOf[kind]?.(year, day) ?? example(kind, year)));
}
