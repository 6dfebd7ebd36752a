// The v2 API over real HTTP with TAX_AUTHORITY=eric, transmitting through the ERiC test double
// (test/eric-double) instead of ELSTER.

import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protocolStore } from '#shared/wiring/adapters.ts';
import { doubleCertificate, doubleCounters, doublePin, ericDoubleHome } from '#test/eric-double/double.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { estSample, ustSample, ustvaSample } from '#test/support/samples.ts';
import { lstaContractExample } from '#shared/forms/lsta/openapi.ts';
import { zmContractExample } from '#shared/forms/zm/openapi.ts';

const home = ericDoubleHome(41);
const counters = doubleCounters(home);
let service: LocalService;

beforeAll(async () => {
  service = await startService({
    env: { TAX_AUTHORITY: 'eric', ERIC_HOME: home, ERIC_CERT_PATH: await doubleCertificate(), ERIC_CERT_PIN: doublePin },
  });
});
afterAll(() => service?.stop());

describe('transmitting through ERiC', () => {
  it('names eric as the tax authority', async () => {
    const reply = await service.call('GET', '/v2/version');
    expect(reply.json.data.tax_authority).toBe('eric');
  });

  it('delivers a UStVA with the transfer ticket and protocol ERiC produced', async () => {
    const sends = counters.sends();
    const reply = await service.submit('ustva', ustvaSample());
    expect(reply.status).toBe(202);
    const metadata = await service.waitForStatus(reply.json.data.ticket, ['delivered', 'rejected', 'failed']);
    expect(metadata).toMatchObject({ status: 'delivered', attempts: 1, datenart_version: 'UStVA_2026' });
    expect(metadata.transfer_ticket).toMatch(/^[a-z0-9]{32}$/);
    expect(counters.sends()).toBe(sends + 1);

    const protocol = await service.call('GET', `/v2/protocol/${metadata.ticket}`, { headers: { accept: 'application/pdf' } });
    expect(protocol.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(protocol.bytes.slice()), { mergePages: true });
    expect(text).toContain('ERiC test double');
    expect(text).toContain(`Transfer ticket: ${metadata.transfer_ticket}`);
  });

  it('delivers an ESt', async () => {
    const reply = await service.submit('est', estSample());
    const metadata = await service.waitForStatus(reply.json.data.ticket, ['delivered', 'rejected', 'failed']);
    expect(metadata).toMatchObject({ status: 'delivered', datenart_version: 'ESt_2025', transfer_ticket: expect.stringMatching(/^[a-z0-9]{32}$/) });
  });

  it('delivers an annual VAT return under Datenart USt', async () => {
    const reply = await service.submit('ust', ustSample());
    const metadata = await service.waitForStatus(reply.json.data.ticket, ['delivered', 'rejected', 'failed']);
    expect(metadata).toMatchObject({ status: 'delivered', datenart_version: 'USt_2025', transfer_ticket: expect.stringMatching(/^[a-z0-9]{32}$/) });
  });

  it('delivers an LStA, an Anmeldung of its own Datenart', async () => {
    const reply = await service.submit('lsta', lstaContractExample);
    const metadata = await service.waitForStatus(reply.json.data.ticket, ['delivered', 'rejected', 'failed']);
    expect(metadata).toMatchObject({ status: 'delivered', datenart_version: 'LStA_2026', transfer_ticket: expect.stringMatching(/^[a-z0-9]{32}$/) });
  });

  it('delivers a ZM as ElsterExtern/ZMDO to the Bundeszentralamt für Steuern', async () => {
    const reply = await service.post('/v2/zm', zmContractExample);
    const metadata = await service.waitForStatus(reply.json.data.ticket, ['delivered', 'rejected', 'failed']);
    expect(metadata).toMatchObject({ status: 'delivered', datenart_version: 'ZMDO', transfer_ticket: expect.stringMatching(/^[a-z0-9]{32}$/) });
  });

  it('fails an uncertain transmission without retrying, keeping ELSTER’s answer for support', async () => {
    const sends = counters.sends();
    const body = ustvaSample();
    const reply = await service.submit('ustva', { ...body, supplier: { ...body.supplier, name: 'ERIC-DOUBLE:TIMEOUT' } });
    const ticket = reply.json.data.ticket;
    await service.waitForStatus(ticket, ['delivered', 'rejected', 'failed']);
    const status = await service.call('GET', `/v2/status/${ticket}`);
    expect(status.json.data).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: { code: 'TRANSMISSION_UNCERTAIN', details: [{ path: 'server_answer', code: 'SERVER_ANSWER_KEPT' }] },
    });
    expect(counters.sends()).toBe(sends + 1);
    const kept = await (await protocolStore()).get(ticket, `server-answer_${ticket}.xml`);
    expect(Buffer.from(kept!).toString('utf8')).toContain('<TransferHeader');
  });

  it('validates through ERiC as well, sending nothing', async () => {
    const sends = counters.sends();
    const post = (body: unknown) => service.post('/v2/ustva/validate', body);
    expect((await post(ustvaSample())).json.data).toEqual({ valid: true, datenart_version: 'UStVA_2026', findings: [] });
    const body = ustvaSample();
    const refused = (await post({ ...body, supplier: { ...body.supplier, name: 'ERIC-DOUBLE:PLAUSI' } })).json.data;
    expect(refused.valid).toBe(false);
    expect(refused.findings).toContainEqual(
      expect.objectContaining({ severity: 'error', rule: expect.any(String), code: expect.stringMatching(/^ELSTER_RULE_/) }),
    );
    expect(counters.sends()).toBe(sends);
  });

  it('closes every certificate handle and return buffer', () => {
    expect(counters.openCertificates()).toBe(0);
    expect(counters.openBuffers()).toBe(0);
    expect(counters.reentries()).toBe(0);
  });
});
