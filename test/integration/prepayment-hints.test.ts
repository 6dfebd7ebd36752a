// The annual VAT return's prepayments held to the client's UStVAs over HTTP: each UStVA's Kz 83 is
// kept on its ticket when it is accepted (the ticket outlives the submitted body), and an E50 whose
// Vorauszahlungssoll (E3011301) differs from their sum, the newest filing of each period, is accepted
// with a hint naming both sums; one that agrees has none.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Kind } from '#shared/domain/ticket.ts';
import { serviceOfFile } from '#test/support/local-service.ts';

const fixture = (kind: Kind, name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'shared', 'forms', kind, 'fixtures', `${name}.json`), 'utf8')).body;

const taxNumber = '9198011310010';
const ustva = (period: string, kz81: number) => {
  const { widnr: _widnr, ...body } = fixture('ustva', 'widnr-pattern');
  return { ...body, tax_number: taxNumber, period, kennzahlen: { kz81, kz83: ((kz81 * 19) / 100).toFixed(2) } };
};
/** The E50 of 2025 with its prepayments, and the remaining amount that follows from them. */
const ust = (prepayments: number) => {
  const body = fixture('ust', 'valid-corrected');
  body.ust2a.berech_ust.tabelle.verbl_ust.e3011301 = prepayments.toFixed(2);
  body.ust2a.berech_ust.tabelle.zahl_erstatt.e3011401 = (19700 - prepayments).toFixed(2);
  return body;
};

const service = serviceOfFile();

async function accepted(kind: Kind, body: unknown) {
  const reply = await service.submit(kind, body);
  expect(reply.status, JSON.stringify(reply.json)).toBe(202);
  return reply.json.data;
}

const prepaymentHints = (data: { hints?: { code: string }[] }) => (data.hints ?? []).filter((hint) => hint.code === 'PREPAYMENTS_DIFFER');

describe('the prepayments of an annual VAT return', () => {
  it('are held to the sum of the UStVAs the client delivered for the tax number and year, the newest of each period', async () => {
    const delivered = [await accepted('ustva', ustva('01', 1000)), await accepted('ustva', ustva('02', 100)), await accepted('ustva', ustva('02', 2000))];
    for (const { ticket } of delivered) expect(await service.waitForStatus(ticket, ['delivered', 'rejected', 'failed'])).toMatchObject({ status: 'delivered' });
    // Kz 83: 190.00 for January, and February's correction 380.00 in place of its first 19.00.
    expect(prepaymentHints(await accepted('ust', ust(18000)))).toEqual([
      {
        path: '',
        code: 'PREPAYMENTS_DIFFER',
        severity: 'hint',
        message:
          'The prepayments this ust filing states (18000.00 euros) differ from the sum of the 2 ustva filings of this client for the same tax number and year, the newest of each period (570.00 euros)',
      },
    ]);
    expect(prepaymentHints(await accepted('ust', ust(570)))).toEqual([]);
    // What a ticket keeps for the hints is never shown.
    expect((await service.call('GET', `/v2/ticket/${delivered[0].ticket}`)).json.data).not.toHaveProperty('year_figures');
  });
});
