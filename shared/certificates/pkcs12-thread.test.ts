import { describe, expect, it } from 'vitest';
import { onThread } from '#shared/certificates/pkcs12-thread.ts';
import { containerOfIterations, testPin } from '#test/support/certificates.ts';

describe('the PKCS#12 thread', () => {
  it('opens a legacy container at the iteration cap on another thread, the event loop turning meanwhile', async () => {
    const container = containerOfIterations('legacy', 100_000);
    let turns = 0;
    let opening = true;
    const turn = () => {
      turns++;
      if (opening) setImmediate(turn);
    };
    setImmediate(turn);
    const opened = await onThread({ op: 'leaf', container, pin: testPin, screenNames: false });
    opening = false;
    expect(opened).toMatchObject({ ok: true, key: { asymmetricKeyType: 'rsa' } });
    // Opened on this thread, the container would come back within the turn that asked for it.
    expect(turns).toBeGreaterThan(1);
  });

  it('refuses a wrong PIN, opens the next containers all the same, and leaves the caller its container', async () => {
    const container = containerOfIterations('legacy', 2048);
    const copy = Buffer.from(container);
    expect(await onThread({ op: 'pin', container, pin: '000000' })).toMatchObject({ ok: false, code: 'CERTIFICATE_PIN_WRONG' });
    const both = await Promise.all([onThread({ op: 'pin', container, pin: testPin }), onThread({ op: 'leaf', container, pin: testPin, screenNames: true })]);
    expect(both).toMatchObject([{ ok: true }, { ok: true, facts: { subject: 'CN=Muster GmbH, O=Steuerbote Test' } }]);
    expect(container).toEqual(copy);
  });
});
