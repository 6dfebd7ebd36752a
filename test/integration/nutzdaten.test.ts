// What is (or would be) transmitted, seen by the caller: validate with ?include=nutzdaten, and the
// Nutzdaten a delivered ticket was sent with, kept beside its protocol.

import { describe, expect, it } from 'vitest';
import { newTicketId } from '#shared/domain/ticket.ts';
import { ticketStore } from '#shared/wiring/adapters.ts';
import { aTicket } from '#test/fakes.ts';
import { serviceOfFile } from '#test/support/local-service.ts';
import { estSample, ustvaSample } from '#test/support/samples.ts';

const service = serviceOfFile();

const post = (path: string, body: unknown) => service.post(path, body);

describe('POST /v2/{kind}/validate?include=nutzdaten', () => {
  it('answers the UStVA Nutzdaten a valid body would be sent with, which pass its own check as XML', async () => {
    const { data } = (await post('/v2/ustva/validate?include=nutzdaten', ustvaSample())).json;
    expect(data.valid).toBe(true);
    expect(data.nutzdaten).toMatch(/^<Anmeldungssteuern xmlns="http:\/\/finkonsens\.de\/elster\/elsteranmeldung\/ustva\/v2026" version="2026">/);
    // Sent back as the caller's own XML, it passes the same strict reading and structure check.
    const { year, tax_number } = ustvaSample();
    const again = (await post('/v2/ustva/validate', { year, tax_number, xml: data.nutzdaten })).json.data;
    expect(again).toMatchObject({ valid: true, findings: [] });
  });

  it('answers the E10 of a valid income tax return', async () => {
    const { data } = (await post('/v2/est/validate?include=nutzdaten', estSample())).json;
    expect(data.nutzdaten).toMatch(/^<E10 /);
  });

  it('leaves them out without include, and for a body with errors', async () => {
    expect((await post('/v2/ustva/validate', ustvaSample())).json.data).not.toHaveProperty('nutzdaten');
    const invalid = (await post('/v2/ustva/validate?include=nutzdaten', { ...ustvaSample(), kennzahlen: { kz81: 100, kz83: '1.00' } })).json.data;
    expect(invalid.valid).toBe(false);
    expect(invalid).not.toHaveProperty('nutzdaten');
  });

  it('refuses anything else to include, naming it', async () => {
    const reply = await post('/v2/ustva/validate?include=nutzdaten,protocol', ustvaSample());
    expect(reply.status).toBe(400);
    expect(reply.json.error).toMatchObject({ code: 'BAD_REQUEST', details: [{ path: 'include', code: 'INCLUDE_UNKNOWN' }] });
  });
});

describe('GET /v2/ticket/{ticket}/nutzdaten', () => {
  it('returns what a delivered ticket was transmitted with, as JSON or as the raw XML', async () => {
    const ticket = (await service.submit('ustva', ustvaSample())).json.data.ticket;
    await service.waitForStatus(ticket, ['delivered']);
    const reply = await service.call('GET', `/v2/ticket/${ticket}/nutzdaten`);
    expect(reply.status).toBe(200);
    expect(reply.json.data).toMatchObject({
      ticket,
      kind: 'ustva',
      datenart_version: 'UStVA_2026',
      file_name: `Nutzdaten_ustva_${ticket}.xml`,
      content_type: 'application/xml',
      nutzdaten: expect.stringMatching(/^<Anmeldungssteuern .*<Kz81>10000<\/Kz81>/),
    });
    const raw = await service.call('GET', `/v2/ticket/${ticket}/nutzdaten`, { headers: { accept: 'application/xml' } });
    expect(raw.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(raw.text).toBe(reply.json.data.nutzdaten);

    const otherKey = await service.runtime.createApiKey('other-client');
    expect((await service.call('GET', `/v2/ticket/${ticket}/nutzdaten`, { key: otherKey })).status).toBe(404);
  });

  it('is 409 until the ticket is delivered, and 404 where they were never kept', async () => {
    const queued = newTicketId();
    const now = new Date().toISOString();
    await ticketStore().create(aTicket({ ticket: queued, client_id: 'dev', created_at: now, updated_at: now }));
    const early = await service.call('GET', `/v2/ticket/${queued}/nutzdaten`);
    expect(early.status).toBe(409);
    expect(early.json.error.code).toBe('NOT_TRANSMITTED_YET');

    const old = newTicketId();
    await ticketStore().create(
      aTicket({ ticket: old, client_id: 'dev', status: 'delivered', file_name: `Uebertragungsprotokoll_ustva_${old}.pdf`, created_at: now, updated_at: now }),
    );
    expect((await service.call('GET', `/v2/ticket/${old}/nutzdaten`)).json.error.code).toBe('NOT_FOUND');
  });
});
