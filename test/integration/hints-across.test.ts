// Hints across filings over HTTP, for each pair of forms the registry holds to each other (profitPairs
// in shared/forms/registry.ts): the income tax return's Anlage G and the EÜR, the trade tax return and
// the EÜR, the trade tax return and the corporate income tax return. Two filings of one client, of one
// tax number and year, give a hint naming the other filing and both profits where they differ, and none
// where they agree; so the whole path is tried: each form's profit.ts at submit, the figure kept on the
// ticket, the client's tickets read from their index.
import { describe, expect, it } from 'vitest';
import type { Kind } from '#shared/domain/ticket.ts';
import { euerExample } from '#shared/forms/euer/openapi.ts';
import { gewstExample } from '#shared/forms/gewst/openapi.ts';
import { kstExample } from '#shared/forms/kst/openapi.ts';
import { profitPairs } from '#shared/forms/registry.ts';
import { estSample } from '#test/support/samples.ts';
import { serviceOfFile } from '#test/support/local-service.ts';

// The contract examples' profits: the EÜR's of 2025, the KSt's of 2024 (their openapi.ts say so).
const euerProfit = 77040;
const kstProfit = 103660;

const euer = (tax_number: string) => ({ ...structuredClone(euerExample), tax_number });
const kst = (tax_number: string) => ({ ...structuredClone(kstExample), tax_number });
const gewst = (tax_number: string, year: number, profit: number) => {
  const body = structuredClone(gewstExample);
  body.gew_st1a.gewinn.e4001703 = profit;
  return { ...body, tax_number, year };
};
const est = (tax_number: string, year: number, profit: number) => ({
  ...estSample(),
  year,
  tax_number,
  trade: [{ person: 'taxpayer', businesses: [{ kind: 'Beratung', profit }] }],
});

const service = serviceOfFile();

async function accepted(kind: Kind, body: unknown, key?: string) {
  const reply = await service.submit(kind, body, key);
  expect(reply.status, JSON.stringify(reply.json)).toBe(202);
  return reply.json.data;
}

const profitHints = (data: { hints?: { code: string; message: string }[] }) => (data.hints ?? []).filter((hint) => hint.code === 'PROFIT_DIFFERS');
const euros = (amount: number) => `${amount.toFixed(2)} euros`;

describe('hints across filings', () => {
  it('pair the forms this test tries, and only those', () => {
    expect(profitPairs.map((pair) => [...pair].sort().join('+')).sort()).toEqual(['est+euer', 'euer+gewst', 'gewst+kst']);
  });

  it("hold the income tax return's Anlage G to the EÜR", async () => {
    const other = await accepted('euer', euer('9198011310010'));
    const differing = await accepted('est', est('9198011310010', 2025, 70000));
    expect(profitHints(differing)).toEqual([
      {
        path: '',
        code: 'PROFIT_DIFFERS',
        severity: 'hint',
        message: `The profit of this est filing (${euros(70000)}) differs from that of the euer filing ${other.ticket} for the same tax number and year (${euros(euerProfit)})`,
      },
    ]);
    // What a ticket keeps for the hints is never shown.
    expect((await service.call('GET', `/v2/ticket/${differing.ticket}`)).json.data).not.toHaveProperty('year_figures');
    expect(profitHints(await accepted('est', est('9198011310010', 2025, euerProfit)))).toEqual([]);
    // Another year is another business year.
    expect(profitHints(await accepted('est', est('9198011310010', 2024, 1)))).toEqual([]);
  });

  it('hold the trade tax return to the EÜR, the later filing to the newest of the other', async () => {
    await accepted('euer', euer('9198011310029'));
    const differing = await accepted('gewst', gewst('9198011310029', 2025, 50000));
    expect(profitHints(differing)).toEqual([
      expect.objectContaining({ message: expect.stringContaining(`(${euros(50000)}) differs from that of the euer filing`) }),
    ]);
    // The other way round: an EÜR filed after the GewSt is held to the client's newest GewSt.
    expect(profitHints(await accepted('euer', euer('9198011310029')))).toEqual([
      expect.objectContaining({ message: expect.stringContaining(`from that of the gewst filing ${differing.ticket}`) }),
    ]);
    expect(profitHints(await accepted('gewst', gewst('9198011310029', 2025, euerProfit)))).toEqual([]);
  });

  it('hold the trade tax return to the corporate income tax return', async () => {
    const other = await accepted('kst', kst('9198011310134'));
    expect(profitHints(await accepted('gewst', gewst('9198011310134', 2024, 60000)))).toEqual([
      expect.objectContaining({
        message: expect.stringContaining(`from that of the kst filing ${other.ticket} for the same tax number and year (${euros(kstProfit)})`),
      }),
    ]);
    expect(profitHints(await accepted('gewst', gewst('9198011310134', 2024, kstProfit)))).toEqual([]);
  });

  it("never hold a filing to another client's", async () => {
    await accepted('kst', kst('9198011310037'));
    const otherKey = await service.runtime.createApiKey('hints-other-client');
    expect(profitHints(await accepted('gewst', gewst('9198011310037', 2024, 1), otherKey))).toEqual([]);
  });

  it('leave out a filing the tax office rejected', async () => {
    // The sandbox rejects every test filing of this tax number (shared/sandbox/test-values.ts).
    const rejected = await accepted('kst', kst('9198080000015'));
    expect(await service.waitForStatus(rejected.ticket, ['delivered', 'rejected', 'failed'])).toMatchObject({ status: 'rejected' });
    expect(profitHints(await accepted('gewst', gewst('9198080000015', 2024, 1)))).toEqual([]);
  });
});
