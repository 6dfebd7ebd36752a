import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { containerLeaf, openPkcs12 } from '#shared/certificates/pkcs12.ts';
import {
  container,
  containerOfCurve,
  containerOfIterations,
  containerValidUntil,
  forgeContainer,
  keptCurves,
  testPin,
  umlautPin,
  withIterations,
  withKeyCopies,
} from '#test/support/certificates.ts';

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

  it('escapes what would make one value read as more attributes, as RFC 4514 does', async () => {
    const opened = await openPkcs12(forgeContainer({ subject: 'Muster GmbH, O=Finanzamt München' }), testPin, now);
    expect(opened).toMatchObject({ ok: true, facts: { subject: 'CN=Muster GmbH\\, O=Finanzamt München' } });
  });

  it('opens a legacy container of four shrouded keys, each decrypted off the event loop', async () => {
    const bytes = await withKeyCopies(containerOfIterations('legacy', 2048, true), 4);
    expect(await openPkcs12(bytes, testPin, now)).toMatchObject({ ok: true, facts: { key_type: 'rsa', key_bits: 2048 } });
  });

  it.each([
    ['a subject', { subjectUnits: Array.from({ length: 55 }, () => 'x'.repeat(1000)) }, 'CERTIFICATE_SUBJECT_TOO_LONG', 'a subject of 55,289 characters'],
    ['an issuer', { issuerUnits: ['x'.repeat(1100)] }, 'CERTIFICATE_ISSUER_TOO_LONG', 'an issuer of 1,119 characters'],
  ])('refuses %s longer than 1,024 characters', async (_, options, code, message) => {
    expect(await openPkcs12(forgeContainer(options), testPin, now)).toEqual({ ok: false, code, message: expect.stringContaining(message) });
  });

  it.each([
    ['prime192v1', 'P-192'],
    ['secp224r1', 'P-224'],
    ['secp256k1', 'the Bitcoin curve'],
    ['brainpoolP256r1', 'a curve ELSTER does not issue'],
  ])('refuses an EC key on %s (%s)', async (curve) => {
    expect(await openPkcs12(containerOfCurve(curve), testPin, now)).toEqual({
      ok: false,
      code: 'CERTIFICATE_KEY_TOO_WEAK',
      message: `has an EC key on the curve ${curve}: only P-256, P-384 and P-521 are accepted`,
    });
  });

  it.each(keptCurves)('keeps a key on %s and reports its size', async (curve, key_type, key_bits) => {
    expect(await openPkcs12(containerOfCurve(curve), testPin, now)).toMatchObject({ ok: true, facts: { key_type, key_bits } });
  });
});

describe('containerLeaf', () => {
  it('hands back the certificate of the private key whatever its validity, as the re-sealing compares it', async () => {
    const bytes = containerValidUntil();
    const leaf = await containerLeaf(bytes, testPin);
    expect(leaf).toMatchObject({ ok: true, facts: { not_after: '2025-01-01T00:00:00.000Z' } });
    if (!leaf.ok) return;
    expect(leaf.facts.fingerprint_sha256).toBe(createHash('sha256').update(leaf.certificate.raw).digest('hex'));
    expect(await containerLeaf(bytes, '000000')).toMatchObject({ ok: false, code: 'CERTIFICATE_PIN_WRONG' });
  });
});
