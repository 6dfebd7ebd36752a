import { describe, expect, it } from 'vitest';
import { certificateProblems, certificateView, maxCertificateNameLength, nameProblems } from '#shared/domain/certificate.ts';
import { aCertificateRecord } from '#test/fakes.ts';

const now = new Date('2026-11-24T10:00:00.000Z');
const record = aCertificateRecord();

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
    const long = { ...record, subject: `CN=${'x'.repeat(55_286)}` };
    expect(certificateProblems(long, now)).toEqual([
      { code: 'CERTIFICATE_SUBJECT_TOO_LONG', message: 'has a subject of 55,289 characters: at most 1,024 are kept' },
    ]);
    const view = certificateView(long, now);
    expect(view).toMatchObject({ usable: false, problems: [{ code: 'CERTIFICATE_SUBJECT_TOO_LONG' }], issuer: 'CN=Muster GmbH' });
    expect(view.subject).toHaveLength(maxCertificateNameLength);
    expect(view.subject.endsWith('x…')).toBe(true);
  });

  it('is unusable when its key’s size was not known when it was kept (key_bits 0)', () => {
    const view = certificateView({ ...record, key_type: 'ec', key_bits: 0 }, now);
    expect(view).toMatchObject({ usable: false, problems: [{ code: 'CERTIFICATE_KEY_TOO_WEAK', message: expect.stringContaining('upload it again') }] });
    expect(certificateView(record, now)).toMatchObject({ usable: true, problems: [] });
  });
});
