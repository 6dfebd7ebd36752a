// A certificate whose subject is 55,289 characters long, as one kept before names were bounded at
// upload: submissions signed with it are delivered with a protocol that shows the subject cut to its
// line, and the listings that copy it (tickets, certificates) answer pages of at most 1 MiB whose
// cursors together walk every item once. Against the local runtime over HTTP.

import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCertificateId } from '#shared/domain/certificate.ts';
import { maxListAnswerBytes } from '#shared/http/list-page.ts';
import { certificateStore } from '#shared/wiring/adapters.ts';
import { container, testPin } from '#test/support/certificates.ts';
import { startService, type LocalService, type Reply } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

const subject = `CN=${'Muster GmbH '.repeat(4_608)}`.slice(0, 55_289);
const signedTickets = 40;
const certificates = 25;

let service: LocalService;
let certificateId: string;

beforeAll(async () => {
  service = await startService();
  const uploaded = await service.post('/v2/certificates', { pkcs12: container('modern').toString('base64'), pin: testPin });
  expect(uploaded.status).toBe(201);
  // What an upload kept before subjects were bounded: the same record with the certificate's whole subject.
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

describe('a certificate with a subject of 55,289 characters', () => {
  it('signs a submission that is delivered with a protocol showing the subject cut to its line', async () => {
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

  it(`is copied into each ticket it signs, and ${signedTickets} such tickets are listed in pages of at most 1 MiB whose cursors walk each once`, async () => {
    const submitted = [];
    for (let i = 0; i < signedTickets; i++) submitted.push(await submit());
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

  it(`is listed with ${certificates} more like it in pages of at most 1 MiB whose cursors walk each once`, async () => {
    const record = (await certificateStore().get('dev', certificateId))!;
    for (let i = 0; i < certificates; i++) await certificateStore().create({ ...record, certificate_id: newCertificateId() });
    const pages = await walk('/v2/certificates');
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.bytes.byteLength).toBeLessThanOrEqual(maxListAnswerBytes);
    const listed = pages.flatMap((page) => page.json.data.certificates.map((shown: { certificate_id: string; subject: string }) => shown.certificate_id));
    expect(new Set(listed).size).toBe(certificates + 1);
    expect(listed).toHaveLength(certificates + 1);
    expect(listed).toContain(certificateId);
  });
});
