// The scheduled re-drive against the real local runtime: work whose wake-up never came is found and
// finished while the runtime runs, without a restart.

import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '#shared/config.ts';
import { dynamo } from '#shared/adapters/dynamo-client.ts';
import { runOperatorCommand } from '#test/support/operator-command.ts';
import { newTicketId, type Ticket } from '#shared/domain/ticket.ts';
import { ustvaSchema } from '#shared/forms/ustva/schema.ts';
import { parseOr422 } from '#test/support/parse-or-422.ts';
import { filingStore, ticketStore } from '#shared/wiring/adapters.ts';
import { aTicket } from '#test/fakes.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

const graceSeconds = 1;

describe('scheduled re-drive', () => {
  let service: LocalService | undefined;
  beforeAll(async () => {
    service = await startService({
      scheduleEverySeconds: 0.2,
      env: { REDRIVE_QUEUED_GRACE_SECONDS: String(graceSeconds), REDRIVE_WEBHOOK_GRACE_SECONDS: String(graceSeconds) },
    });
  });
  afterAll(() => service?.stop());

  /**
   * A ticket of the development key's client with its body, written straight to the running
   * stand-ins as a crash after the write would leave it: no wake-up is ever sent for it.
   */
  async function stranded(overrides: Partial<Ticket>): Promise<string> {
    const id = newTicketId();
    const now = new Date().toISOString();
    await filingStore().put(id, parseOr422(ustvaSchema, ustvaSample()));
    expect(await ticketStore().create(aTicket({ ticket: id, client_id: 'dev', created_at: now, updated_at: now, ...overrides }))).toBe(true);
    return id;
  }

  it('delivers a queued ticket whose wake-up was lost, once its grace period has passed', async () => {
    const id = await stranded({});
    const ticket = await service!.waitForStatus(id, ['delivered', 'rejected', 'failed']);
    expect(ticket).toMatchObject({ status: 'delivered', attempts: 1, transfer_ticket: expect.any(String) });
    // Woken by the schedule only after the grace period, not on the first tick.
    expect(Date.parse(ticket.delivered_at) - Date.parse(ticket.created_at)).toBeGreaterThanOrEqual(graceSeconds * 1000);
  });

  it('takes over a lapsed lease and, the sandbox tolerating it, sends again', async () => {
    const lapsed = new Date(Date.now() - 1000).toISOString();
    const id = await stranded({ status: 'processing', attempts: 1, lease_until: lapsed });
    expect(await service!.waitForStatus(id, ['delivered', 'rejected', 'failed'])).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('finds a ticket written before the indexes existed once an operator has run npm run tickets -- reindex', async () => {
    // As an earlier version wrote it: the ticket alone, without the attributes that put it in the index of owed work.
    const id = newTicketId();
    const now = new Date().toISOString();
    await filingStore().put(id, parseOr422(ustvaSchema, ustvaSample()));
    const item = marshall(aTicket({ ticket: id, client_id: 'dev', created_at: now, updated_at: now }), { removeUndefinedValues: true });
    await dynamo().send(new PutItemCommand({ TableName: tableName('tickets'), Item: item }));
    await new Promise((resolve) => setTimeout(resolve, (graceSeconds + 1) * 1000));
    expect((await service!.call('GET', `/v2/status/${id}`)).json.data.status).toBe('queued');

    const reindexed = await runOperatorCommand('tickets', service!.dataDir, ['reindex']);
    expect(reindexed).toMatchObject({ code: 0, output: expect.stringMatching(/^1 ticket reindexed on the local runtime$/m) });
    expect(await service!.waitForStatus(id, ['delivered', 'rejected', 'failed'])).toMatchObject({ status: 'delivered' });
    expect((await runOperatorCommand('tickets', service!.dataDir, ['reindex'])).output).toMatch(/^0 tickets reindexed/m);
  });
});
