// The Lohnsteuer-Anmeldung through the local service, on ELSTER's own samples (lsta_{2022..2025}_ok.xml,
// test/support/elster.ts): each is accepted as the caller's XML and delivered with a protocol (their
// read-back round trip is samples-round-trip.test.ts's).

import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { elsterMissing, needsElster } from '#test/support/elster.ts';
import { sampleNutzdaten } from '#test/support/elster-samples.ts';
import { serviceOfFile } from '#test/support/local-service.ts';
import { deliveredProtocol } from '#test/support/year-end-delivery.ts';
import contractSample from '#shared/forms/lsta/fixtures/valid-contract-sample.json' with { type: 'json' };

const missing = elsterMissing('samples', 'schemas');

const service = serviceOfFile();

const taxNumber = '9198011310134';

/** Submits `body` as an LStA, waits until it is delivered, and returns its protocol's title. */
async function deliveredTitle(body: unknown): Promise<string | undefined> {
  const reply = await service.submit('lsta', body);
  expect(reply.status, reply.text).toBe(202);
  const ticket = await service.waitForStatus(reply.json.data.ticket, ['delivered', 'rejected', 'failed']);
  expect(ticket).toMatchObject({ status: 'delivered', kind: 'lsta', datenart_version: `LStA_${(body as { year: number }).year}` });
  const pdf = await service.call('GET', `/v2/protocol/${ticket.ticket}`, { headers: { accept: 'application/pdf' } });
  return (await PDFDocument.load(pdf.bytes, { updateMetadata: false })).getSubject();
}

describe.skipIf(missing).each([2022, 2023, 2024, 2025])("ELSTER's LStA sample of %i", needsElster, (year) => {
  const xml = missing ? '' : sampleNutzdaten(`lsta_${year}_ok.xml`, 'Anmeldungssteuern');
  const request = { test: true, year, tax_number: taxNumber, xml };

  it('is accepted as the caller’s XML and delivered with a protocol', async () => {
    expect(await deliveredTitle(request)).toBe(`Lohnsteuer-Anmeldung ${year}, Zeitraum Kalenderjahr`);
  });
});

describe('the protocol of an LStA', () => {
  it('shows each Kennzahl whole, a part beside its number wrapped in its column, never cut', async () => {
    const text = await deliveredProtocol(service, 'lsta', contractSample.body, 'LStA_2026', 'Lohnsteuer-Anmeldung 2026');
    // The text reads line by line: the Kennzahl's number, label and amount, then the rest of the Kennzahl below.
    expect(text).toMatch(/Kz 42 Summe der einzubehaltenden Lohnsteuer: laufendes Jahr 4\.520,50 €\nlfdJahr\n/);
    expect(text).toMatch(/Kz 61 Evangelische Kirchensteuer: laufendes Jahr 180,40 €\nlfdJahr\n/);
    expect(text).not.toContain('…');
  });
});

describe('GET /v2/version', () => {
  it('lists the LStA years accepted today', async () => {
    const { data } = (await service.call('GET', '/v2/version', { key: null })).json;
    expect(data.years.lsta).toEqual([2021, 2022, 2023, 2024, 2025, 2026]);
    expect(data.datenart_versions).toEqual(expect.arrayContaining(['LStA_2021', 'LStA_2026']));
  });
});
