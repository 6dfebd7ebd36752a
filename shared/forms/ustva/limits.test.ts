import { describe, expect, it } from 'vitest';
import { checkUstva } from '#shared/forms/ustva/check.ts';
import { ustvaSample } from '#test/support/samples.ts';
import { checkContext } from '#shared/wiring/check-context.ts';

const errors = async (body: unknown) => (await checkUstva(body, checkContext())).findings.map(({ path, code, expected }) => `${path} ${code} ${expected}`);

describe("the limits of the UStVA schema's amounts", () => {
  it('takes a tax amount of 11 digits before the point, refuses one of 12', async () => {
    const sample = ustvaSample();
    const withKz66 = (kz66: string, kz83: string) => ({ ...sample, kennzahlen: { kz81: 10000, kz66, kz83 } });
    expect(await errors(withKz66('99999999999.99', '-99999998099.99'))).toEqual([]);
    expect(await errors(withKz66('100000000000.00', '-99999998100.00'))).toEqual(['kennzahlen.kz66 OUT_OF_RANGE at most 11 digits before the decimal point']);
  });

  it('refuses a negative Kz 37 or Kz 50, which the schema types as not negative', async () => {
    const body = { ...ustvaSample(), kennzahlen: { kz81: 10000, kz50: -5, kz37: '-1.00', kz83: '1900.00' } };
    expect(await errors(body)).toEqual(['kennzahlen.kz50 KZ_NEGATIVE undefined', 'kennzahlen.kz37 KZ_NEGATIVE undefined']);
  });
});
