// `steuerbote listen` and `steuerbote trigger` as a user runs them, in child processes, against the
// real local runtime: listen forwards the delivered event of a submission made meanwhile to a local
// receiver, signed so that the example receiver's own check of Standard Webhooks signatures accepts
// it with the secret listen printed; trigger rejected makes the sandbox reject a ticket.

import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSecrets } from '#shared/webhooks/signature.ts';
import { verifySignature } from '#receiver/verify-signature.ts';
import { runCli } from '#test/support/cli.ts';
import { eventually, startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';
import { startTestReceiver, type TestReceiver } from '#test/support/test-receiver.ts';

let service: LocalService;
let receiver: TestReceiver;
let env: Record<string, string>;

beforeAll(async () => {
  service = await startService({ env: { SANDBOX_TRANSIENT_FAILURE_RATE: '0' } });
  receiver = await startTestReceiver(() => ({ status: 204 }));
  env = { STEUERBOTE_URL: service.runtime.apiUrl, STEUERBOTE_API_KEY: service.runtime.apiKey };
});
afterAll(async () => {
  await service?.stop();
  await receiver?.close();
});

describe('steuerbote listen --forward-to', () => {
  it('forwards the delivered event of a submission made meanwhile, signed with the secret it printed, and shows the answer', async () => {
    const bin = resolve(import.meta.dirname, '../../node_modules/.bin');
    const child = spawn('steuerbote', ['listen', '--forward-to', receiver.url, '--events', 'ticket.delivered'], {
      env: { PATH: `${bin}:${process.env.PATH}`, HOME: process.env.HOME ?? '/tmp', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    try {
      const secret = await eventually(() => /signing secret is (whsec_\S+)/.exec(stderr)?.[1], 30_000);
      const reply = await service.submit('ustva', { ...ustvaSample(), client_reference: 'listen-1' });
      expect(reply.status, reply.text).toBe(202);
      const ticket: string = reply.json.data.ticket;

      const request = await eventually(() => receiver.requests.find((received) => received.body.includes(ticket)), 40_000);
      expect(request.path).toBe('/hook');
      const event = JSON.parse(request.body);
      expect(event).toMatchObject({ type: 'ticket.delivered', data: { ticket, status: 'delivered', client_reference: 'listen-1' } });
      expect(request.headers['webhook-id']).toBe(event.id);
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      // The example receiver's check, with the secret listen printed: it throws on a bad signature.
      expect(() => verifySignature(request.body, headers, parseSecrets(secret))).not.toThrow();
      expect(() => verifySignature(request.body.replace(ticket, 'tk_AAAAAAAAAAAAAAAAAAAAAA'), headers, parseSecrets(secret))).toThrow();
      // Only the type asked for, and the receiver's answer shown.
      expect(receiver.requests.every((received) => JSON.parse(received.body).type === 'ticket.delivered')).toBe(true);
      await eventually(() => stdout.includes(`${event.id}  ${ticket}  --> POST ${receiver.url} [204]`), 10_000);
    } finally {
      child.kill('SIGINT');
    }
  }, 90_000);

  it('needs --forward-to, and refuses a secret that is not one', async () => {
    const missing = await runCli(['listen'], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--forward-to');
    const badSecret = await runCli(['listen', '--forward-to', receiver.url, '--secret', 'hunter2'], { env });
    expect(badSecret.code).toBe(2);
    expect(badSecret.stderr).toContain('whsec_');
  });
});

describe('steuerbote trigger', () => {
  it('rejected: files a test UStVA the sandbox rejects, and its ticket.rejected event follows', async () => {
    const run = await runCli(['trigger', 'rejected'], { env });
    expect(run.code, run.stderr).toBe(0);
    const ticket = /^(tk_\S+)/.exec(run.stdout)![1]!;
    await service.waitForStatus(ticket, ['rejected']);
    const event = await eventually(async () => {
      const reply = await service.call('GET', '/v2/events?type=ticket.rejected');
      return reply.json.data.events.find((listed: any) => listed.data.ticket === ticket);
    });
    expect(event.data).toMatchObject({ status: 'rejected', error_code: 'REJECTED' });
  });

  it('names the events it can make when asked for another', async () => {
    const run = await runCli(['trigger', 'rejectd'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('ticket.rejected');
  });
});
