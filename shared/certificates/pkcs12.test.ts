import { describe, expect, it } from 'vitest';
import { openPkcs12 } from '#shared/certificates/pkcs12.ts';
import { container, containerValidUntil, testPin } from '#test/support/certificates.ts';

const now = new Date('2026-11-24T10:00:00Z');

describe('openPkcs12', () => {
  it.each(['modern', 'legacy'] as const)('opens a %s container with its PIN and reads the certificate', (kind) => {
    const opened = openPkcs12(container(kind), testPin, now);
    expect(opened).toEqual({
      ok: true,
      facts: {
        subject: 'CN=Muster GmbH, O=Steuerbote Test',
        issuer: 'CN=Muster GmbH, O=Steuerbote Test',
        serial: expect.stringMatching(/^[0-9a-f]+$/),
        not_before: expect.any(String),
        not_after: expect.any(String),
        fingerprint_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
  });

  it('refuses a wrong PIN', () => {
    expect(openPkcs12(container('modern'), '654321', now)).toMatchObject({ ok: false, code: 'CERTIFICATE_PIN_WRONG' });
    expect(openPkcs12(container('legacy'), '', now)).toMatchObject({ ok: false, code: 'CERTIFICATE_PIN_WRONG' });
  });

  it('refuses what is not a container, and a container without a private key', () => {
    expect(openPkcs12(Buffer.from('not a container'), testPin, now)).toMatchObject({ ok: false, code: 'CERTIFICATE_INVALID' });
    expect(openPkcs12(container('modern').subarray(0, 200), testPin, now)).toMatchObject({ ok: false, code: 'CERTIFICATE_INVALID' });
    expect(openPkcs12(container('nokey'), testPin, now)).toMatchObject({ ok: false, code: 'CERTIFICATE_INVALID' });
  });

  it('refuses an expired certificate, saying when it expired', () => {
    expect(openPkcs12(containerValidUntil(), testPin, now)).toEqual({ ok: false, code: 'CERTIFICATE_EXPIRED', message: 'expired on 2025-01-01T00:00:00.000Z' });
  });
});
