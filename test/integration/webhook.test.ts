// Webhook delivery against receivers the tests script: signed, retried with backoff through the
// queue, stopped by 410, dead-lettered after the last attempt and redriven by the operator command.
// Backoff is scaled down by HOOK_BACKOFF_SCALE, never slept for real.

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startService, type LocalService } from '#test/support/local-service.ts';
import { runCli } from '#test/support/cli.ts';
import { runOperatorCommand } from '#test/support/operator-command.ts';
import { ustvaSample } from '#test/support/samples.ts';
import { startTestReceiver, type ReceivedRequest, type Reply, type TestReceiver } from '#test/support/test-receiver.ts';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** Submits a UStVA whose webhook the receiver answers by the script named in client_reference. */
async function submitScripted(service: LocalService, script: string): Promise<string> {
  const reply = await service.submit('ustva', { ...ustvaSample(), client_reference: script });
  expect(reply.status).toBe(202);
  return reply.json.data.ticket;
}

const webhookOf = async (service: LocalService, ticket: string) => (await service.call('GET', `/v2/ticket/${ticket}`)).json.data.webhook;

// A submission, its transmission and every delivery attempt in between: seconds alone, far more on
// two cores shared with other work, so the waits and the tests' timeouts are generous; a wait polls
// four times a second, which keeps two minutes of it within the client's rate limit (600 a minute).
const settleMs = 120_000;
const pollMs = 250;
const testMs = 180_000;
// As on AWS (six times the function's timeout), a delivery is never handed out again while an attempt
// still runs, however long a busy machine makes it take; retries set their own delay.
const visibilityTimeoutSeconds = { transmit: 1, webhook: 60 };

/** The ticket's webhook once it has `status`; with `after`, from an attempt later than that one. */
const settled = (service: LocalService, ticket: string, status: 'delivered' | 'failed', after?: string) =>
  eventually(
    async () => {
      const webhook = await webhookOf(service, ticket);
      return webhook.status === status && (after === undefined || webhook.last_attempt_at > after) && webhook;
    },
    settleMs,
    pollMs,
  );

/** The ticket's webhook once its last attempt was answered with `status`. */
const answered = (service: LocalService, ticket: string, status: number) =>
  eventually(
    async () => {
      const webhook = await webhookOf(service, ticket);
      return webhook.last_response_status === status && webhook;
    },
    settleMs,
    pollMs,
  );

const bodyOf = (request: ReceivedRequest) => (request.body ? JSON.parse(request.body) : {}) as { ticket: string; client_reference: string };

describe('delivery to a receiver that misbehaves', { timeout: testMs }, () => {
  let service: LocalService;
  let receiver: TestReceiver;
  // Answers per script, by the how-many-th request for that ticket.
  const scripts: Record<string, (n: number) => Reply> = {
    'fail-twice': (n) => ({ status: n <= 2 ? 500 : 200 }),
    gone: () => ({ status: 410 }),
    'always-500': () => ({ status: 500 }),
    'slow-first': (n) => ({ status: 200, delayMs: n === 1 ? 6000 : 0 }),
    busy: (n) => (n === 1 ? { status: 429, headers: { 'retry-after': '1000' } } : { status: 204 }),
    redirect: (n) => (n === 1 ? { status: 302, headers: { location: '/followed' } } : { status: 200 }),
    // Holds its delivery pending well past the test: its retry waits 100,000 s, scaled to 100 s.
    held: (n) => (n === 1 ? { status: 429, headers: { 'retry-after': '100000' } } : { status: 200 }),
    'every-time': () => ({ status: 200 }),
    'down-then-busy': (n) =>
      [
        { status: 500, body: 'database down: ' + 'x'.repeat(1000) },
        { status: 429, headers: { 'retry-after': '1' }, body: 'slow down' },
        { status: 200, body: 'thanks' },
      ][n - 1]!,
  };
  const requestsFor = (ticket: string) => receiver.requests.filter((request) => bodyOf(request).ticket === ticket);

  beforeAll(async () => {
    receiver = await startTestReceiver((_, request) => {
      const { ticket, client_reference } = bodyOf(request);
      return scripts[client_reference]!(requestsFor(ticket).length);
    });
    service = await startService({
      env: {
        HOOK_ENABLED: 'true',
        HOOK_URI: receiver.url,
        HOOK_SECRET: secret,
        HOOK_MAX_ATTEMPTS: '3',
        // Well below slow-first's delay, and well above what a prompt answer takes on a busy machine.
        HOOK_TIMEOUT_MS: '2000',
        HOOK_BACKOFF_SCALE: '0.001',
      },
      visibilityTimeoutSeconds,
    });
  });
  afterAll(async () => {
    await service?.stop();
    await receiver?.close();
  });

  it('retries a failing receiver until it answers 2xx, under one webhook-id, every attempt signed', async () => {
    const ticket = await submitScripted(service, 'fail-twice');
    const webhook = await settled(service, ticket, 'delivered');
    expect(webhook).toMatchObject({ attempts: 3, last_response_status: 200 });
    const requests = requestsFor(ticket);
    expect(requests).toHaveLength(3);
    const ids = new Set(requests.map((request) => request.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const verifier = new Webhook(secret);
    for (const request of requests) {
      expect(() => verifier.verify(request.body, request.headers as Record<string, string>)).not.toThrow();
      expect(() => verifier.verify(request.body.replace('"store":true', '"store":false'), request.headers as Record<string, string>)).toThrow();
    }
  });

  it('stops at once on 410 Gone', async () => {
    const ticket = await submitScripted(service, 'gone');
    const webhook = await settled(service, ticket, 'failed');
    expect(webhook).toMatchObject({ attempts: 1, last_response_status: 410, failure_reason: 'GONE' });
    // Longer than the retries of the other tests take: had it been retried, it would show by now.
    await new Promise((done) => setTimeout(done, 1500));
    expect(requestsFor(ticket)).toHaveLength(1);
  });

  it('retries a receiver slower than HOOK_TIMEOUT_MS', async () => {
    const ticket = await submitScripted(service, 'slow-first');
    const webhook = await settled(service, ticket, 'delivered');
    expect(webhook).toMatchObject({ attempts: 2, last_response_status: 200 });
  });

  it('treats a redirect as a failure and does not follow it', async () => {
    const ticket = await submitScripted(service, 'redirect');
    const webhook = await settled(service, ticket, 'delivered');
    expect(webhook.attempts).toBe(2);
    expect(receiver.requests.filter((request) => request.path !== '/hook')).toEqual([]);
    expect(requestsFor(ticket)).toHaveLength(2);
  });

  it("waits as long as a 429's Retry-After asks, scaled", async () => {
    const ticket = await submitScripted(service, 'busy');
    const pending = await answered(service, ticket, 429);
    const waited = Date.parse(pending.next_attempt_at) - Date.parse(pending.last_attempt_at);
    expect(waited).toBe(1000);
    expect(pending.status).toBe('pending');
    await settled(service, ticket, 'delivered');
  });

  it('lists every attempt, a 500 and a 429 before the 200, to its client only, and the command shows them', async () => {
    const ticket = await submitScripted(service, 'down-then-busy');
    await settled(service, ticket, 'delivered');
    const reply = await service.call('GET', `/v2/ticket/${ticket}/webhooks`);
    expect(reply.status).toBe(200);
    const { attempts } = reply.json.data;
    const host = new URL(receiver.url).host;
    expect(attempts.map((attempt: any) => [attempt.attempt, attempt.response_status, attempt.outcome, attempt.host])).toEqual([
      [1, 500, 'retry', host],
      [2, 429, 'retry', host],
      [3, 200, 'delivered', host],
    ]);
    expect(attempts.map((attempt: any) => attempt.response_excerpt)).toEqual([`database down: ${'x'.repeat(241)}`, 'slow down', 'thanks']);
    expect(new Set(attempts.map((attempt: any) => attempt.webhook_id)).size).toBe(1);
    for (const [i, attempt] of attempts.entries()) {
      expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
      if (i < 2) expect(Date.parse(attempt.next_attempt_at)).toBeLessThanOrEqual(Date.parse(attempts[i + 1].attempted_at));
    }

    const otherKey = await service.runtime.createApiKey('other-client');
    expect((await service.call('GET', `/v2/ticket/${ticket}/webhooks`, { key: otherKey })).status).toBe(404);

    const env = { STEUERBOTE_URL: service.runtime.apiUrl, STEUERBOTE_API_KEY: service.runtime.apiKey };
    const shown = await runCli(['webhooks', ticket], { env });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`^1 .*${host} +500 +retry .*database down`, 'm'));
    expect(shown.stdout).toMatch(new RegExp(`^2 .*${host} +429 +retry .*slow down`, 'm'));
    expect(shown.stdout).toMatch(new RegExp(`^3 .*${host} +200 +delivered .*thanks`, 'm'));
    const statuses = await runCli(['webhooks', ticket, '--jq', '.[].response_status'], { env });
    expect(statuses.stdout).toBe('500\n429\n200\n');
  });

  it("resends a delivered ticket's webhook on POST, as a new delivery listed among its attempts, to its client only, and from the command", async () => {
    const ticket = await submitScripted(service, 'every-time');
    const first = await settled(service, ticket, 'delivered');
    const otherKey = await service.runtime.createApiKey('resend-other-client');
    const foreign = await service.call('POST', `/v2/ticket/${ticket}/webhooks`, { key: otherKey });
    expect([foreign.status, foreign.json.error.code]).toEqual([404, 'NOT_FOUND']);

    const resent = await service.call('POST', `/v2/ticket/${ticket}/webhooks`);
    expect(resent.status).toBe(202);
    expect(resent.json.data).toEqual({ ticket, webhook_id: expect.stringMatching(/^msg_/) });
    const again = await settled(service, ticket, 'delivered', first.last_attempt_at);
    const attemptsOf = async () => (await service.call('GET', `/v2/ticket/${ticket}/webhooks`)).json.data.attempts as any[];
    const attempts = await attemptsOf();
    expect(attempts.map((attempt) => [attempt.attempt, attempt.outcome])).toEqual([
      [1, 'delivered'],
      [1, 'delivered'],
    ]);
    expect(attempts[1].webhook_id).toBe(resent.json.data.webhook_id);
    expect(attempts[0].webhook_id).not.toBe(resent.json.data.webhook_id);
    expect(requestsFor(ticket).at(-1)!.headers['webhook-id']).toBe(resent.json.data.webhook_id);

    const env = { STEUERBOTE_URL: service.runtime.apiUrl, STEUERBOTE_API_KEY: service.runtime.apiKey };
    const command = await runCli(['resend', ticket, '--json'], { env });
    expect(command.code).toBe(0);
    const { webhook_id: commandId } = JSON.parse(command.stdout);
    expect(commandId).toMatch(/^msg_/);
    await settled(service, ticket, 'delivered', again.last_attempt_at);
    expect((await attemptsOf()).map((attempt) => attempt.webhook_id)).toEqual([attempts[0].webhook_id, resent.json.data.webhook_id, commandId]);
  });

  it('refuses to resend while a delivery is pending (409 WEBHOOK_PENDING), over HTTP and from the command, sending nothing', async () => {
    const ticket = await submitScripted(service, 'held');
    const pending = await answered(service, ticket, 429);
    const refused = await service.call('POST', `/v2/ticket/${ticket}/webhooks`);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('WEBHOOK_PENDING');
    expect(refused.json.data).toEqual({ status: 'delivered', webhook: pending });
    const env = { STEUERBOTE_URL: service.runtime.apiUrl, STEUERBOTE_API_KEY: service.runtime.apiKey };
    const command = await runCli(['resend', ticket], { env });
    expect(command.code).toBe(1);
    expect(command.stderr).toContain('WEBHOOK_PENDING');
    expect(await webhookOf(service, ticket)).toEqual(pending);
    expect(requestsFor(ticket)).toHaveLength(1);
  });

  it('dead-letters after HOOK_MAX_ATTEMPTS, and the redrive command sends it again, safely twice', async () => {
    const ticket = await submitScripted(service, 'always-500');
    const failed = await settled(service, ticket, 'failed');
    expect(failed).toMatchObject({ attempts: 3, last_response_status: 500, failure_reason: 'MAX_ATTEMPTS' });
    const firstId = requestsFor(ticket)[0]!.headers['webhook-id'];

    scripts['always-500'] = () => ({ status: 200 });
    const redrive = await runOperatorCommand('webhooks', service.dataDir, ['redrive']);
    expect(redrive.output).toMatch(/^1 dead-lettered webhook delivery sent again/m);
    expect(redrive.code).toBe(0);
    const delivered = await settled(service, ticket, 'delivered');
    expect(delivered).toMatchObject({ attempts: 1, last_response_status: 200 });
    expect(requestsFor(ticket).at(-1)!.headers['webhook-id']).toBe(firstId);

    const again = await runOperatorCommand('webhooks', service.dataDir, ['redrive']);
    expect(again.output).toMatch(/^0 dead-lettered webhook deliveries sent again/m);
    expect(requestsFor(ticket)).toHaveLength(4);
  });
});

describe('delivery to the example receiver', { timeout: testMs }, () => {
  let service: LocalService;
  let proxy: TestReceiver;
  const forwarded: { status: number; body: any }[] = [];

  beforeAll(async () => {
    // Stands between the service and the example receiver: passes every delivery on, then answers
    // 500 to the first one, so the same delivery reaches the receiver twice.
    proxy = await startTestReceiver(async (n, request) => {
      const response = await fetch(`${service.runtime.receiverUrl}/dummy/hook-endpoint`, {
        method: 'POST',
        headers: request.headers as Record<string, string>,
        body: request.body,
      });
      forwarded.push({ status: response.status, body: await response.json() });
      return { status: n === 1 ? 500 : response.status };
    });
    service = await startService({
      env: { HOOK_ENABLED: 'true', HOOK_URI: proxy.url, HOOK_SECRET: secret, HOOK_BACKOFF_SCALE: '0.001' },
      visibilityTimeoutSeconds,
    });
  });
  afterAll(async () => {
    await service?.stop();
    await proxy?.close();
  });

  it('stores the exact PDF once, though the delivery arrived twice', async () => {
    const { json } = await service.submit('ustva', ustvaSample());
    const ticket = json.data.ticket;
    const webhook = await settled(service, ticket, 'delivered');
    // At least twice: on a busy machine a kept-alive connection of the proxy may be closed under a
    // later attempt, which then arrives once more; every arrival after the first is a duplicate.
    expect(webhook.attempts).toBeGreaterThanOrEqual(2);
    expect(forwarded.length).toBeGreaterThanOrEqual(2);
    expect(forwarded.every((reply) => reply.status === 200)).toBe(true);
    expect(forwarded[0]!.body.data).toMatchObject({ stored: true });
    for (const again of forwarded.slice(1)) expect(again.body.data).toMatchObject({ duplicate: true });

    const metadata = (await service.call('GET', `/v2/ticket/${ticket}`)).json.data;
    const folder = join(service.dataDir, 'receiver', ticket);
    expect(await readdir(folder)).toEqual([metadata.file_name]);
    const stored = await readFile(join(folder, metadata.file_name));
    const served = await service.call('GET', `/v2/protocol/${ticket}`, { headers: { accept: 'application/pdf' } });
    expect(Buffer.compare(stored, Buffer.from(served.bytes))).toBe(0);
  });

  it('sends the notification again on hook-run, as a new delivery', async () => {
    const { json } = await service.submit('ustva', ustvaSample());
    const ticket = json.data.ticket;
    const first = await settled(service, ticket, 'delivered');

    const run = await service.call('GET', `/dummy/hook-run/${ticket}`, { base: 'receiver' });
    expect(run.status).toBe(202);
    expect(run.json.data).toEqual({ ticket, webhook_id: expect.stringMatching(/^msg_/) });
    const again = await settled(service, ticket, 'delivered', first.last_attempt_at);
    expect(again).toMatchObject({ attempts: 1, last_response_status: 200 });
    const ids = proxy.requests.filter((request) => bodyOf(request).ticket === ticket).map((request) => request.headers['webhook-id']);
    expect(ids.at(-1)).toBe(run.json.data.webhook_id);
    expect(ids[0]).not.toBe(run.json.data.webhook_id);
  });

  it("sends the notification again on an operator's resend, as a new delivery; refuses a ticket not delivered or unknown", async () => {
    const { json } = await service.submit('ustva', ustvaSample());
    const ticket = json.data.ticket;
    const first = await settled(service, ticket, 'delivered');

    const resend = await runOperatorCommand('webhooks', service.dataDir, ['resend', ticket]);
    expect(resend.code).toBe(0);
    const webhookId = resend.output.match(/^webhook of (tk_\S+) queued again as (msg_\S+) on the local runtime$/m);
    expect(webhookId?.[1]).toBe(ticket);
    const again = await settled(service, ticket, 'delivered', first.last_attempt_at);
    expect(again).toMatchObject({ attempts: 1, last_response_status: 200 });
    expect(proxy.requests.filter((request) => bodyOf(request).ticket === ticket).at(-1)!.headers['webhook-id']).toBe(webhookId?.[2]);

    expect(await runOperatorCommand('webhooks', service.dataDir, ['resend', 'tk_AAAAAAAAAAAAAAAAAAAAAA'])).toMatchObject({
      code: 1,
      output: expect.stringContaining('no ticket'),
    });
    expect(await runOperatorCommand('webhooks', service.dataDir, ['resend', 'not-a-ticket'])).toMatchObject({
      code: 2,
      output: expect.stringContaining('not a ticket ID'),
    });
    expect(await runOperatorCommand('webhooks', service.dataDir, ['resend'])).toMatchObject({ code: 2, output: expect.stringContaining('usage') });
  });

  it('answers HEAD on hook-run with 405 and Allow: GET, and sends nothing', async () => {
    const { json } = await service.submit('ustva', ustvaSample());
    const ticket = json.data.ticket;
    const before = await settled(service, ticket, 'delivered');
    const sent = proxy.requests.length;

    const head = await service.call('HEAD', `/dummy/hook-run/${ticket}`, { base: 'receiver' });
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('GET');
    expect(head.text).toBe('');
    // hook-run marks the webhook pending before it answers, so a HEAD that ran it would show here at once.
    expect(await webhookOf(service, ticket)).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(proxy.requests).toHaveLength(sent);
  });

  it('answers hook-run for an unknown ticket with 404 and requires the key', async () => {
    expect((await service.call('GET', '/dummy/hook-run/tk_AAAAAAAAAAAAAAAAAAAAAA', { base: 'receiver' })).status).toBe(404);
    expect((await service.call('GET', '/dummy/hook-run/tk_AAAAAAAAAAAAAAAAAAAAAA', { base: 'receiver', key: null })).status).toBe(401);
  });
});
