import { describe, expect, it } from 'vitest';
import { ustvaFacts } from '#shared/forms/ustva/facts.ts';
import { ustvaForm, ustvaPairs } from '#shared/forms/ustva/kennzahlen.ts';

const kennzahlenOf = (year: number, kind: string) =>
  [...(ustvaForm(year) ?? [])]
    .filter(([, spec]) => spec.kind === kind)
    .map(([kz]) => kz)
    .sort();

describe('ustvaForm', () => {
  it('knows the form of every supported year and no other', () => {
    for (const year of ustvaFacts.years) expect(ustvaForm(year)).toBeDefined();
    expect(ustvaForm(2020)).toBeUndefined();
    expect(ustvaForm(2027)).toBeUndefined();
  });

  it.each([2021, 2022])('%i has no 0 %% rate yet: no Kz 87 and 90, and otherwise the Kennzahlen of 2023', (year) => {
    expect([...ustvaForm(year)!.keys()].sort()).toEqual([...ustvaForm(2023)!.keys()].filter((kz) => kz !== '87' && kz !== '90').sort());
  });

  it.each(ustvaFacts.years.filter((year) => year >= 2023))('%i has the bases and tax amounts of the form', (year) => {
    expect(kennzahlenOf(year, 'base')).toEqual(
      [
        '81',
        '86',
        '87',
        '35',
        '77',
        '76',
        '41',
        '44',
        '49',
        '43',
        '48',
        '91',
        '89',
        '93',
        '90',
        '95',
        '94',
        '46',
        '73',
        '84',
        '42',
        '60',
        '21',
        '45',
        '50',
      ].sort(),
    );
    expect(kennzahlenOf(year, 'tax')).toEqual(
      ['36', '80', '98', '96', '47', '74', '85', '66', '61', '62', '67', '63', '59', '64', '65', '69', '39', '83', '37'].sort(),
    );
  });

  it('adds the date Kz 70 from 2025 on', () => {
    expect(kennzahlenOf(2024, 'date')).toEqual([]);
    expect(kennzahlenOf(2025, 'date')).toEqual(['70']);
    expect(kennzahlenOf(2026, 'date')).toEqual(['70']);
  });

  it('widens the label of Kz 48 to § 19 sales from 2025 on', () => {
    expect(ustvaForm(2024)?.get('48')?.label).not.toContain('§ 19');
    expect(ustvaForm(2025)?.get('48')?.label).toContain('§ 19 Abs. 1 UStG');
  });

  it('carries the rate of the bases whose tax the form computes, and only those', () => {
    const rates = [...(ustvaForm(2026) ?? [])].filter(([, spec]) => spec.rate !== undefined).map(([kz, spec]) => [kz, spec.rate]);
    expect(Object.fromEntries(rates)).toEqual({ '81': 0.19, '86': 0.07, '89': 0.19, '93': 0.07 });
  });

  it('marks 50 and 37 as memo figures', () => {
    const memos = [...(ustvaForm(2026) ?? [])].filter(([, spec]) => spec.memo).map(([kz]) => kz);
    expect(memos.sort()).toEqual(['37', '50']);
  });

  it.each(['09', '10', '22', '26', '29', '52', '53', '78', '79'])('has no Kz %s: flags, Kz09 and the Kennzahlen of older forms', (kz) => {
    for (const year of ustvaFacts.years) expect(ustvaForm(year)?.has(kz)).toBe(false);
  });

  it('gives every Kennzahl a German label', () => {
    for (const year of ustvaFacts.years) for (const [, spec] of ustvaForm(year) ?? []) expect(spec.label.length).toBeGreaterThan(10);
  });
});

describe('ustvaPairs', () => {
  it('pairs a base with a tax amount of every supported form', () => {
    expect(ustvaPairs.map(([b, t]) => `${b}/${t}`)).toEqual(['35/36', '76/80', '95/98', '94/96', '46/47', '73/74', '84/85']);
    for (const year of ustvaFacts.years) {
      for (const [b, t] of ustvaPairs) {
        expect(ustvaForm(year)?.get(b)?.kind).toBe('base');
        expect(ustvaForm(year)?.get(t)?.kind).toBe('tax');
      }
    }
  });
});
