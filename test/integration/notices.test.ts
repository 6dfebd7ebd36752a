// What comes back from the tax office, over HTTP into the local runtime with the sandbox: filings
// that ask for Bescheiddaten leave records in the stage's mailbox, a check fetches each into a
// notice linked to its ticket and confirms it once, a second check finds none new, and another
// client sees none of them.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { estSample } from '#test/support/samples.ts';
import { checkMailbox, sandboxMailboxCounters } from '#test/support/sandbox-mailbox.ts';

let service: LocalService;
let otherKey: string;

beforeAll(async () => {
  service = await startService({
    env: { SANDBOX_NOTICE_DELAY_SECONDS: '0', SANDBOX_DIVA_CONSENT: 'true' },
  });
  otherKey = await service.runtime.createApiKey('other-client');
});
afterAll(() => service?.stop());

describe('notices', () => {
  it('fetches, links, serves and confirms once the notice of each filing that asked for Bescheiddaten', async () => {
    const tickets: string[] = [];
    for (let i = 0; i < 3; i++) {
      const reply = await service.submit('est', { ...estSample(), bescheiddaten: true, client_reference: `notice-${i}` });
      expect(reply.status).toBe(202);
      tickets.push(reply.json.data.ticket);
    }
    const delivered = await Promise.all(tickets.map((ticket) => service.waitForStatus(ticket, ['delivered'])));

    const check = await checkMailbox(service);
    expect(check).toMatchObject({ found: 3, stored: 3, confirmed: 3, unconfirmed: 0 });

    const listed = await service.call('GET', '/v2/notices?limit=2');
    expect(listed.status).toBe(200);
    expect(listed.json.data.notices).toHaveLength(2);
    const rest = await service.call('GET', `/v2/notices?cursor=${listed.json.data.next_cursor}`);
    const notices = [...listed.json.data.notices, ...rest.json.data.notices];
    expect(notices).toHaveLength(3);

    for (const [index, ticket] of tickets.entries()) {
      const ofTicket = await service.call('GET', `/v2/ticket/${ticket}/notices`);
      expect(ofTicket.json.data.notices).toHaveLength(1);
      const notice = ofTicket.json.data.notices[0];
      expect(notice).toMatchObject({
        ticket,
        filing_transfer_ticket: delivered[index].transfer_ticket,
        datenart: 'ESB',
        state: 'confirmed',
        year: estSample().year,
        tax_number: '*********0010',
      });
      const data = await service.call('GET', `/v2/notices/${notice.notice_id}/data`);
      expect(data.status).toBe(200);
      expect(data.text).toContain(`<erklaerungsticket>${delivered[index].transfer_ticket}</erklaerungsticket>`);
      expect(createHash('sha256').update(data.bytes).digest('hex')).toBe(notice.data.file_sha256);
      const values = await service.call('GET', `/v2/notices/${notice.notice_id}/data`, { headers: { accept: 'application/json' } });
      expect(values.json.data.values.erklaerungsticket).toBe(delivered[index].transfer_ticket);
      const pdf = await service.call('GET', `/v2/notices/${notice.notice_id}/attachments/1`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      expect(pdf.bytes.length).toBe(notice.attachments[0].file_size);
      expect((await service.call('GET', `/v2/notices/${notice.notice_id}/attachments/2`)).status).toBe(404);
    }
    const counters = await sandboxMailboxCounters();
    expect(counters.filter((record) => notices.some((notice) => notice.filing_transfer_ticket === record.erklaerungsticket))).toEqual(
      expect.arrayContaining(Array.from({ length: 3 }, () => expect.objectContaining({ confirmations: 1, downloads: 2 }))),
    );

    const again = await checkMailbox(service);
    expect(again).toMatchObject({ found: 0, stored: 0 });
    expect((await sandboxMailboxCounters()).every((record) => record.confirmations <= 1)).toBe(true);
  });

  it("answers another client's notice 404, and lists none of it", async () => {
    const mine = (await service.call('GET', '/v2/notices')).json.data.notices;
    expect(mine.length).toBeGreaterThan(0);
    const theirs = await service.call('GET', '/v2/notices', { key: otherKey });
    expect(theirs.json.data.notices).toEqual([]);
    for (const path of [`/v2/notices/${mine[0].notice_id}`, `/v2/notices/${mine[0].notice_id}/data`, `/v2/notices/${mine[0].notice_id}/attachments/1`]) {
      expect((await service.call('GET', path, { key: otherKey })).status).toBe(404);
    }
    const cursor = (await service.call('GET', '/v2/notices?limit=1')).json.data.next_cursor;
    expect((await service.call('GET', `/v2/notices?cursor=${cursor}`, { key: otherKey })).json.error.details[0].code).toBe('CURSOR_INVALID');
  });

  it('stores a record without a data package as a notice without data, whose data route answers NOTICE_HAS_NO_DATA', async () => {
    const reply = await service.submit('est', { ...estSample(), tax_number: '9198080000147', bescheiddaten: true });
    const ticket = reply.json.data.ticket;
    await service.waitForStatus(ticket, ['delivered']);
    expect(await checkMailbox(service)).toMatchObject({ found: 1, stored: 1, confirmed: 1 });
    const [notice] = (await service.call('GET', `/v2/ticket/${ticket}/notices`)).json.data.notices;
    expect(notice).toMatchObject({ datenart: 'EPMitteilung', data: null, attachments: [expect.objectContaining({ n: 1, content_type: 'application/pdf' })] });
    expect(notice.links).not.toHaveProperty('data');
    const data = await service.call('GET', `/v2/notices/${notice.notice_id}/data`);
    expect(data.status).toBe(404);
    expect(data.json.error.code).toBe('NOTICE_HAS_NO_DATA');
    const pdf = await service.call('GET', `/v2/notices/${notice.notice_id}/attachments/1`);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.length).toBe(notice.attachments[0].file_size);
  });

  it('refuses a check it cannot run, naming each field', async () => {
    const reply = await service.post('/v2/mailbox/checks', { test: 'yes', datenarten: [], from: '2026-13-01', extra: 1 });
    expect(reply.status).toBe(422);
    expect(reply.json.error.details.map((detail: { path: string }) => detail.path).sort()).toEqual(['datenarten', 'extra', 'from', 'test']);
  });
});
