import { describe, expect, it } from 'vitest';
import { kennzahlHints } from '#shared/forms/ustva/kennzahl-hints.ts';
import type { UstvaFigures } from '#shared/forms/ustva/model.ts';
import { rulePairs, zeroHinted } from '#test/support/ustva-rule-kennzahlen.ts';

const hintsOf = (kennzahlen: UstvaFigures['kennzahlen'], extra: Partial<UstvaFigures> = {}) =>
  kennzahlHints({ year: 2025, period: '03', kennzahlen, ...extra }).map(({ path, rule, severity }) => `${path} ${rule} ${severity}`);

describe('kennzahlHints: Kennzahlen sent as zero', () => {
  const pairs = new Map(rulePairs(2025));
  const alone = zeroHinted(2025).filter((kz) => !pairs.has(kz));

  it("reads the Kennzahlen from the list of ERiC's rules", () => {
    expect(alone.length).toBeGreaterThan(20);
    expect(pairs.size).toBeGreaterThan(5);
  });

  it.each(alone)('Kz %s', (kz) => {
    expect(hintsOf({ [`kz${kz}`]: 0 })).toEqual([`kennzahlen.kz${kz} UStVA_Kz${kz}_Nullwertangabe_Hinweis hint`]);
    expect(hintsOf({ [`kz${kz}`]: 1 })).not.toContainEqual(expect.stringContaining('Nullwertangabe'));
  });

  it.each([...pairs])('Kz %s with its tax Kz %s, both zero', (base, tax) => {
    expect(hintsOf({ [`kz${base}`]: 0, [`kz${tax}`]: '0.00' })).toEqual([`kennzahlen.kz${base} UStVA_Kz${base}_Nullwertangabe_Hinweis hint`]);
  });

  it('not in a corrected return, which may clear a value with 0, nor for Kz 81', () => {
    expect(hintsOf({ kz41: 0 }, { flags: { corrected: true } })).toEqual([]);
    expect(hintsOf({ kz81: 0, kz83: '0.00' })).toEqual([]);
  });
});

describe('kennzahlHints: a tax implausible for its base', () => {
  it.each([
    ['35', '36', 1000, ['50.00', '190.00', '40.00', '200.00'], ['39.99', '200.01']],
    ['46', '47', 1000, ['190.00'], ['200.01']],
    ['73', '74', 1000, ['190.00'], ['200.01']],
    ['76', '80', 1000, ['53.00', '122.00'], ['42.99', '122.01']],
    ['84', '85', 1000, ['0.00', '-10.00'], ['-10.01', '200.01']],
    ['94', '96', 1000, ['150.00', '200.00'], ['149.99', '200.01']],
    ['95', '98', 1000, ['40.00'], ['39.99']],
    ['35', '36', 0, ['10.00', '-10.00'], ['10.01', '-10.01']],
    ['35', '36', -1000, ['-190.00', '-50.00'], ['-200.01', '-39.99']],
  ])('Kz %s and %s: base %i', (base, tax, amount, plausible, implausible) => {
    const rule = `kennzahlen.kz${tax} UStVA_Kz${base}_und_${tax}_Verhaeltnis_Hinweis hint`;
    for (const value of plausible) expect(hintsOf({ [`kz${base}`]: amount, [`kz${tax}`]: value })).not.toContain(rule);
    for (const value of implausible) expect(hintsOf({ [`kz${base}`]: amount, [`kz${tax}`]: value })).toContain(rule);
  });

  it("takes each year's ratios: Kz 80 up to 9.5 % in 2022, Kz 85 from 5 % in 2022, none in 2021", () => {
    expect(hintsOf({ kz76: 1000, kz80: '105.01' }, { year: 2022 })).toEqual(['kennzahlen.kz80 UStVA_Kz76_und_80_Verhaeltnis_Hinweis hint']);
    expect(hintsOf({ kz76: 1000, kz80: '105.01' }, { year: 2023 })).toEqual([]);
    expect(hintsOf({ kz76: 1000, kz80: '110.01' }, { year: 2024 })).toEqual(['kennzahlen.kz80 UStVA_Kz76_und_80_Verhaeltnis_Hinweis hint']);
    expect(hintsOf({ kz84: 1000, kz85: '30.00' }, { year: 2022 })).toEqual(['kennzahlen.kz85 UStVA_Kz84_und_85_Verhaeltnis_Hinweis hint']);
    expect(hintsOf({ kz35: 1000, kz36: '500.00' }, { year: 2021 })).toEqual([]);
  });
});

describe('kennzahlHints: input tax on acquisitions without one (UstVA_Kz61_ohne_Kz89_Kz93_Kz95)', () => {
  it('hints from 2023', () => {
    expect(hintsOf({ kz61: '19.00' })).toEqual(['kennzahlen.kz61 UstVA_Kz61_ohne_Kz89_Kz93_Kz95 hint']);
    expect(hintsOf({ kz61: '19.00', kz89: 100 })).toEqual([]);
    expect(hintsOf({ kz61: '19.00' }, { year: 2022 })).toEqual([]);
  });
});
