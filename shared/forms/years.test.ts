import { describe, expect, it } from 'vitest';
import { acceptedYears, formFacts } from '#shared/forms/registry.ts';
import { yearFindings } from '#shared/forms/years.ts';

const today = '2026-11-29';
const why = (kind: keyof typeof formFacts, year: number, day = today) => yearFindings(formFacts[kind], year, day);

describe('the years each form is accepted for', () => {
  it('are, on 2026-11-29, those its window opens and its schema serves', () => {
    expect(acceptedYears('zm', today)).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026]);
    expect(acceptedYears('ust', today)).toEqual([2021, 2022, 2023, 2024, 2025]);
    expect(acceptedYears('est', today)).toEqual([2022, 2023, 2024, 2025]);
    expect(acceptedYears('ustva', today)).toEqual([2021, 2022, 2023, 2024, 2025, 2026]);
    expect(acceptedYears('lsta', today)).toEqual([2021, 2022, 2023, 2024, 2025, 2026]);
    expect(acceptedYears('gewst', today)).toEqual([2021, 2022, 2023, 2024, 2025]);
    expect(acceptedYears('ustva', '2025-06-30')).toEqual([2021, 2022, 2023, 2024, 2025]);
  });

  it('move with the day: a year closes with the end of the year its deadline falls in', () => {
    expect(acceptedYears('ust', '2029-01-01')).toEqual([2022, 2023, 2024, 2025, 2026]);
    expect(acceptedYears('gewst', '2029-01-01')).toEqual([2022, 2023, 2024, 2025]);
    expect(acceptedYears('zm', '2027-01-01')).toEqual([2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026]);
    expect(why('est', 2022, '2026-12-31')).toEqual([]);
    expect(why('est', 2025, '2026-01-01')).toEqual([]);
  });
});

describe('a year refused', () => {
  it('closed by its deadline names that day, in the past, and the rule ERiC names it by', () => {
    expect(why('zm', 2015)).toEqual([
      {
        path: 'year',
        code: 'YEAR_CLOSED',
        message: 'can no longer be filed: it closed on 2025-12-31, as ERiC takes a ZM for the ten years before the current one (jahr_Inhalt)',
        rule: 'jahr_Inhalt',
      },
    ]);
    expect(why('ust', 2018)).toEqual([expect.objectContaining({ code: 'YEAR_CLOSED', message: expect.stringContaining('closed on 2025-12-31') })]);
    expect(why('est', 2022, '2027-01-01')).toEqual([expect.objectContaining({ code: 'YEAR_CLOSED', message: expect.stringContaining('2026-12-31') })]);
    expect(why('est', 2021)).toEqual([expect.objectContaining({ code: 'YEAR_CLOSED', message: expect.stringContaining('closed on 2025-12-31') })]);
  });

  it('that the form has no schema for, and whose deadline is still ahead, is unsupported, not closed', () => {
    for (const year of [2019, 2020]) {
      expect(why('ust', year)).toEqual([
        {
          path: 'year',
          code: 'YEAR_UNSUPPORTED',
          message: expect.stringContaining("(2021 to 2026): ELSTER's E50 structure begins with 2021"),
        },
      ]);
    }
    expect(why('ustva', 2020)).toEqual([expect.objectContaining({ code: 'YEAR_UNSUPPORTED' })]);
    expect(why('est', 2027, '2028-03-01')).toEqual([expect.objectContaining({ code: 'YEAR_UNSUPPORTED' })]);
  });

  it('not yet open names the first day it can be filed', () => {
    expect(why('ust', 2026)).toEqual([
      { path: 'year', code: 'YEAR_NOT_ENDED', message: 'has not ended: the return for 2026 can be filed from 2027-01-01', expected: '2027-01-01' },
    ]);
    expect(why('zm', 2027)).toEqual([
      {
        path: 'year',
        code: 'YEAR_NOT_BEGUN',
        message: 'has not begun: it can be filed from 2027-01-01',
        expected: '2027-01-01',
        rule: 'meldezeitraum_Zukunft',
      },
    ]);
    expect(why('ustva', 2027)).toEqual([expect.objectContaining({ code: 'YEAR_NOT_BEGUN', expected: '2027-01-01' })]);
  });
});
