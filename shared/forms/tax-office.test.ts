import { describe, expect, it } from 'vitest';
import { dissolvedOfficeFindings } from '#shared/forms/tax-office.ts';

const filing = (year: number, office: { tax_number?: string; tax_office?: string }) => ({ test: true, year, ...office });

describe('a filing to a dissolved tax office', () => {
  it('for a period that ended while ELSTER took its number is accepted, with a hint naming the successor', () => {
    expect(dissolvedOfficeFindings(filing(2022, { tax_number: '2613081508153' }))).toEqual([
      {
        path: 'tax_number',
        code: 'TAX_OFFICE_DISSOLVED',
        severity: 'hint',
        expected: '2614',
        message:
          'names the tax office 2613, dissolved: the tax office 2614 took over; ELSTER took 2613 until 2025-02-17, so a filing for a period that ended by then is sent to it, but a later letter gives the tax number to use from now on',
      },
    ]);
    expect(dissolvedOfficeFindings(filing(2025, { tax_number: '2613081508153' }), '01')).toEqual([expect.objectContaining({ severity: 'hint' })]);
  });

  it('for a period that ends after is refused, naming the successor', () => {
    expect(dissolvedOfficeFindings(filing(2025, { tax_number: '2613081508153' }))).toEqual([
      {
        path: 'tax_number',
        code: 'TAX_OFFICE_DISSOLVED',
        expected: '2614',
        message:
          "names the tax office 2613, dissolved: ELSTER took 2613 until 2025-02-17, and this filing's period ends after that: file it with the tax office 2614, under the tax number its letters give",
      },
    ]);
    expect(dissolvedOfficeFindings(filing(2025, { tax_office: '2331' }), '03')).toEqual([
      expect.objectContaining({ path: 'tax_office', code: 'TAX_OFFICE_DISSOLVED', expected: '2322', message: expect.stringContaining('the tax office 2322') }),
    ]);
  });

  it('is the only one: an office that exists, or none named, finds nothing', () => {
    expect(dissolvedOfficeFindings(filing(2026, { tax_number: '9181081508155' }), '01')).toEqual([]);
    expect(dissolvedOfficeFindings(filing(2026, {}))).toEqual([]);
  });
});
