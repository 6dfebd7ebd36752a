// Long names against the local runtime over HTTP: a submission signed with a certificate whose
// subject is as long as an upload keeps is delivered with a protocol that shows the subject cut to its
// line, and the listings answer pages of at most 1 MiB whose cursors together walk every item once,
// whatever records kept before names were bounded carry (a ticket's subject of 55,289 characters, a
// certificate's serial no upload bounds).

import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxCertificateNameLength, newCertificateId } from '#shared/domain/certificate.ts';
import { newTicketId } from '#shared/domain/ticket.ts';
import { maxListAnswerBytes } from '#shared/http/list-page.ts';
import { certificateStore, ticketStore } from '#shared/wiring/adapters.ts';
import { aTicket } from '#test/fakes.ts';
import { container, testPin } from '#test/support/certificates.ts';
import { startService, type LocalService, type Reply } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

const subject = `CN=${'Muster GmbH '.repeat(100)}`.slice(0, maxCertificateNameLength);
const keptSubject = `CN=${'Muster GmbH '.repeat(4_608)}`.slice(0, 55_289);
const signedTickets = 40;
const certificates = 25;

let service: LocalService;
let certificateId: string;

beforeAll(async () => {
  service = await startService();
  const uploaded = await service.post('/v2/certificates', { pkcs12: container('modern').toString('base64'), pin: testPin });
  expect(uploaded.status).toBe(201);
  // The longest subject an upload keeps, on the record of a certificate whose own is short.
  certificateId = uploaded.json.data.certificate_id;
  const record = (await certificateStore().get('dev', certificateId))!;
  await certificateStore().delete('dev', certificateId);
  await certificateStore().create({ ...record, subject });
}, 60_000);
afterAll(() => service?.stop());

const submit = async () => {
  const reply = await service.submit('ustva', { ...ustvaSample(), certificate_id: certificateId });
  expect(reply.status).toBe(202);
  return reply.json.data.ticket as string;
};

/** Every page of `path`, following `next_cursor` until it is null. */
async function walk(path: string): Promise<Reply[]> {
  const pages: Reply[] = [];
  let cursor: string | null = null;
  do {
    const page = await service.call('GET', cursor === null ? path : `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`);
    expect(page.status).toBe(200);
    pages.push(page);
    cursor = page.json.data.next_cursor ?? null;
  } while (cursor !== null);
  return pages;
}

describe('long names', () => {
  it('as long as an upload keeps sign a submission that is delivered with a protocol showing the subject cut to its line', async () => {
    const ticket = await submit();
    expect(await service.waitForStatus(ticket, ['delivered', 'rejected', 'failed'])).toMatchObject({ status: 'delivered', certificate_subject: subject });
    const protocol = await service.call('GET', `/v2/protocol/${ticket}`, { headers: { accept: 'application/pdf' } });
    expect(protocol.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(protocol.bytes.slice()), { mergePages: true });
    expect(text).toContain('Signiert mit');
    const shown = /CN=Muster GmbH[^\n]*/.exec(text)?.[0] ?? '';
    expect(shown).toMatch(/^CN=Muster GmbH Muster GmbH .*…$/);
    expect(shown.length).toBeLessThan(120);
  });

  it(`list ${signedTickets} tickets kept with a subject of 55,289 characters in pages of at most 1 MiB whose cursors walk each once`, async () => {
    const submitted = [];
    for (let i = 0; i < signedTickets; i++) {
      const ticket = newTicketId();
      const created_at = new Date(Date.now() + 60_000 + i * 1_000).toISOString();
      await ticketStore().create(
        aTicket({
          ticket,
          client_id: 'dev',
          status: 'failed',
          certificate_id: certificateId,
          certificate_subject: keptSubject,
          created_at,
          updated_at: created_at,
        }),
      );
      submitted.push(ticket);
    }
    const pages = await walk('/v2/tickets?limit=200');
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page.bytes.byteLength).toBeLessThanOrEqual(maxListAnswerBytes);
      expect(Number(page.headers.get('content-length'))).toBe(page.bytes.byteLength);
    }
    const listed = pages.flatMap((page) => page.json.data.tickets.map((shown: { ticket: string }) => shown.ticket));
    expect(new Set(listed).size).toBe(listed.length);
    // Newest first; the ticket of the protocol above comes last.
    expect(listed.slice(0, signedTickets)).toEqual(submitted.reverse());
    expect(listed).toHaveLength(signedTickets + 1);
  });

  it(`list ${certificates} certificates with a serial of 60,000 characters beside the one above in pages of at most 1 MiB whose cursors walk each once`, async () => {
    const record = (await certificateStore().get('dev', certificateId))!;
    const serial = 'ab'.repeat(30_000);
    for (let i = 0; i < certificates; i++) await certificateStore().create({ ...record, serial, certificate_id: newCertificateId() });
    const pages = await walk('/v2/certificates');
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.bytes.byteLength).toBeLessThanOrEqual(maxListAnswerBytes);
    const listed = pages.flatMap((page) => page.json.data.certificates.map((shown: { certificate_id: string; subject: string }) => shown.certificate_id));
    expect(new Set(listed).size).toBe(certificates + 1);
    expect(listed).toHaveLength(certificates + 1);
    expect(listed).toContain(certificateId);
  });
});
