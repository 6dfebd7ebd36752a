import { describe, expect, it } from 'vitest';
import { idnrProblem } from '#shared/tax/idnr.ts';

describe('tax identification number', () => {
  // The official examples [CV], the test IdNr of ELSTER's test cases and the contract's example.
  it.each(['86095742719', '47036892816', '65929970489', '57549285017', '25768131411', '02476291358', '04452397687'])('%s is right', (idnr) =>
    expect(idnrProblem(idnr)).toBeUndefined(),
  );

  it.each(['86095742718', '47036892817', '65929970480', '02476291359'])('%s has a wrong check digit', (idnr) =>
    expect(idnrProblem(idnr)).toEqual({
      code: 'IDNR_CHECK_DIGIT',
      message: 'does not pass its check digit (the last digit): a digit is probably mistyped or swapped',
    }),
  );

  it.each([
    ['01234567891', 'no digit repeats'],
    ['12131415670', 'a digit four times'],
    ['11123456780', 'a digit three times in a row'],
    ['12345699970', 'a digit three times in a row at the end'],
    ['11223456780', 'two digits repeat'],
  ])('%s breaks the digit pattern (%s)', (idnr) => expect(idnrProblem(idnr)?.code).toBe('IDNR_DIGIT_PATTERN'));

  it.each(['8609574271', '860957427190', '8609574271a', ' 86095742719', '86095 742719', ''])('%j is not 11 digits', (idnr) =>
    expect(idnrProblem(idnr)?.code).toBe('IDNR_FORMAT'),
  );
});
