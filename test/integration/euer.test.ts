// The Anlage EÜR over HTTP, from ELSTER's own samples (../shared/elster/samples, 2021 to 2023): each
// is accepted as the caller's E77 and delivered with a protocol showing the profit (their read-back
// round trip is samples-round-trip.test.ts's). The totals are checked by rule, or computed
// where a body leaves them out. Without ELSTER's files the samples' part says so and is skipped.
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { euerExample } from '#shared/forms/euer/openapi.ts';
import { profit } from '#shared/forms/euer/profit.ts';
import { serviceOfFile } from '#test/support/local-service.ts';
import { sampleNutzdaten } from '#test/support/elster-samples.ts';
import { elsterMissing, needsElster } from '#test/support/elster.ts';

const missing = elsterMissing('samples', 'schemas');

const samples = [2021, 2022, 2023].map((year) => ({ file: `euer_${year}_ok.xml`, year }));

const service = serviceOfFile();

/** Submits `body`, waits for its delivery, and answers the text of its protocol. */
async function delivered(body: unknown, year: number): Promise<string> {
  const reply = await service.submit('euer', body);
  expect(reply.status, JSON.stringify(reply.json)).toBe(202);
  const ticket = await service.waitForStatus(reply.json.data.ticket, ['delivered', 'rejected', 'failed']);
  expect(ticket).toMatchObject({ status: 'delivered', datenart_version: `EUER_${year}` });
  const protocol = await service.call('GET', `/v2/protocol/${ticket.ticket}`, { headers: { accept: 'application/pdf' } });
  expect(protocol.status).toBe(200);
  const { text } = await extractText(await getDocumentProxy(protocol.bytes.slice()), { mergePages: true });
  expect(text).toContain(`Anlage EÜR ${year}`);
  return text;
}

describe.skipIf(missing)("ELSTER's E77 samples", needsElster, () => {
  it.each(samples)('$file: accepted as XML and delivered with its protocol', async ({ file, year }) => {
    const request = { test: true, year, tax_number: '9198011310010', xml: sampleNutzdaten(file, 'E77') };
    expect(await delivered(request, year)).toContain('Summe der Betriebseinnahmen');
  });
});

describe('the Anlage EÜR', () => {
  it('computes the sums and the profit a body leaves out, writes them, and shows the profit in the protocol', async () => {
    const reply = await service.post('/v2/euer/validate?include=nutzdaten', euerExample);
    expect(reply.json.data).toMatchObject({ valid: true, datenart_version: 'EUER_2025', findings: [] });
    expect(reply.json.data.nutzdaten).toContain('<GesamtSum><E6001201>99960,00</E6001201></GesamtSum>');
    expect(reply.json.data.nutzdaten).toContain('<Stpfl_GuV><E6007002>77040,00</E6007002><E6007202>77040,00</E6007202></Stpfl_GuV>');
    expect(profit({ ...euerExample, test: true })).toBe(77_040);
    expect(await delivered(euerExample, 2025)).toMatch(/Steuerpflichtiger Gewinn\/Verlust\s*77\.040,00/);
  });

  it('names each total that is not what its lines compute, by rule, with the amount they compute to', async () => {
    const body = structuredClone(euerExample) as typeof euerExample & Record<string, never>;
    Object.assign(body.euer.baus.fremdleistung, { sum: { e6001701: '4000.00' } });
    Object.assign(body.euer.bein, { gesamt_sum: { e6001201: '84000.00' } });
    Object.assign(body.euer, { ermittlung_gewinn: { stpfl_gu_v: { e6007202: '1.00' } } });
    const reply = await service.post('/v2/euer/validate', body);
    expect(reply.json.data.findings).toEqual([
      expect.objectContaining({ path: 'euer.baus.fremdleistung.sum.e6001701', code: 'TOTAL_MISMATCH', rule: 'EUER_LINE_SUM', expected: '6000.00' }),
      expect.objectContaining({ path: 'euer.bein.gesamt_sum.e6001201', code: 'TOTAL_MISMATCH', rule: 'EUER_INCOME_TOTAL', expected: '99960.00' }),
      expect.objectContaining({ path: 'euer.ermittlung_gewinn.stpfl_gu_v.e6007202', code: 'TOTAL_MISMATCH', rule: 'EUER_PROFIT', expected: '77040.00' }),
    ]);
    expect((await service.submit('euer', body)).status).toBe(422);
  });

  it('is listed with its years in GET /v2/version', async () => {
    const reply = await service.call('GET', '/v2/version');
    expect(reply.json.data.years.euer).toEqual([2021, 2022, 2023, 2024, 2025]);
  });
});
