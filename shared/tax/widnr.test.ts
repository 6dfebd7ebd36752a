import { describe, expect, it } from 'vitest';
import { widnrProblem, widnrRule } from '#shared/tax/widnr.ts';

describe('widnrProblem', () => {
  it.each(['DE123456788', 'DE136695976', 'DE987654328'])('takes %s, whose check digit holds', (widnr) => expect(widnrProblem(widnr)).toBeUndefined());
  it('takes the Unterscheidungsmerkmal where the place has it', () => expect(widnrProblem('DE123456788-00001', 'distinguished')).toBeUndefined());

  it.each([
    ['DE123456789', 'plain'],
    ['DE123456789-00001', 'distinguished'],
  ] as const)('refuses %s as %s, whose check digit fails', (widnr, shape) => expect(widnrProblem(widnr, shape)?.code).toBe('WIDNR_CHECK_DIGIT'));
  it.each([
    ['DE12345678', 'plain'],
    ['DE123456788-00001', 'plain'],
    ['DE123456788', 'distinguished'],
    ['DE123456788-00000', 'distinguished'],
  ] as const)('refuses %s as %s, not of that shape', (widnr, shape) => expect(widnrProblem(widnr, shape)?.code).toBe('WIDNR_FORMAT'));

  it("names ERiC's rule of each shape", () => {
    expect(widnrRule('plain')).toBe('ungueltigeWirtschaftsIdentifikationsnummer');
    expect(widnrRule('distinguished')).toBe('ungueltigeWirtschaftsIdentifikationsnummerU');
  });
});
