// Hints across filings over HTTP: an income tax return is held to the client's corporate income tax
// return of the same tax number and year, through a table of pairs given here (the forms main pairs,
// the EÜR and the trade tax return, arrive on their own), so the whole path is tried: each form's
// profit.ts at submit, the figure kept on the ticket, the client's tickets read from their index.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Kind } from '#shared/domain/ticket.ts';
import { kstExample } from '#shared/forms/kst/openapi.ts';
import { estSample } from '#test/support/samples.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';

vi.mock('#shared/forms/registry.ts', async (original) => {
  const registry = await original<typeof import('#shared/forms/registry.ts')>();
  return { ...registry, profitPartners: (kind: Kind) => registry.profitPartners(kind, [['est', 'kst']]) };
});

// The KSt's contract example declares a profit of 103,660 euros for 2024.
const kstProfit = 103660;
const kst = (taxNumber: string) => ({ ...structuredClone(kstExample), tax_number: taxNumber });
const est = (taxNumber: string, profit: number) => ({
  ...estSample(),
  year: 2024,
  tax_number: taxNumber,
  trade: [{ person: 'taxpayer', businesses: [{ kind: 'Beratung', profit }] }],
});

let service: LocalService;

beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service?.stop();
});

async function accepted(kind: Kind, body: unknown, key?: string) {
  const reply = await service.submit(kind, body, key);
  expect(reply.status, JSON.stringify(reply.json)).toBe(202);
  return reply.json.data;
}

const profitHints = (data: { hints?: { code: string }[] }) => (data.hints ?? []).filter((hint) => hint.code === 'PROFIT_DIFFERS');

describe('hints across filings', () => {
  it('name the other filing and both profits where they differ, and none where they agree', async () => {
    const other = await accepted('kst', kst('9198011310010'));
    const differing = await accepted('est', est('9198011310010', 90000));
    expect(profitHints(differing)).toEqual([
      {
        path: '',
        code: 'PROFIT_DIFFERS',
        severity: 'hint',
        message: `The profit of this est filing (90000.00 euros) differs from that of the kst filing ${other.ticket} for the same tax number and year (${kstProfit}.00 euros)`,
      },
    ]);
    // What a ticket keeps for the hints is never shown.
    expect((await service.call('GET', `/v2/ticket/${differing.ticket}`)).json.data).not.toHaveProperty('year_figures');
    // The other way round: a KSt filed after the ESt is held to the client's newest ESt.
    expect(profitHints(await accepted('kst', kst('9198011310010')))).toEqual([
      expect.objectContaining({ message: expect.stringContaining(`from that of the est filing ${differing.ticket}`) }),
    ]);
    expect(profitHints(await accepted('est', est('9198011310010', kstProfit + 0.5)))).toEqual([]);
    expect(profitHints(await accepted('est', est('9198011310029', 1)))).toEqual([]);
  });

  it("never hold a filing to another client's", async () => {
    await accepted('kst', kst('9198011310037'));
    const otherKey = await service.runtime.createApiKey('hints-other-client');
    expect(profitHints(await accepted('est', est('9198011310037', 1), otherKey))).toEqual([]);
  });

  it('leave out a filing the tax office rejected', async () => {
    // The sandbox rejects every test filing of this tax number (shared/sandbox/test-values.ts).
    const rejected = await accepted('kst', kst('9198080000015'));
    expect(await service.waitForStatus(rejected.ticket, ['delivered', 'rejected', 'failed'])).toMatchObject({ status: 'rejected' });
    expect(profitHints(await accepted('est', est('9198080000015', 1)))).toEqual([]);
  });
});
