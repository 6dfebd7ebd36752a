// Two clients file through ERiC at once, each with its own certificate (one PIN stored, one given
// per submission), beside tickets the stage's certificate signs: the ERiC double, which opens each
// container with its own PIN only and counts sends per container, shows every transmission used
// the certificate its ticket names, and no other.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doubleCertificate, doubleCounters, doublePin, ericDoubleHome } from '#test/eric-double/double.ts';
import { containerValidUntil } from '#test/support/certificates.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

// ERiC 44 opens a client's container from memory; eric.test.ts covers the file an older ERiC needs.
const home = ericDoubleHome(44);
const counters = doubleCounters(home);
const nextYear = new Date(Date.now() + 365 * 86_400_000);
const clients = {
  a: { pin: 'pin-of-a-1', pinStorage: 'stored', container: containerValidUntil(nextYear, 'pin-of-a-1') },
  b: { pin: 'pin-of-b-2', pinStorage: 'per_submission', container: containerValidUntil(nextYear, 'pin-of-b-2') },
} as const;
let service: LocalService;
const keys: Record<string, string> = {};

beforeAll(async () => {
  service = await startService({
    pollerConcurrency: 2,
    env: { TAX_AUTHORITY: 'eric', ERIC_HOME: home, ERIC_CERT_PATH: await doubleCertificate(), ERIC_CERT_PIN: doublePin },
  });
  for (const [name, client] of Object.entries(clients)) {
    keys[name] = await service.runtime.createApiKey(`client-${name}`);
    counters.registerCertificate(client.container, client.pin);
  }
});
afterAll(() => service?.stop());

describe('two clients filing through ERiC, each with its own certificate', () => {
  it('signs every transmission with the certificate its ticket names', async () => {
    const perClient = 6;
    const stageSends = counters.sends();
    const submissions = await Promise.all(
      Object.entries(clients).map(async ([name, client]) => {
        const upload = await service.post(
          '/v2/certificates',
          { pkcs12: client.container.toString('base64'), pin: client.pin, pin_storage: client.pinStorage },
          keys[name],
        );
        expect(upload.status).toBe(201);
        const certificate_id = upload.json.data.certificate_id as string;
        const headers = { 'content-type': 'application/json', ...(client.pinStorage === 'per_submission' && { 'elster-pin': client.pin }) };
        const body = JSON.stringify({ ...ustvaSample(), certificate_id });
        const replies = await Promise.all(Array.from({ length: perClient }, () => service.call('POST', '/v2/ustva', { body, headers, key: keys[name] })));
        expect(replies.map((reply) => reply.status)).toEqual(Array.from({ length: perClient }, () => 202));
        return replies.map((reply) => ({ ticket: reply.json.data.ticket as string, key: keys[name]!, certificate_id }));
      }),
    );
    const stageTickets = await Promise.all([service.submit('ustva', ustvaSample()), service.submit('ustva', ustvaSample())]);

    for (const { ticket, key, certificate_id } of submissions.flat()) {
      expect(await service.waitForStatus(ticket, ['delivered', 'rejected', 'failed'], key)).toMatchObject({ status: 'delivered', certificate_id });
    }
    for (const reply of stageTickets) {
      const done = await service.waitForStatus(reply.json.data.ticket, ['delivered', 'rejected', 'failed']);
      expect(done.status).toBe('delivered');
      expect(done).not.toHaveProperty('certificate_id');
    }
    expect(counters.sendsWith(clients.a.container)).toBe(perClient);
    expect(counters.sendsWith(clients.b.container)).toBe(perClient);
    expect(counters.sends()).toBe(stageSends + 2 * perClient + 2);
    expect(counters.openCertificates()).toBe(0);
  }, 60_000);
});
