import { describe, expect, it } from 'vitest';
import { widnrProblem, widnrRule } from '#shared/tax/widnr.ts';

describe('widnrProblem', () => {
  it.each(['DE123456788', 'DE136695976', 'DE987654328'])('takes %s, whose check digit holds', (widnr) => expect(widnrProblem(widnr)).toBeUndefined());
  it('takes the Unterscheidungsmerkmal where the place has it', () => expect(widnrProblem('DE123456788-00001', 'distinguished')).toBeUndefined());

  it.each([
    ['DE123456789', 'plain', 'WIDNR_CHECK_DIGIT'],
    ['DE123456789-00001', 'distinguished', 'WIDNR_CHECK_DIGIT'],
    ['DE12345678', 'plain', 'WIDNR_FORMAT'],
    ['DE123456788-00001', 'plain', 'WIDNR_FORMAT'],
    ['DE123456788', 'distinguished', 'WIDNR_FORMAT'],
    ['DE123456788-00000', 'distinguished', 'WIDNR_FORMAT'],
  ] as const)('refuses %s as %s: %s', (widnr, shape, code) => expect(widnrProblem(widnr, shape)?.code).toBe(code));

  it("names ERiC's rule of each shape", () => {
    expect(widnrRule('plain')).toBe('ungueltigeWirtschaftsIdentifikationsnummer');
    expect(widnrRule('distinguished')).toBe('ungueltigeWirtschaftsIdentifikationsnummerU');
  });
});
