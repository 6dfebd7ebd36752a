import { describe, expect, it } from 'vitest';
import { type Land, lands } from '#shared/tax/lands.ts';
import { elsterTaxNumber, landNotation, taxNumberProblem, taxOfficeProblem } from '#shared/tax/tax-number.ts';

// The example of each Land's notation table [G]; RP writes the check digit apart.
const examples: [Land, string, string, string][] = [
  ['BW', '93815/08152', '2893081508152', '93815/08152'],
  ['BY', '181/815/08155', '9181081508155', '181/815/08155'],
  ['BE', '21/815/08150', '1121081508150', '21/815/08150'],
  ['BB', '048/815/08155', '3048081508155', '048/815/08155'],
  ['HB', '75 815 08152', '2475081508152', '75 815 08152'],
  ['HH', '02/815/08156', '2202081508156', '02/815/08156'],
  ['HE', '013 815 08153', '2613081508153', '013 815 08153'],
  ['MV', '079/815/08151', '4079081508151', '079/815/08151'],
  ['NI', '24/815/08151', '2324081508151', '24/815/08151'],
  ['NW', '133/8150/8159', '5133081508159', '133/8150/8159'],
  ['RP', '99/815/08152', '2799081508152', '99/815/0815/2'],
  ['SL', '010/815/08182', '1010081508182', '010/815/08182'],
  ['SN', '201/123/12340', '3201012312340', '201/123/12340'],
  ['ST', '101/815/08154', '3101081508154', '101/815/08154'],
  ['SH', '29 815 08158', '2129081508158', '29 815 08158'],
  ['TH', '151/815/08156', '4151081508156', '151/815/08156'],
];

// Right tax numbers at tax offices that exist, one or more per Land and check procedure [G, RL tests].
const valid: [Land, string][] = [
  ['BW', '2893081508152'],
  ['BW', '2865013528340'],
  ['BY', '9181081508155'],
  ['BY', '9198011310010'],
  ['BE', '1121081508150'],
  ['BB', '3048081508155'],
  ['HB', '2475081508152'],
  ['HH', '2241081508154'],
  ['HE', '2653081508158'],
  ['MV', '4079081508151'],
  ['NI', '2324081508151'],
  ['NW', '5133081508159'],
  ['NW', '5205012345677'],
  ['RP', '2799081508152'],
  ['SL', '1010081508182'],
  ['SN', '3248081508156'],
  ['ST', '3198081508152'],
  ['SH', '2129081508158'],
  ['TH', '4151081508156'],
];

const withLastDigitChanged = (elster: string) => elster.slice(0, 12) + ((Number(elster[12]) + 1) % 10);

describe('a tax number in the Land’s notation', () => {
  it('covers all 16 Länder', () => {
    expect(new Set(examples.map(([state]) => state))).toEqual(new Set(lands));
    expect(lands).toHaveLength(16);
  });

  it.each(examples)('%s %s converts to ELSTER’s %s and back to %s', (state, number, elster, written) => {
    expect(elsterTaxNumber(state, number)).toEqual({ elster });
    expect(landNotation(elster)).toEqual({ state, number: written });
    expect(elsterTaxNumber(state, written)).toEqual({ elster });
  });

  it.each(examples)('%s %s may be written with slashes, spaces or no separators', (state, number, elster) => {
    for (const variant of [number.replaceAll(' ', '/'), number.replaceAll('/', ' '), number.replaceAll(/[/ ]/g, ''), ` ${number}  `]) {
      expect(elsterTaxNumber(state, variant)).toEqual({ elster });
    }
  });

  it('takes a separator between tax office and district where the Land writes none', () => {
    expect(elsterTaxNumber('BW', '93/815/08152')).toEqual({ elster: '2893081508152' });
    expect(elsterTaxNumber('RP', '99/815/0815/2')).toEqual({ elster: '2799081508152' });
  });

  it.each<[Land, string]>([
    ['BY', '133/8150/8159'], // NW's notation
    ['BY', '181/815/0815'],
    ['BY', '181/815/081555'],
    ['BY', '9181081508155'], // ELSTER's 13 digits
    ['BY', '181-815-08155'],
    ['BY', '181/815/O8155'],
    ['BY', '/181/815/08155'],
    ['BY', '18/1815/08155'],
    ['BY', ''],
    ['HE', '113 815 08153'], // Hessen writes a leading 0
    ['SN', '301/123/12340'], // Sachsen writes a leading 2
    ['ST', '201/815/08154'], // Sachsen-Anhalt writes a leading 1
    ['BE', '121/815/08150'],
    ['NW', '1338/150/8159'],
  ])('%s %j does not fit the Land’s notation', (state, number) => {
    expect(elsterTaxNumber(state, number)).toEqual({ problem: { code: 'TAX_NUMBER_STATE_FORMAT', message: expect.any(String) } });
  });

  it('shows the Land’s notation when the number does not fit it', () => {
    const converted = elsterTaxNumber('BY', '133/8150/8159');
    expect('problem' in converted && converted.problem.message).toBe(
      'must be a tax number as Bayern writes it: FFF/BBB/UUUUP, 11 digits (slashes or spaces may be left out)',
    );
    const hessen = elsterTaxNumber('HE', '13 815 08153');
    expect('problem' in hessen && hessen.problem.message).toContain('0FF BBB UUUUP');
  });

  it.each(['6123081508155', '0123081508155', '2081081508155', '918108150815', '91810815081555', '9181x81508155'])('has no Land for %s', (elster) =>
    expect(landNotation(elster)).toBeUndefined(),
  );
});

describe('an ELSTER tax number', () => {
  it.each(valid)('%s %s is right', (_, elster) => expect(taxNumberProblem(elster)).toBeUndefined());

  it.each(valid)('%s %s with a changed check digit is wrong', (_, elster) =>
    expect(taxNumberProblem(withLastDigitChanged(elster))?.code).toBe('TAX_NUMBER_CHECK_DIGIT'),
  );

  it.each(['918108150815', '91810815081555', '9181/0815/08155', '181/815/08155', '9181 81508155', '', '9181181508155'])(
    '%j is not 13 digits with 0 as the fifth',
    (elster) => expect(taxNumberProblem(elster)?.code).toBe('TAX_NUMBER_FORMAT'),
  );

  it.each(['6181081508155', '0181081508155', '2081081508155', '4281081508155'])('%s begins the tax numbers of no Land', (elster) =>
    expect(taxNumberProblem(elster)?.code).toBe('TAX_NUMBER_STATE_UNKNOWN'),
  );

  // 2202, 3201, 3101: the examples' offices are no longer in ERiC's list (2613 is, as a dissolved office).
  it.each(['2202081508156', '3201012312340', '3101081508154', '9100081508155', '1122081508150', '5999081508159'])('%s names no tax office', (elster) =>
    expect(taxNumberProblem(elster)?.code).toBe('TAX_OFFICE_UNKNOWN'),
  );

  it.each(['9181000008155', '9181099808155', '9181099908155', '2893000008152', '5133000008159', '5133009988159', '5133009998159'])(
    '%s has a district tax offices never give out',
    (elster) => expect(taxNumberProblem(elster)?.code).toBe('TAX_NUMBER_DISTRICT'),
  );

  it('reads NW’s district with four digits', () => {
    // District 9980 (not 998) is allowed; its check digit decides.
    expect(taxNumberProblem('5133099800008')?.code).not.toBe('TAX_NUMBER_DISTRICT');
  });

  it('tells the bookkeeper what to look at', () => {
    expect(taxNumberProblem('9181081508156')).toEqual({
      code: 'TAX_NUMBER_CHECK_DIGIT',
      message: 'does not pass its check digit (the last digit): a digit is probably mistyped or swapped',
    });
    expect(taxNumberProblem('2202081508156')?.message).toBe(
      'starts with 2202, which is not (or no longer) the number of a tax office in Hamburg: check the number',
    );
    expect(taxNumberProblem('2613081508153')).toBeUndefined();
  });
});

describe('Berlin’s check procedures A and B', () => {
  // Berlin's edge cases by tax office and district [RL tests/Datasets/EdgeCases.php].
  it.each([
    ['1113020008157', 'A: district 200 of 1113'],
    ['1113020108153', 'B: district 201 of 1113'],
    ['1113069308156', 'B: district 693 of 1113'],
    ['1113069408154', 'A: district 694 of 1113'],
    ['1116000108153', 'B: district 001 of 1116'],
    ['1116003008153', 'A: district 030 of 1116'],
    ['1116087508159', 'B: district 875 of 1116'],
    ['1116090008152', 'A: district 900 of 1116'],
    ['1119068008168', 'B: district 680 of 1119'],
    ['1119068508155', 'A: district 685 of 1119'],
    ['1121069308150', 'B: district 693 of 1121'],
    ['1127020008157', 'A: all of 1127'],
    ['1130020208158', 'A: all of 1130'],
    ['1131010208158', 'B: all of 1131'],
    ['1137010808156', 'B: all of 1137'],
    ['1194010908154', 'B: test office 1194'],
  ])('%s is right (%s)', (elster) => {
    expect(taxNumberProblem(elster)).toBeUndefined();
    expect(taxNumberProblem(withLastDigitChanged(elster))?.code).toBe('TAX_NUMBER_CHECK_DIGIT');
  });

  it('refuses a number whose weighted sum leaves no check digit', () => {
    expect(taxNumberProblem('1118010108150')?.code).toBe('TAX_NUMBER_CHECK_DIGIT');
  });
});

describe('a tax office on its own', () => {
  it.each(['9181', '2241', '5380', '9198', '2799'])('%s exists', (bufa) => expect(taxOfficeProblem(bufa)).toBeUndefined());

  it.each(['2202', '9100', '0000'])('%s is no tax office', (bufa) =>
    expect(taxOfficeProblem(bufa)).toEqual({
      code: 'TAX_OFFICE_UNKNOWN',
      message: 'is not (or no longer) the number of any tax office (Bundesfinanzamtsnummer)',
    }),
  );

  it.each(['91', '91810', '918a', ''])('%j is not four digits', (bufa) =>
    expect(taxOfficeProblem(bufa)).toEqual({ code: 'TAX_OFFICE_UNKNOWN', message: 'must be the 4-digit number of a tax office (Bundesfinanzamtsnummer)' }),
  );
});
