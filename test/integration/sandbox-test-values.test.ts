// The sandbox's test values (docs/guides/filing.md, "Sandbox test values") over HTTP into the local runtime: each
// test tax number passes the API's own checks and reaches its outcome, whatever the form; and the
// protocol says whom a return is for.

import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxTestValues, type SandboxTestOutcome } from '#shared/sandbox/test-values.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { estSample, ustvaSample } from '#test/support/samples.ts';

const taxNumberOf = (outcome: SandboxTestOutcome) => Object.keys(sandboxTestValues).find((taxNumber) => sandboxTestValues[taxNumber] === outcome)!;

describe('sandbox test values', () => {
  let service: LocalService;
  beforeAll(async () => {
    // A retry comes a second later rather than the default 30.
    service = await startService({ env: { TRANSMIT_RETRY_DELAY_SECONDS: '1', SANDBOX_TRANSIENT_FAILURE_RATE: '0' } });
  });
  afterAll(() => service?.stop());

  async function submitted(kind: 'ustva' | 'est', body: unknown): Promise<string> {
    const reply = await service.submit(kind, body);
    expect(reply.status, reply.text).toBe(202);
    return reply.json.data.ticket;
  }

  const status = async (ticket: string) => (await service.call('GET', `/v2/status/${ticket}`)).json.data;

  it.each(['ustva', 'est'] as const)('a %s to the rejecting tax number is rejected with findings shaped like ERiC’s', async (kind) => {
    const sample = kind === 'ustva' ? ustvaSample() : estSample();
    const ticket = await submitted(kind, { ...sample, tax_number: taxNumberOf('rejected') });
    await service.waitForStatus(ticket, ['rejected']);
    expect((await status(ticket)).error).toMatchObject({
      code: 'REJECTED',
      message: expect.stringContaining('610001002'),
      details: [{ path: 'Steuernummer', code: 'TEST_VALUE_REJECTED', rule: 'sandbox.TEST_VALUE_REJECTED', message: expect.any(String) }],
    });
  });

  it('the failing tax number fails, and is not retried', async () => {
    const ticket = await submitted('ustva', { ...ustvaSample(), tax_number: taxNumberOf('failed') });
    await service.waitForStatus(ticket, ['failed']);
    expect(await status(ticket)).toMatchObject({ attempts: 1, error: { code: 'ERIC_HERSTELLER_ID_NOT_ALLOWED' } });
  });

  it('the uncertain tax number fails with TRANSMISSION_UNCERTAIN', async () => {
    const ticket = await submitted('est', { ...estSample(), tax_number: taxNumberOf('uncertain') });
    await service.waitForStatus(ticket, ['failed']);
    const uncertain = await status(ticket);
    expect(uncertain).toMatchObject({ attempts: 1, error: { code: 'TRANSMISSION_UNCERTAIN', message: expect.stringContaining('reconcile') } });
    // What to reconcile with ELSTER's records, never the data itself.
    expect(uncertain.transmitted).toEqual({
      datenart_version: 'ESt_2025',
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      size: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(uncertain.transmitted.size).toBeGreaterThan(100);
    expect((await service.call('GET', `/v2/ticket/${ticket}`)).json.data.transmitted).toEqual(uncertain.transmitted);
  });

  it('the transient tax number fails its first attempt, is retried and delivered', async () => {
    const ticket = await submitted('ustva', { ...ustvaSample(), tax_number: taxNumberOf('transient') });
    await service.waitForStatus(ticket, ['delivered']);
    expect(await status(ticket)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('the slow tax number stays processing for a while, then is delivered', async () => {
    const ticket = await submitted('ustva', { ...ustvaSample(), tax_number: taxNumberOf('slow') });
    // The sandbox holds the answer for ten seconds: polling sees the ticket in the hands of the worker.
    await service.waitForStatus(ticket, ['processing']);
    await service.waitForStatus(ticket, ['delivered']);
  }, 60_000);

  it('is the tax number of a test tax office, which a live submission may not name', async () => {
    const reply = await service.submit('ustva', { ...ustvaSample(), test: false, tax_number: taxNumberOf('rejected') });
    expect(reply.status).toBe(422);
  });

  it('the protocol names the business, the client reference, the tax office, the tax number as written and the tax of Kz 81', async () => {
    const body = {
      ...ustvaSample(),
      // Finanzamt München (181), in Bayern's notation 181/815/08155.
      tax_number: '9181081508155',
      client_reference: 'INV-2026-03',
      business: { company_name: 'Muster Handels GmbH', street: 'Hauptstr.', house_number: '1', postal_code: '80331', city: 'München' },
    };
    const ticket = await submitted('ustva', body);
    await service.waitForStatus(ticket, ['delivered']);
    const pdf = (await service.call('GET', `/v2/protocol/${ticket}`, { headers: { accept: 'application/pdf' } })).bytes;
    const { text } = await extractText(await getDocumentProxy(pdf.slice()), { mergePages: true });
    expect(text).toContain('Für Muster Handels GmbH');
    expect(text).toContain('Ihre Referenz INV-2026-03');
    expect(text).toContain('Finanzamt München (181) Überschusseinkünfte (9181)');
    expect(text).toContain('181/815/08155');
    // Kz 81, 10.000 € at 19 %: its tax beside it.
    expect(text).toMatch(/Kz 81 .*10\.000 € 1\.900,00 €/);
  });
});
