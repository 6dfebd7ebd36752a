// `notice.available` over HTTP into the local runtime with the sandbox: each notice a check stores
// for a client is one signed webhook to HOOK_URI, with IDs and metadata and none of the notice's
// content, and one event in the client's feed; a check run again sends none; the example receiver
// keeps a notice's metadata as JSON and answers 200.

import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startService, type LocalService } from '#test/support/local-service.ts';
import { checkMailbox } from '#test/support/sandbox-mailbox.ts';
import { estSample } from '#test/support/samples.ts';
import { startTestReceiver, type ReceivedRequest, type TestReceiver } from '#test/support/test-receiver.ts';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
let service: LocalService;
let receiver: TestReceiver;

const isNotice = (request: ReceivedRequest) => JSON.parse(request.body).type === 'notice.available';

beforeAll(async () => {
  receiver = await startTestReceiver();
  service = await startService({
    env: {
      SANDBOX_NOTICE_DELAY_SECONDS: '0',
      SANDBOX_DIVA_CONSENT: 'true',
      HOOK_ENABLED: 'true',
      HOOK_URI: receiver.url,
      HOOK_SECRET: secret,
    },
  });
});
afterAll(async () => {
  await service?.stop();
  await receiver?.close();
});

describe('notice.available', () => {
  it('sends one signed webhook per notice, with none of its content, and lists its event', async () => {
    const sample = estSample();
    const tickets: string[] = [];
    for (let i = 0; i < 2; i++) {
      const reply = await service.submit('est', { ...sample, bescheiddaten: true, client_reference: `announced-${i}` });
      tickets.push(reply.json.data.ticket);
    }
    for (const ticket of tickets) await service.waitForStatus(ticket, ['delivered']);
    expect(await checkMailbox(service)).toMatchObject({ stored: 2 });
    const notices = (await service.call('GET', '/v2/notices')).json.data.notices;
    expect(notices).toHaveLength(2);

    const requests = await eventually(() => {
      const sent = receiver.requests.filter(isNotice);
      return sent.length >= 2 && sent;
    }, 30_000);
    const verifier = new Webhook(secret);
    for (const notice of notices) {
      const mine = requests.filter((request) => JSON.parse(request.body).notice_id === notice.notice_id);
      expect(mine).toHaveLength(1);
      const request = mine[0]!;
      expect(() => verifier.verify(request.body, request.headers as Record<string, string>)).not.toThrow();
      expect(JSON.parse(request.body)).toEqual({
        type: 'notice.available',
        notice_id: notice.notice_id,
        datenart: 'ESB',
        test: true,
        certificate_id: null,
        ticket: notice.ticket,
        year: sample.year,
        tax_office: notice.tax_office,
        tax_number: '*********0010',
        notice_date: notice.notice_date,
        attachments: 1,
        created_at: notice.created_at,
        links: { self: `/v2/notices/${notice.notice_id}`, data: `/v2/notices/${notice.notice_id}/data`, ticket: `/v2/ticket/${notice.ticket}` },
      });

      // What the notice holds, and what the filing held, appears nowhere in what was sent.
      const values = (await service.call('GET', `/v2/notices/${notice.notice_id}/data`, { headers: { accept: 'application/json' } })).json.data.values;
      const pdf = (await service.call('GET', `/v2/notices/${notice.notice_id}/attachments/1`)).bytes;
      const secrets = [
        values.steuernummer,
        values.erklaerungsticket,
        sample.tax_number.slice(0, 9),
        sample.taxpayer.idnr,
        sample.bank.iban,
        sample.employment[0]!.gross_wage,
        sample.employment[0]!.income_tax_withheld,
        '<Bescheiddaten',
        '%PDF',
        Buffer.from(pdf.subarray(0, 24)).toString('base64').slice(0, 30),
        Buffer.from(pdf.subarray(-24)).toString('base64').slice(0, 30),
      ];
      for (const value of secrets) expect(request.body, String(value)).not.toContain(String(value));
    }

    const events = (await service.call('GET', '/v2/events?type=notice.available')).json.data.events;
    expect(events.map((event: { data: { notice_id: string } }) => event.data.notice_id).sort()).toEqual(
      notices.map((notice: { notice_id: string }) => notice.notice_id).sort(),
    );
    for (const event of events) expect(JSON.stringify(event)).not.toContain(sample.tax_number.slice(0, 9));

    // Run again, the check finds nothing new and announces nothing again.
    await checkMailbox(service);
    await new Promise((done) => setTimeout(done, 1500));
    expect(receiver.requests.filter(isNotice)).toHaveLength(2);
  });

  it('the example receiver stores a notice webhook as JSON once, and answers 200', async () => {
    const request = receiver.requests.find(isNotice)!;
    const { notice_id } = JSON.parse(request.body);
    const headers = Object.fromEntries(
      ['content-type', 'webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(request.headers[name])]),
    );
    const first = await service.call('POST', '/dummy/hook-endpoint', { base: 'receiver', body: request.body, headers });
    expect(first.status).toBe(200);
    expect(first.json.data).toEqual({ stored: true, path: `notices/${notice_id}.json` });
    const again = await service.call('POST', '/dummy/hook-endpoint', { base: 'receiver', body: request.body, headers });
    expect(again.json.data).toEqual({ stored: true, path: `notices/${notice_id}.json`, duplicate: true });
    const forged = await service.call('POST', '/dummy/hook-endpoint', { base: 'receiver', body: request.body.replace('"ESB"', '"XYZ"'), headers });
    expect(forged.status).toBe(401);
  });
});
