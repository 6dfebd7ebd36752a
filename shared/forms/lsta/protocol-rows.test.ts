import { describe, expect, it } from 'vitest';
import { lstaProtocolTitle, lstaRows } from '#shared/forms/lsta/protocol-rows.ts';

describe('the LStA protocol', () => {
  it('names the return and its Zeitraum', () => {
    expect(lstaProtocolTitle(2026, '10')).toBe('Lohnsteuer-Anmeldung 2026, Zeitraum Oktober');
    expect(lstaProtocolTitle(2025, '42')).toBe('Lohnsteuer-Anmeldung 2025, Zeitraum 2. Kalendervierteljahr');
    expect(lstaProtocolTitle(2024, '19')).toBe('Lohnsteuer-Anmeldung 2024, Zeitraum Kalenderjahr');
  });

  it('shows the flags, then each Kennzahl with its label in the order of the form', () => {
    const rows = lstaRows({
      year: 2025,
      period: '01',
      kennzahlen: {
        kz83: '1080.00',
        kz86: '3',
        kz42: '1000.00',
        kz42_vorjahr: '200.00',
        kz42_lfdjahr: '800.00',
        kz48: '1000.00',
        kz49: '0.00',
        kz61: '80.00',
        kz61_lfdjahr: '80.00',
      },
      flags: { corrected: true },
    });
    expect(rows.map(({ kz, label, value }) => `${kz} ${label}: ${value}`)).toEqual([
      '10 Berichtigte Anmeldung: ja',
      '42 Vorjahr Summe der einzubehaltenden Lohnsteuer: Vorjahr: 200,00 €',
      '42 lfdJahr Summe der einzubehaltenden Lohnsteuer: laufendes Jahr: 800,00 €',
      '42 Summe der einzubehaltenden Lohnsteuer: 1.000,00 €',
      '48 Verbleibende Lohnsteuer: 1.000,00 €',
      '49 Solidaritätszuschlag: 0,00 €',
      '61 lfdJahr Evangelische Kirchensteuer: laufendes Jahr: 80,00 €',
      '61 Evangelische Kirchensteuer: 80,00 €',
      '83 Gesamtbetrag: 1.080,00 €',
      '86 Zahl der Arbeitnehmer: 3',
    ]);
  });
});
