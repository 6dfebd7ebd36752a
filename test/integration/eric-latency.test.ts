// ELSTER answers slowly: with the ERiC double taking a second per send, a batch of transmit messages
// is handled one after another, each ticket claimed only as its own send starts, so none lapses
// unsent and none is wrongly taken for uncertain. A second is slow enough: a batch claimed at once
// would show five tickets `processing` together for seconds, across many of the status polls.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doubleCertificate, doubleCounters, doublePin, ericDoubleHome } from '#test/eric-double/double.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

const home = ericDoubleHome(41);
const counters = doubleCounters(home);
const pollers = 2;
let service: LocalService;

beforeAll(async () => {
  service = await startService({
    pollerConcurrency: pollers,
    env: { TAX_AUTHORITY: 'eric', ERIC_HOME: home, ERIC_CERT_PATH: await doubleCertificate(), ERIC_CERT_PIN: doublePin, ERIC_DOUBLE_SEND_MS: '1000' },
  });
});
afterAll(() => service?.stop());

/** Submits the bodies at once and follows their tickets to the end, counting how many were `processing` together. */
async function transmitAll(bodies: unknown[]) {
  const tickets: string[] = await Promise.all(bodies.map(async (body) => (await service.submit('ustva', body)).json.data.ticket));
  let mostProcessing = 0;
  for (;;) {
    const statuses = await Promise.all(tickets.map(async (ticket) => (await service.call('GET', `/v2/status/${ticket}`)).json.data));
    mostProcessing = Math.max(mostProcessing, statuses.filter(({ status }) => status === 'processing').length);
    if (statuses.every(({ status }) => ['delivered', 'rejected', 'failed'].includes(status))) return { statuses, mostProcessing };
    // Slow enough to stay well inside the client's request budget.
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}

describe('transmitting while ELSTER takes 1 s per send', () => {
  it('delivers every ticket of a batch once, claiming each only as its send starts', async () => {
    const sends = counters.sends();
    const { statuses, mostProcessing } = await transmitAll(Array.from({ length: 5 }, () => ustvaSample()));
    expect(statuses.map(({ status, attempts }) => [status, attempts])).toEqual(Array.from({ length: 5 }, () => ['delivered', 1]));
    expect(mostProcessing).toBeLessThanOrEqual(pollers);
    expect(counters.sends()).toBe(sends + 5);
  }, 90_000);

  it('leaves only the ticket whose answer broke off uncertain', async () => {
    const body = ustvaSample();
    const uncertain = { ...body, supplier: { ...body.supplier, name: 'ERIC-DOUBLE:TIMEOUT' } };
    const { statuses } = await transmitAll([body, body, uncertain, body, body]);
    expect(statuses.map(({ status, error }) => error?.code ?? status)).toEqual(['delivered', 'delivered', 'TRANSMISSION_UNCERTAIN', 'delivered', 'delivered']);
  }, 90_000);
});
