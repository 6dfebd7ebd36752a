// An appeal from a notice, over HTTP into the local runtime with the sandbox: an income tax return
// that asked for Bescheiddaten, a mailbox check that fetches its notice, then an appeal naming it by
// `notice_id` alone, which takes the notice's tax number, year and Bescheid date, answers its deadline
// and is delivered with them; another client's notice, an unknown one and contradicting fields are
// refused by name, and nothing is accepted.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { estSample } from '#test/support/samples.ts';
import { checkMailbox } from '#test/support/sandbox-mailbox.ts';
import { einspruchExample } from '#shared/forms/einspruch/openapi.ts';

let service: LocalService;
let otherKey: string;
let notice: { notice_id: string; notice_date: string; year: number };

const reasons = { einspruchsfuehrer: einspruchExample.einspruch.einspruchsfuehrer, begruendungen: einspruchExample.einspruch.begruendungen };

beforeAll(async () => {
  service = await startService({ env: { SANDBOX_NOTICE_DELAY_SECONDS: '0' } });
  otherKey = await service.runtime.createApiKey('appeal-other-client');
  const filed = await service.submit('est', { ...estSample(), bescheiddaten: true, client_reference: 'appeal-notice' });
  expect(filed.status).toBe(202);
  await service.waitForStatus(filed.json.data.ticket, ['delivered']);
  await checkMailbox(service);
  [notice] = (await service.call('GET', `/v2/ticket/${filed.json.data.ticket}/notices`)).json.data.notices;
}, 120_000);
afterAll(() => service?.stop());

const ticketCount = async (key?: string) => (await service.call('GET', '/v2/tickets?limit=100', { key })).json.data.tickets.length;

describe('an appeal from a notice', () => {
  it("carries the notice's tax number, year and Bescheid date, and answers its deadline", async () => {
    expect(notice.notice_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const reply = await service.submit('einspruch', { test: true, notice_id: notice.notice_id, einspruch: reasons });
    expect(reply.status).toBe(202);
    expect(reply.json.data.hints).toEqual([
      expect.objectContaining({ code: 'APPEAL_DEADLINE', path: 'notice.date', message: expect.stringContaining(notice.notice_date) }),
    ]);
    const ticket = reply.json.data.ticket;
    await service.waitForStatus(ticket, ['delivered']);
    const nutzdaten = (await service.call('GET', `/v2/ticket/${ticket}/nutzdaten`)).text;
    expect(nutzdaten).toContain(`<Steuernummer>${estSample().tax_number}</Steuernummer>`);
    expect(nutzdaten).toContain(`<Jahr>${notice.year}</Jahr>`);
    expect(nutzdaten).toContain(`<Verwaltungsakt_Datum>${notice.notice_date.split('-').reverse().join('.')}</Verwaltungsakt_Datum>`);
    expect(nutzdaten).toContain('<VaId>11</VaId>');
  });

  it("refuses another client's notice and an unknown one as none of the caller's, and accepts nothing", async () => {
    const before = await ticketCount(otherKey);
    const theirs = await service.submit('einspruch', { test: true, notice_id: notice.notice_id, einspruch: reasons }, otherKey);
    expect(theirs.status).toBe(422);
    expect(theirs.json.error.details).toEqual([expect.objectContaining({ path: 'notice_id', code: 'NOTICE_NOT_FOUND' })]);
    const unknown = await service.post('/v2/einspruch/validate', { test: true, notice_id: `ntc_${'A'.repeat(22)}`, einspruch: reasons });
    expect(unknown.json.data).toMatchObject({ valid: false, findings: [expect.objectContaining({ path: 'notice_id', code: 'NOTICE_NOT_FOUND' })] });
    expect(await ticketCount(otherKey)).toBe(before);
  });

  it('refuses fields beside the notice that say otherwise, naming each', async () => {
    const reply = await service.submit('einspruch', {
      test: true,
      notice_id: notice.notice_id,
      year: notice.year - 1,
      tax_number: '9198011310029',
      notice: { type: 'vat', date: '2020-01-02' },
      einspruch: reasons,
    });
    expect(reply.status).toBe(422);
    expect(reply.json.error.details.map(({ path, code }: { path: string; code: string }) => `${path} ${code}`).sort()).toEqual([
      'notice.date NOTICE_MISMATCH',
      'notice.type NOTICE_MISMATCH',
      'tax_number NOTICE_MISMATCH',
      'year NOTICE_MISMATCH',
    ]);
    const agreeing = await service.post('/v2/einspruch/validate', {
      test: true,
      notice_id: notice.notice_id,
      year: notice.year,
      tax_number: estSample().tax_number,
      notice: { type: 'income_tax', date: notice.notice_date, suspension: 'full' },
      einspruch: reasons,
    });
    expect(agreeing.json.data.valid).toBe(true);
  });
});
