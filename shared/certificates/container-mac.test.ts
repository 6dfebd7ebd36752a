import { describe, expect, it } from 'vitest';
import { maxIterationsText } from '#shared/certificates/pkcs12-limits.ts';
import { pinRefusal } from '#shared/certificates/pkcs12.ts';
import { container, containerValidUntil, testPin, withIterations } from '#test/support/certificates.ts';

describe('pinRefusal', () => {
  it.each(['modern', 'legacy', 'nokey'] as const)('verifies the MAC of a %s container', async (kind) => {
    const bytes = container(kind);
    expect(await pinRefusal(bytes, testPin)).toBeUndefined();
    expect(await pinRefusal(bytes, '654321')).toMatchObject({ code: 'CERTIFICATE_PIN_WRONG' });
  });

  it('reads a container made by another library (node-forge, 3DES and a SHA-1 MAC), with a PIN beyond ASCII', async () => {
    const pin = 'Grüße-€-1';
    const bytes = containerValidUntil(new Date('2030-01-01T00:00:00Z'), pin);
    expect(await pinRefusal(bytes, pin)).toBeUndefined();
    expect(await pinRefusal(bytes, 'Gruesse-1')).toMatchObject({ code: 'CERTIFICATE_PIN_WRONG' });
  });

  it('refuses a MAC of more iterations than the cap, naming it, without deriving', async () => {
    const refused = await pinRefusal(withIterations(container('modern'), 'mac', 2 ** 31), testPin);
    expect(refused).toMatchObject({ code: 'CERTIFICATE_INVALID', message: expect.stringContaining(maxIterationsText) });
  });

  it('says no to what is not a PKCS#12 container, or was changed', async () => {
    expect(await pinRefusal(Buffer.from('hello'), testPin)).toMatchObject({ code: 'CERTIFICATE_INVALID' });
    expect(await pinRefusal(Buffer.alloc(0), testPin)).toMatchObject({ code: 'CERTIFICATE_INVALID' });
    const changed = Buffer.from(container('modern'));
    changed.writeUInt8(changed.readUInt8(changed.length - 200) ^ 0xff, changed.length - 200);
    expect(await pinRefusal(changed, testPin)).toBeDefined();
  });
});
