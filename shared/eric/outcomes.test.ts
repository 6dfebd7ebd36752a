import { describe, expect, it } from 'vitest';
import { describeCode } from '#shared/eric/outcomes.ts';

describe('describeCode', () => {
  it.each([
    [610001002, 'plausibility', undefined],
    [610301200, 'data', undefined],
    [610101210, 'refused', undefined],
    [610201106, 'configuration', 'ERIC_PIN_WRONG'],
    [610201111, 'configuration', 'ERIC_CERTIFICATE_UNREADABLE'],
    [610001016, 'configuration', 'ERIC_HERSTELLER_ID_NOT_ALLOWED'],
    [610001042, 'configuration', 'ERIC_DATENART_VERSION_UNKNOWN'],
    [610101278, 'not-sent', undefined],
    [610101283, 'uncertain', undefined],
    [610101271, 'uncertain', undefined],
  ] as const)('classes %i as %s', (code, kind, operatorCode) => {
    const described = describeCode(code);
    expect(described.class).toBe(kind);
    expect(described.operatorCode).toBe(operatorCode);
    expect(described.name).toMatch(/^ERIC_[A-Z0-9_]+$/);
  });

  it('never takes an unknown code as safe to send again', () => {
    expect(describeCode(610999999)).toEqual({ code: 610999999, name: 'UNKNOWN', class: 'uncertain' });
  });
});
