import { describe, expect, it } from 'vitest';
import { addMonths, appealDeadline } from '#shared/forms/einspruch/deadline.ts';

describe('the deadline of an appeal', () => {
  it('adds months as the BGB counts them', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-03-15', 1)).toBe('2025-04-15');
    expect(addMonths('2025-12-10', 1)).toBe('2026-01-10');
    expect(addMonths('2025-02-28', 12)).toBe('2026-02-28');
  });

  it('counts three days for a notice dated before 2025, four from 2025', () => {
    // Monday 2024-12-02 + 3 = Thursday 2024-12-05; a month on, Sunday 2025-01-05 moves to Monday.
    expect(appealDeadline('2024-12-02', 'HH')).toEqual({ known: '2024-12-05', deadline: '2025-01-06', year: false });
    // Monday 2025-02-03 + 4 = Friday 2025-02-07; 2025-03-07 is a Friday.
    expect(appealDeadline('2025-02-03', 'HH')).toEqual({ known: '2025-02-07', deadline: '2025-03-07', year: false });
  });

  it('moves a deemed day that is no working day, and an end on a holiday of the Land', () => {
    // Tuesday 2025-06-03 + 4 = Saturday 2025-06-07, made known Monday 2025-06-09 (Whit Monday: Tuesday 2025-06-10).
    expect(appealDeadline('2025-06-03', 'BY').known).toBe('2025-06-10');
    // 2025-04-29 + 4 = Saturday 2025-05-03 → Monday 2025-05-05; 2025-06-05 is a Thursday everywhere.
    expect(appealDeadline('2025-04-29', 'BY').deadline).toBe('2025-06-05');
    // Known Thursday 2025-05-15 (dated Sunday 2025-05-11): 2025-06-15 is a Sunday → Monday 2025-06-16.
    expect(appealDeadline('2025-05-11', 'NW')).toEqual({ known: '2025-05-15', deadline: '2025-06-16', year: false });
    // Known Monday 2025-05-19: 2025-06-19 is Corpus Christi in Bavaria, not in Hamburg.
    expect(appealDeadline('2025-05-15', 'BY').deadline).toBe('2025-06-20');
    expect(appealDeadline('2025-05-15', 'HH').deadline).toBe('2025-06-19');
  });

  it('gives a year where the notice lacks instructions on the remedy', () => {
    expect(appealDeadline('2025-02-03', 'HH', true)).toEqual({ known: '2025-02-07', deadline: '2026-02-09', year: true });
  });
});
