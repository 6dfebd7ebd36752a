import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { maxRecordKeys } from '#shared/forms/fields.ts';
import { ustvaFilingOf, ustvaSchema } from '#shared/forms/ustva/schema.ts';
import { failuresOf, parseOr422 } from '#test/support/parse-or-422.ts';
import { ustvaSample } from '#test/support/samples.ts';

const sample = ustvaSample();
// The sample without the fields a caller's own XML carries instead.
const { period: _p, kennzahlen: _k, flags: _f, supplier: _s, ...common } = sample;

const failures = (input: unknown) => failuresOf(ustvaSchema, input);

describe('ustvaSchema', () => {
  it("accepts the contract's sample body as it is", () => {
    expect(parseOr422(ustvaSchema, sample)).toEqual({ ...sample, type: 'voranmeldung' });
  });

  it(`reads no more than ${maxRecordKeys} Kennzahlen: more are one finding, their keys unread`, () => {
    const kennzahlen = Object.fromEntries(Array.from({ length: maxRecordKeys + 1 }, (_, index) => [`k${index}`, 'x']));
    expect(failures({ ...sample, kennzahlen })).toEqual(['kennzahlen:OUT_OF_RANGE']);
    expect(failures({ ...sample, type: 'sondervorauszahlung', period: undefined, flags: undefined, kennzahlen })).toEqual([
      'kennzahlen:OUT_OF_RANGE',
      'kennzahlen.kz38:REQUIRED',
    ]);
  });

  it('names an unknown type once and never repeats it in another finding', () => {
    const type = 'x'.repeat(1000);
    expect(failures({ ...sample, type })).toEqual(['type:INVALID_VALUE']);
  });

  it('defaults test to true', () => {
    const { test: _, ...withoutTest } = sample;
    expect(parseOr422(ustvaSchema, withoutTest).test).toBe(true);
  });

  it.each(['01', '12', '41', '44'])('accepts the period %s', (period) => {
    expect(parseOr422(ustvaSchema, { ...sample, period }).period).toBe(period);
  });

  it.each(['00', '13', '40', '45', '3', 3])('refuses the period %j', (period) => {
    expect(failures({ ...sample, period })).toEqual([expect.stringMatching(/^period:(INVALID_FORMAT|INVALID_TYPE)$/)]);
  });

  it('lists every failing field at once, each with its code', () => {
    expect(
      failures({
        test: 'yes',
        year: '2026',
        period: '13',
        kennzahlen: { kz81: 'ten', kz83: '1.234' },
        supplier: { name: '' },
        flags: { corrected: 'no' },
        vat_id: 'DE123',
      }),
    ).toEqual([
      'test:INVALID_TYPE',
      'year:INVALID_TYPE',
      'tax_number:REQUIRED',
      'period:INVALID_FORMAT',
      'supplier.name:OUT_OF_RANGE',
      'supplier.street:REQUIRED',
      'supplier.postal_code:REQUIRED',
      'supplier.city:REQUIRED',
      'kennzahlen.kz81:INVALID_VALUE',
      'kennzahlen.kz83:INVALID_VALUE',
      'flags.corrected:INVALID_TYPE',
      'vat_id:UNKNOWN_FIELD',
    ]);
  });

  it('requires the period and the Kennzahlen, unless the XML carries them', () => {
    expect(failures(common)).toEqual(['period:REQUIRED', 'kennzahlen:REQUIRED', 'supplier:REQUIRED']);
    expect(parseOr422(ustvaSchema, { ...common, xml: '<Anmeldungssteuern/>' }).xml).toBe('<Anmeldungssteuern/>');
    expect(failures({ ...sample, xml: '<Anmeldungssteuern/>' })).toEqual([
      'period:XML_WITH_FIELDS',
      'kennzahlen:XML_WITH_FIELDS',
      'flags:XML_WITH_FIELDS',
      'supplier:XML_WITH_FIELDS',
    ]);
  });

  it('takes widnr beside the XML, which declares the W-IdNr the XML names, and stores the XML alone', () => {
    const request = parseOr422(ustvaSchema, { ...common, year: 2025, widnr: 'DE123456788', xml: '<Anmeldungssteuern/>' });
    expect(request.widnr).toBe('DE123456788');
    expect(ustvaFilingOf(request)).not.toHaveProperty('widnr');
  });

  it("takes the tax number in the Land's notation", () => {
    expect(parseOr422(ustvaSchema, { ...sample, tax_number: { state: 'NW', number: '133/8150/8159' } }).tax_number).toBe('5133081508159');
  });

  it('refuses keys that are not Kennzahlen of the form, whatever their case, beside every other finding', () => {
    expect(failures({ ...sample, period: '13', kennzahlen: { ...sample.kennzahlen, revenue: 1, kz811: 1, Kz86: 1, kz99: 1 } })).toEqual([
      'period:INVALID_FORMAT',
      'kennzahlen.revenue:KZ_UNKNOWN',
      'kennzahlen.kz811:KZ_UNKNOWN',
      'kennzahlen.Kz86:KZ_UNKNOWN',
      'kennzahlen.kz99:KZ_UNKNOWN',
    ]);
  });

  it.each([
    ['kz811', 'kz81'],
    ['Kz86', 'kz86'],
    ['KZ83', 'kz83'],
    ['kz_66', 'kz66'],
    ['kz086', 'kz86'],
  ])('suggests for %s the Kennzahl %s', (key, meant) => {
    const { error } = z.safeParse(ustvaSchema, { ...sample, kennzahlen: { ...sample.kennzahlen, [key]: 1 } });
    const issue = error?.issues.find(({ path }) => path[1] === key) as { message: string; params?: { code: string; expected?: string } } | undefined;
    expect(issue?.params).toEqual({ code: 'KZ_UNKNOWN', expected: meant });
    expect(issue?.message).toBe(`is not a Kennzahl of the 2026 UStVA form; did you mean ${meant}?`);
  });

  it('guesses nothing where several Kennzahlen are one digit off, and points Kz10 to the flags', () => {
    const { error } = z.safeParse(ustvaSchema, { ...sample, kennzahlen: { ...sample.kennzahlen, kz99: 1, KZ10: 1 } });
    const issues = (error?.issues ?? []) as unknown as { message: string; params?: unknown }[];
    expect(issues.map(({ message, params }) => ({ message, params }))).toEqual([
      { message: 'is not a Kennzahl of the 2026 UStVA form', params: { code: 'KZ_UNKNOWN' } },
      { message: expect.stringContaining('"flags"'), params: { code: 'KZ_UNKNOWN' } },
    ]);
  });

  it('in a Sondervorauszahlung, names a Kennzahl of the Voranmeldung not for the type and suggests kz38 for a typo', () => {
    const special = { ...sample, type: 'sondervorauszahlung', period: undefined, flags: undefined };
    expect(failures({ ...special, kennzahlen: { kz38: 100, kz81: 1, Kz38: 1 } })).toEqual(['kennzahlen.kz81:FIELD_NOT_FOR_TYPE', 'kennzahlen.Kz38:KZ_UNKNOWN']);
  });

  it('refuses an unsupported year and a malformed tax number', () => {
    expect(failures({ ...sample, year: 2019, tax_number: '198/113/10010' })).toEqual(['year:INVALID_VALUE', 'tax_number:TAX_NUMBER_FORMAT']);
    expect(failures({ ...sample, tax_number: '9198011310011' })).toEqual(['tax_number:TAX_NUMBER_CHECK_DIGIT']);
  });
});

describe('free text and amounts', () => {
  const withSupplier = (name: string) => ({ ...ustvaSample(), supplier: { ...ustvaSample().supplier, name } });

  it.each([
    'Muster\u0000GmbH',
    'Muster\r\nX-Injected: 1',
    'Muster\u0085GmbH',
    'Muster\ud800GmbH',
    'Muster\u202eGmbH',
    'Muster GmbH\u200b',
    'Café Łódź',
    '東京',
    'Müller — Söhne',
  ])('refuses %j: ELSTER does not take every character', (name) => expect(failures(withSupplier(name))).toEqual(['supplier.name:TEXT_CHARSET']));

  it('accepts umlauts, ß, accents, € and ordinary punctuation', () => {
    expect(z.safeParse(ustvaSchema, withSupplier('Café "Größe" Müller & Söhne (12,50 €) Œ Š/Ž')).success).toBe(true);
  });

  it("holds the supplier to the lengths of ELSTER's DatenLieferant", () => {
    expect(z.safeParse(ustvaSchema, withSupplier('M'.repeat(45))).success).toBe(true);
    const result = z.safeParse(ustvaSchema, withSupplier('M'.repeat(46)));
    expect(result.error?.issues.map(({ path, code }) => `${path.join('.')}:${code}`)).toEqual(['supplier.name:too_big']);
  });

  it('holds every text field and client_reference to the same set, naming the first character refused', () => {
    const body = {
      ...ustvaSample(),
      client_reference: 'INV\u202e1',
      supplier: { name: 'a', street: 'b\u00a0', postal_code: '\ufeff1', city: 'c\u2028', phone: '1\u200d', email: 'x\u200b@example.com' },
    };
    const result = z.safeParse(ustvaSchema, body);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map(({ path, message }) => `${path.join('.')}: ${message.replace(/, which.*/, '')}`)).toEqual([
      'client_reference: contains U+202E (RIGHT-TO-LEFT OVERRIDE) at position 4',
      'supplier.street: contains U+00A0 (NO-BREAK SPACE) at position 2',
      'supplier.postal_code: contains U+FEFF (ZERO WIDTH NO-BREAK SPACE) at position 1',
      'supplier.city: contains U+2028 (LINE SEPARATOR) at position 2',
      'supplier.phone: contains U+200D (ZERO WIDTH JOINER) at position 2',
      'supplier.email: contains U+200B (ZERO WIDTH SPACE) at position 2',
    ]);
  });

  it("refuses Kennzahl amounts of 10^13 euros or more, in either form: 13 digits, as ELSTER's bases take", () => {
    const kz81 = (amount: number | string) => z.safeParse(ustvaSchema, { ...ustvaSample(), kennzahlen: { kz81: amount, kz83: '1' } }).success;
    expect(kz81(9.007e25)).toBe(false);
    expect(kz81(1e13)).toBe(false);
    expect(kz81('10000000000000')).toBe(false);
    expect(kz81(9_999_999_999_999)).toBe(true);
    expect(kz81('9999999999999')).toBe(true);
  });

  it('refuses other amounts of a trillion euros or more', () => {
    const prepayments = (amount: number) =>
      z.safeParse(ustvaSchema, {
        ...ustvaSample(),
        type: 'sondervorauszahlung',
        period: undefined,
        kennzahlen: undefined,
        flags: undefined,
        prepayments_prior_year: amount,
      }).success;
    expect(prepayments(1e12)).toBe(false);
    expect(prepayments(999_999_999_999)).toBe(true);
  });
});
