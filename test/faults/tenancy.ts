// Tenancy: one client's tickets do not exist for another, on every read and on both resends.

import { eventually, startService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';
import { quiet } from './env.ts';
import type { Scenario } from './figures.ts';

const reads = ['/v2/ticket/', '/v2/status/', '/v2/protocol/', '/v2/response/'];

export const tenancy: Scenario<{ ticketsPerClient: number }> = {
  name: 'tenancy',
  mustBeZero: ['crossClientNot404', 'ownReadsNot2xx'],
  async run({ ticketsPerClient }) {
    const service = await startService({ env: { ...quiet, HOOK_ENABLED: 'true' } });
    try {
      const keys = [service.runtime.apiKey, await service.runtime.createApiKey('tenant-b')];
      const owned = await Promise.all(
        keys.map(async (key) => {
          const tickets: string[] = [];
          for (let i = 0; i < ticketsPerClient; i++) tickets.push((await service.submit('ustva', ustvaSample(), key)).json.data.ticket);
          for (const ticket of tickets) {
            await service.waitForStatus(ticket, ['delivered'], key);
            // A resend while the first delivery is still under way is refused (409), not a tenancy failure.
            await eventually(async () => (await service.call('GET', `/v2/ticket/${ticket}`, { key })).json.data.webhook.status === 'delivered');
          }
          return tickets;
        }),
      );
      let crossClientReads = 0;
      let crossClientNot404 = 0;
      let ownReadsNot2xx = 0;
      for (const [owner, tickets] of owned.entries()) {
        for (const [i, ticket] of tickets.entries()) {
          for (const [reader, key] of keys.entries()) {
            const calls = [
              ...reads.flatMap((path) => ['GET', 'HEAD'].map((method) => service.call(method, path + ticket, { key }))),
              // A resend leaves the webhook pending, which refuses another: one of the two for each ticket.
              i % 2
                ? service.call('POST', `/v2/ticket/${ticket}/webhooks`, { key })
                : service.call('GET', `/dummy/hook-run/${ticket}`, { key, base: 'receiver' }),
            ];
            for (const reply of await Promise.all(calls)) {
              if (reader === owner) {
                // Reads answer 200 and the resend 202: a 404 here would make the cross-client figure meaningless.
                if (reply.status < 200 || reply.status > 299) ownReadsNot2xx++;
              } else {
                crossClientReads++;
                if (reply.status !== 404) crossClientNot404++;
              }
            }
          }
        }
      }
      return { clients: keys.length, tickets: owned.flat().length, crossClientReads, crossClientNot404, ownReadsNot2xx };
    } finally {
      await service.stop();
    }
  },
};
