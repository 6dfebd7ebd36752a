// The example receiver as a sender meets it: Standard Webhooks signatures over the raw body, one
// stored file per webhook-id, a stored file never replaced, and names that never lead out of its folder.

import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTicketId } from '#shared/domain/ticket.ts';
import { maxBodyBytes } from '#shared/http/json-body.ts';
import { parseSecrets, signWebhook } from '#shared/webhooks/signature.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { samplePdf } from '#test/support/pdf.ts';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const now = () => Math.floor(Date.now() / 1000);

const notification = (ticket: string, pdf: Uint8Array, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ ticket, transfer_ticket: 'tt-1', file_name: 'protocol.pdf', file_content: Buffer.from(pdf).toString('base64'), ...extra });

interface Delivery {
  id?: string;
  timestamp?: number;
  /** The body the signature is made over, when it is not the one sent. */
  signedBody?: string;
  unsigned?: boolean;
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))));
  return nested.flat();
}

describe('the example receiver with HOOK_SECRET', () => {
  let service: LocalService;
  let receiverDir: string;

  beforeAll(async () => {
    service = await startService({ env: { HOOK_SECRET: `whsec_${randomBytes(32).toString('base64')} ${secret}` } });
    receiverDir = join(service.dataDir, 'receiver');
  });
  afterAll(() => service?.stop());

  function deliver(body: string, delivery: Delivery = {}) {
    const id = delivery.id ?? `msg_${randomBytes(16).toString('base64url')}`;
    const timestamp = delivery.timestamp ?? now();
    const headers: Record<string, string> = { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp) };
    if (!delivery.unsigned) headers['webhook-signature'] = signWebhook(parseSecrets(secret), id, timestamp, delivery.signedBody ?? body);
    return service.call('POST', '/dummy/hook-endpoint', { base: 'receiver', key: null, headers, body });
  }

  it('stores a genuine delivery with the exact bytes, verifying the body as sent', async () => {
    const ticket = newTicketId();
    const pdf = await samplePdf();
    // Spacing and non-ASCII text a re-serialisation would change: the signature covers the raw body.
    const body = `{ "ticket" : "${ticket}",\n "file_name": "protocol.pdf", "kind": "ustva", "note": "Grüße \\u00fc",  "file_content": "${pdf.toString('base64')}" }`;
    const reply = await deliver(body);
    expect(reply.status).toBe(200);
    expect(reply.json.data).toEqual({
      stored: true,
      path: `${ticket}/protocol.pdf`,
      file_size: pdf.length,
      file_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect((await readFile(join(receiverDir, ticket, 'protocol.pdf'))).equals(pdf)).toBe(true);
  });

  it('stores a retry with the same webhook-id only once and answers duplicate', async () => {
    const ticket = newTicketId();
    const pdf = await samplePdf();
    const id = 'msg_retry-of-one-delivery';
    const first = await deliver(notification(ticket, pdf), { id });
    expect(first.status).toBe(200);
    const file = join(receiverDir, ticket, 'protocol.pdf');

    const again = await deliver(notification(ticket, pdf), { id });
    expect(again.status).toBe(200);
    expect(again.json.data).toEqual({ ...first.json.data, duplicate: true });

    expect((await readFile(file)).equals(pdf)).toBe(true);
    expect(await readdir(join(receiverDir, ticket))).toEqual(['protocol.pdf']);
  });

  it('never touches the file for a repeated webhook-id with other content, and answers duplicate', async () => {
    const ticket = newTicketId();
    const [pdf, other] = [await samplePdf(), await samplePdf()];
    const id = 'msg_repeated-with-other-content';
    await deliver(notification(ticket, pdf), { id });
    const again = await deliver(notification(ticket, other, { file_name: 'other.pdf' }), { id });
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({ stored: true, duplicate: true });
    expect((await readFile(join(receiverDir, ticket, 'protocol.pdf'))).equals(pdf)).toBe(true);
    expect(await readdir(join(receiverDir, ticket))).toEqual(['protocol.pdf']);
  });

  it('answers the same file under a new webhook-id (hook-run sending again) with duplicate, writing nothing', async () => {
    const ticket = newTicketId();
    const pdf = await samplePdf();
    await deliver(notification(ticket, pdf));
    const again = await deliver(notification(ticket, pdf));
    expect(again.status).toBe(200);
    expect(again.json.data).toEqual({ stored: true, path: `${ticket}/protocol.pdf`, file_size: pdf.length, file_sha256: expect.any(String), duplicate: true });
  });

  it('refuses another file for a stored ticket and name with 409 CONFLICT, and keeps the first', async () => {
    const ticket = newTicketId();
    const first = await samplePdf();
    await deliver(notification(ticket, first));
    const reply = await deliver(notification(ticket, await samplePdf()));
    expect(reply.status).toBe(409);
    expect(reply.json).toMatchObject({
      success: false,
      data: null,
      error: { code: 'CONFLICT', details: [{ path: 'file_name', code: 'FILE_EXISTS' }] },
    });
    expect((await readFile(join(receiverDir, ticket, 'protocol.pdf'))).equals(first)).toBe(true);
  });

  it.each([
    ['a tampered body', (body: string) => ({ signedBody: body.replace('tt-1', 'tt-2') }), 'INVALID_SIGNATURE'],
    ['a timestamp 10 minutes old', () => ({ timestamp: now() - 600 }), 'TIMESTAMP_OUT_OF_TOLERANCE'],
    ['no signature', () => ({ unsigned: true }), 'MISSING_SIGNATURE'],
  ])('refuses %s with 401 and stores nothing', async (_, delivery: (body: string) => Delivery, code) => {
    const ticket = newTicketId();
    const body = notification(ticket, await samplePdf());
    const reply = await deliver(body, delivery(body));
    expect(reply.status).toBe(401);
    expect(reply.json).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED', details: [{ code }] } });
    expect(reply.text).not.toContain(secret.slice(6));
    await expect(stat(join(receiverDir, ticket))).rejects.toThrow();
  });

  it('refuses a signature made for another webhook-id', async () => {
    const body = notification(newTicketId(), await samplePdf());
    const timestamp = now();
    const headers = {
      'content-type': 'application/json',
      'webhook-id': 'msg_b',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(parseSecrets(secret), 'msg_a', timestamp, body),
    };
    expect((await service.call('POST', '/dummy/hook-endpoint', { base: 'receiver', key: null, headers, body })).status).toBe(401);
  });

  it('keeps hostile file names inside the ticket folder, visible and ending in .pdf', async () => {
    const ticket = newTicketId();
    const names = [
      '../../etc/passwd',
      '..',
      '/abs',
      '/etc/passwd.pdf',
      '..\\..\\boot.ini',
      'a.pdf\u0000.exe',
      '.hidden',
      '.deliveries',
      `${'x'.repeat(250)}.pdf`,
      'Übertragungsprotokoll ä 漢字.pdf',
      `${newTicketId()}/../../x.pdf`,
    ];
    const paths: string[] = [];
    const sent = new Set<string>();
    for (const name of names) {
      const reply = await deliver(notification(ticket, await samplePdf(name), { file_name: name }));
      expect(reply.status).toBe(200);
      paths.push(reply.json.data.path);
      sent.add(reply.json.data.file_sha256);
    }
    for (const path of paths) expect(path).toMatch(new RegExp(`^${ticket}/[A-Za-z0-9_-][A-Za-z0-9._-]{0,119}\\.pdf$`, 'i'));

    const holding: string[] = [];
    for (const file of await walk(service.dataDir)) {
      if (
        sent.has(
          createHash('sha256')
            .update(await readFile(file))
            .digest('hex'),
        )
      )
        holding.push(relative(receiverDir, file));
    }
    expect(holding.sort()).toEqual([...new Set(paths)].map((path) => path.split('/').join(sep)).sort());
  });

  it.each(['tk_x', 'tk_short', '../tk_AAAAAAAAAAAAAAAAAAAAAA', 'tk_AAAAAAAAAAAAAAAAAAAA/..', '.deliveries', ''])(
    'refuses the ticket %j with 422',
    async (ticket) => {
      const reply = await deliver(notification(ticket, await samplePdf()));
      expect(reply.status).toBe(422);
      expect(reply.json.error.details).toEqual([expect.objectContaining({ path: 'ticket' })]);
    },
  );

  it('refuses a body over 1 MiB with 413', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(maxBodyBytes)]);
    const reply = await deliver(notification(newTicketId(), pdf));
    expect(reply.status).toBe(413);
    expect(reply.json.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['content that is not a PDF', Buffer.from('<html>%PDF-1.7</html>')],
    ['content that only begins like a PDF', Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2000), Buffer.from('\n%%EOF\n')])],
  ])('refuses %s with 422', async (_, content) => {
    const ticket = newTicketId();
    const reply = await deliver(notification(ticket, content));
    expect(reply.status).toBe(422);
    expect(reply.json.error.details).toEqual([expect.objectContaining({ path: 'file_content', code: 'NOT_A_PDF' })]);
    await expect(stat(join(receiverDir, ticket))).rejects.toThrow();
  });

  it('checks but does not store when store is false', async () => {
    const ticket = newTicketId();
    const pdf = await samplePdf();
    const reply = await deliver(notification(ticket, pdf, { store: false }));
    expect(reply.json.data).toEqual({ stored: false, file_size: pdf.length, file_sha256: expect.any(String) });
    await expect(stat(join(receiverDir, ticket))).rejects.toThrow();
  });
});

describe('the example receiver without HOOK_SECRET', () => {
  let service: LocalService;

  beforeAll(async () => {
    service = await startService({ env: { HOOK_SECRET: '' } });
  });
  afterAll(() => service?.stop());

  const post = (body: string, headers: Record<string, string> = {}) =>
    service.call('POST', '/dummy/hook-endpoint', { base: 'receiver', key: null, headers: { 'content-type': 'application/json', ...headers }, body });

  it('stores an unsigned delivery once per webhook-id, and never lets a manual POST replace a stored file', async () => {
    const ticket = newTicketId();
    const [pdf, other] = [await samplePdf(), await samplePdf()];
    const file = join(service.dataDir, 'receiver', ticket, 'protocol.pdf');
    expect((await post(notification(ticket, pdf), { 'webhook-id': 'msg_1' })).json.data.duplicate).toBeUndefined();
    expect((await post(notification(ticket, other), { 'webhook-id': 'msg_1' })).json.data.duplicate).toBe(true);
    expect((await post(notification(ticket, pdf))).json.data).toMatchObject({ stored: true, duplicate: true });
    const manual = await post(notification(ticket, other));
    expect(manual.status).toBe(409);
    expect(manual.json.error.code).toBe('CONFLICT');
    expect((await readFile(file)).equals(pdf)).toBe(true);
  });
});
