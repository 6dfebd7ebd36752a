import { describe, expect, it } from 'vitest';
import { certificateView } from '#shared/domain/certificate.ts';
import { aCertificate } from '#test/fakes.ts';

describe('certificateView', () => {
  const record = aCertificate({ key_bits: 2048, wrong_pins: { a: '2026-11-24T10:00:00.000Z' }, locked_until: '2026-11-24T11:00:00.000Z' });

  it('shows a locked certificate as not usable, with the end of its lock, and never the PIN checks', () => {
    const locked = certificateView(record, new Date('2026-11-24T10:30:00.000Z'));
    expect(locked).toMatchObject({ usable: false, problems: [], locked_until: '2026-11-24T11:00:00.000Z' });
    expect(locked).not.toHaveProperty('wrong_pins');
  });

  it('shows it usable again once the lock has ended', () => {
    expect(certificateView(record, new Date('2026-11-24T11:00:00.000Z'))).toMatchObject({ usable: true, problems: [], locked_until: null });
  });

  it('shows an expired certificate as not usable, locked or not', () => {
    const expired = certificateView({ ...record, not_after: '2026-11-24T10:00:00.000Z' }, new Date('2026-11-24T11:30:00.000Z'));
    expect(expired).toMatchObject({ usable: false, problems: [expect.objectContaining({ code: 'CERTIFICATE_EXPIRED' })], locked_until: null });
  });
});
