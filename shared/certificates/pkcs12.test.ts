import { describe, expect, it } from 'vitest';
import { openPkcs12 } from '#shared/certificates/pkcs12.ts';
import { container, containerValidUntil, forgeContainer, testPin, umlautPin, withIterations } from '#test/support/certificates.ts';

const now = new Date(Date.now() + 60_000);

describe('openPkcs12', () => {
  it.each(['modern', 'legacy'] as const)('opens a %s container with its PIN and reads the certificate', async (kind) => {
    const opened = await openPkcs12(container(kind), testPin, now);
    expect(opened).toEqual({
      ok: true,
      facts: {
        subject: 'CN=Muster GmbH, O=Steuerbote Test',
        issuer: 'CN=Muster GmbH, O=Steuerbote Test',
        serial: expect.stringMatching(/^[0-9a-f]+$/),
        not_before: expect.any(String),
        not_after: expect.any(String),
        fingerprint_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        key_type: 'rsa',
        key_bits: 2048,
      },
    });
  });

  it.each(['umlaut', 'umlaut-legacy'] as const)('opens an OpenSSL %s container whose PIN is beyond ASCII', async (kind) => {
    expect(await openPkcs12(container(kind), umlautPin, now)).toMatchObject({ ok: true });
    expect(await openPkcs12(container(kind), 'Grusse-Pin9', now)).toMatchObject({ ok: false, code: 'CERTIFICATE_PIN_WRONG' });
  });

  it('refuses a wrong PIN', async () => {
    expect(await openPkcs12(container('modern'), '654321', now)).toMatchObject({ ok: false, code: 'CERTIFICATE_PIN_WRONG' });
    expect(await openPkcs12(container('legacy'), '', now)).toMatchObject({ ok: false, code: 'CERTIFICATE_PIN_WRONG' });
  });

  it('refuses what is not a container, a container without a private key, and one without a MAC', async () => {
    expect(await openPkcs12(Buffer.from('not a container'), testPin, now)).toMatchObject({ ok: false, code: 'CERTIFICATE_INVALID' });
    expect(await openPkcs12(container('modern').subarray(0, 200), testPin, now)).toMatchObject({ ok: false, code: 'CERTIFICATE_INVALID' });
    expect(await openPkcs12(container('nokey'), testPin, now)).toMatchObject({ ok: false, code: 'CERTIFICATE_INVALID' });
    expect(await openPkcs12(container('nomac'), testPin, now)).toMatchObject({
      ok: false,
      code: 'CERTIFICATE_INVALID',
      message: expect.stringContaining('MAC'),
    });
  });

  it.each([
    ['its MAC', 'mac', 'modern'],
    ['its encryptions', 'encryption', 'modern'],
    ['its legacy encryptions', 'encryption', 'legacy'],
  ] as const)('refuses 2^31 iterations in %s, right PIN or wrong, naming the cap', async (_, where, kind) => {
    const bytes = withIterations(container(kind), where, 2 ** 31);
    for (const pin of [testPin, 'wrong']) {
      expect(await openPkcs12(bytes, pin, now)).toMatchObject({ ok: false, code: 'CERTIFICATE_INVALID', message: expect.stringContaining('100,000') });
    }
  });

  it.each([
    ['an expired certificate', () => containerValidUntil(), 'CERTIFICATE_EXPIRED'],
    ['a key beside another key’s certificate', () => forgeContainer({ foreignKey: true }), 'CERTIFICATE_KEY_MISMATCH'],
    ['a certificate not yet valid', () => forgeContainer({ notBefore: new Date(Date.now() + 864e5) }), 'CERTIFICATE_NOT_YET_VALID'],
    ['an RSA key of 1024 bits', () => forgeContainer({ bits: 1024 }), 'CERTIFICATE_KEY_TOO_WEAK'],
    ['a notBefore that is no time', () => forgeContainer({ unreadableTime: true }), 'CERTIFICATE_UNREADABLE'],
  ])('refuses %s', async (_, make, code) => {
    expect(await openPkcs12(make(), testPin, now)).toMatchObject({ ok: false, code });
  });

  it('decodes names by their string type and hides control, invisible and bidi characters', async () => {
    const opened = await openPkcs12(forgeContainer({ subject: 'Grüße\u0000\u202e\n GmbH\u200b', teletexOrganisation: 'M\u00fcller' }), testPin, now);
    expect(opened).toMatchObject({ ok: true, facts: { subject: 'CN=Grüße\uFFFD GmbH\uFFFD, O=Müller' } });
  });
});
