import { describe, expect, it } from 'vitest';
import { certificateProblems, certificateView, maxCertificateNameLength, nameProblems } from '#shared/domain/certificate.ts';
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

const now = new Date('2026-11-24T10:00:00.000Z');
const checked = aCertificate({ key_type: 'rsa', key_bits: 2048 });

describe('nameProblems', () => {
  it('takes names of up to 1,024 characters, and refuses a longer subject or issuer, each with its own code', () => {
    const at = 'CN=' + 'x'.repeat(maxCertificateNameLength - 3);
    expect(maxCertificateNameLength).toBe(1024);
    expect(nameProblems({ subject: at, issuer: at })).toEqual([]);
    expect(nameProblems({ subject: `${at}x`, issuer: `${at}xx` })).toEqual([
      { code: 'CERTIFICATE_SUBJECT_TOO_LONG', message: 'has a subject of 1,025 characters: at most 1,024 are kept' },
      { code: 'CERTIFICATE_ISSUER_TOO_LONG', message: 'has an issuer of 1,026 characters: at most 1,024 are kept' },
    ]);
  });
});

describe('a certificate kept before names and keys were held to today’s rules', () => {
  it('is unusable, saying why, when its subject is too long; its view shows the name cut to the limit', () => {
    const long = { ...checked, subject: `CN=${'x'.repeat(55_286)}` };
    expect(certificateProblems(long, now)).toEqual([
      { code: 'CERTIFICATE_SUBJECT_TOO_LONG', message: 'has a subject of 55,289 characters: at most 1,024 are kept' },
    ]);
    const view = certificateView(long, now);
    expect(view).toMatchObject({ usable: false, problems: [{ code: 'CERTIFICATE_SUBJECT_TOO_LONG' }], issuer: 'CN=ELSTER' });
    expect(view.subject).toHaveLength(maxCertificateNameLength);
    expect(view.subject.endsWith('x…')).toBe(true);
  });

  it('is unusable when its key’s size was not known when it was kept (key_bits 0)', () => {
    const view = certificateView({ ...checked, key_type: 'ec', key_bits: 0 }, now);
    expect(view).toMatchObject({ usable: false, problems: [{ code: 'CERTIFICATE_KEY_TOO_WEAK', message: expect.stringContaining('upload it again') }] });
    expect(certificateView(checked, now)).toMatchObject({ usable: true, problems: [] });
  });
});
