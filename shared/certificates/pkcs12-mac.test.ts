import { describe, expect, it } from 'vitest';
import { pinOpensContainer } from '#shared/certificates/pkcs12-mac.ts';
import { openPkcs12 } from '#shared/certificates/pkcs12.ts';
import { container, containerValidUntil, testPin } from '#test/support/certificates.ts';

describe('pinOpensContainer', () => {
  it.each(['modern', 'legacy', 'nokey'] as const)('agrees with the container parser on a %s container, by its MAC', (kind) => {
    const bytes = container(kind);
    expect(pinOpensContainer(bytes, testPin)).toBe(true);
    expect(pinOpensContainer(bytes, '654321')).toBe(false);
    expect(openPkcs12(bytes, '654321', new Date()).ok).toBe(false);
  });

  it('reads a container made by another library (node-forge, 3DES and a SHA-1 MAC), with a PIN beyond ASCII', () => {
    const pin = 'Grüße-€-1';
    const bytes = containerValidUntil(new Date('2030-01-01T00:00:00Z'), pin);
    expect(pinOpensContainer(bytes, pin)).toBe(true);
    expect(pinOpensContainer(bytes, 'Gruesse-1')).toBe(false);
  });

  it('says no to what is not a PKCS#12 container, or was changed', () => {
    expect(pinOpensContainer(Buffer.from('hello'), testPin)).toBe(false);
    expect(pinOpensContainer(Buffer.alloc(0), testPin)).toBe(false);
    const changed = Buffer.from(container('modern'));
    changed.writeUInt8(changed.readUInt8(changed.length - 200) ^ 0xff, changed.length - 200);
    expect(pinOpensContainer(changed, testPin)).toBe(false);
  });
});
