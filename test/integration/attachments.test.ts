// Attachments uploaded apart from the JSON body (contract §13) over HTTP into the local runtime: a PDF
// announced at POST /v2/attachments, put to the URL it answers (the S3 stand-in checks the signature
// and the bytes as S3 does), named by its ID in an appeal, and delivered base64 in the Nutzdaten; used
// once, its client's alone, and refused at the POST when ELSTER would refuse its size.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSteuerbote, SteuerboteError, type Submission } from '#client/src/index.ts';
import { serviceOfFile } from '#test/support/local-service.ts';

const service = serviceOfFile();

const fixture = JSON.parse(readFileSync(new URL('../../shared/forms/einspruch/fixtures/valid-with-attachment.json', import.meta.url), 'utf8')) as {
  body: Record<string, any>;
};
/** The fixture's appeal, its one attachment named by `entry`. */
const appealNaming = (...entries: Record<string, unknown>[]) => ({ ...fixture.body, anhaenge: { ...fixture.body.anhaenge, anhang: entries } });

const pdfOf = (text: string) => Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Announces `bytes` and answers the attachment with its upload target. */
async function announce(bytes: Buffer, key?: string, name = 'Fahrtenbuch') {
  const reply = await service.post('/v2/attachments', { name, content_type: 'application/pdf', size: bytes.length, sha256: sha256(bytes) }, key);
  expect(reply.status, reply.text).toBe(201);
  return reply.json.data;
}

const put = async (upload: { url: string; headers: Record<string, string> }, bytes: Buffer) => {
  const { 'content-length': _length, ...headers } = upload.headers;
  const reply = await fetch(upload.url, { method: 'PUT', headers, body: bytes });
  return { status: reply.status, text: await reply.text() };
};

/** Announces and uploads `bytes`: the attachment's ID. */
async function uploaded(bytes: Buffer, key?: string) {
  const attachment = await announce(bytes, key);
  expect((await put(attachment.upload, bytes)).status).toBe(200);
  return attachment.attachment_id as string;
}

const codes = (reply: { json: any }) => (reply.json.error?.details ?? []).map((detail: { code: string }) => detail.code);

describe('POST /v2/attachments', () => {
  it('answers an ID and an upload URL bound to the size, type and checksum, in the envelope', async () => {
    const bytes = pdfOf('announced');
    const data = await announce(bytes);
    expect(data).toMatchObject({
      attachment_id: expect.stringMatching(/^att_[A-Za-z0-9_-]{22}$/),
      name: 'Fahrtenbuch',
      content_type: 'application/pdf',
      size: bytes.length,
      sha256: sha256(bytes),
      upload: {
        method: 'PUT',
        url: expect.stringContaining('X-Amz-Signature='),
        headers: {
          'content-type': 'application/pdf',
          'content-length': String(bytes.length),
          'x-amz-checksum-sha256': createHash('sha256').update(bytes).digest('base64'),
        },
      },
    });
  });

  it("refuses a file above ERiC's limit, and one that is no PDF, before anything is uploaded", async () => {
    const reply = await service.post('/v2/attachments', { name: 'Gross', content_type: 'application/pdf', size: 10_485_761, sha256: 'a'.repeat(64) });
    expect(reply.status).toBe(422);
    expect(reply.json).toMatchObject({ success: false, data: null, error: { code: 'VALIDATION_FAILED' } });
    expect(codes(reply)).toEqual(['ATTACHMENT_TOO_LARGE']);
    const image = await service.post('/v2/attachments', { name: 'Bild', content_type: 'image/png', size: 10, sha256: 'a'.repeat(64) });
    expect(codes(image)).toEqual(['ATTACHMENT_TYPE']);
  });

  it('has its URL refuse other bytes than those announced', async () => {
    const bytes = pdfOf('the right bytes');
    const { upload, attachment_id } = await announce(bytes);
    const other = Buffer.from(bytes);
    other[12] = 0x21;
    expect((await put(upload, other)).status).toBe(400);
    expect((await put(upload, Buffer.concat([bytes, Buffer.from('more')]))).status).toBe(403);
    const named = await service.post('/v2/einspruch/validate', appealNaming({ attachment_id }));
    expect(named.json.data.findings.map((finding: { code: string }) => finding.code)).toEqual(['ATTACHMENT_NOT_UPLOADED']);
  });
});

describe('a letter naming an upload', () => {
  it('is delivered with exactly its bytes base64 in the Nutzdaten', async () => {
    const bytes = pdfOf('delivered as uploaded');
    const id = await uploaded(bytes);
    const reply = await service.submit('einspruch', appealNaming({ attachment_id: id }));
    expect(reply.status, reply.text).toBe(202);
    await service.waitForStatus(reply.json.data.ticket, ['delivered']);
    const nutzdaten = (await service.call('GET', `/v2/ticket/${reply.json.data.ticket}/nutzdaten`)).text;
    const contents = [...nutzdaten.matchAll(/<Dateiinhalt>([^<]*)<\/Dateiinhalt>/g)].map((match) => match[1]);
    expect(contents).toEqual([bytes.toString('base64')]);
    expect(nutzdaten).toContain('<Dateibezeichnung>Fahrtenbuch</Dateibezeichnung>');
  });

  it('uses it once: a second submission naming it is refused, an idempotent replay is not', async () => {
    const id = await uploaded(pdfOf('used once'));
    const body = appealNaming({ attachment_id: id, dateibezeichnung: 'Beleg' });
    const headers = { 'content-type': 'application/json', 'idempotency-key': `attachments-${id}` };
    const first = await service.call('POST', '/v2/einspruch', { body: JSON.stringify(body), headers });
    expect(first.status, first.text).toBe(202);
    const replay = await service.call('POST', '/v2/einspruch', { body: JSON.stringify(body), headers });
    expect(replay.status).toBe(202);
    expect(replay.json.data.ticket).toBe(first.json.data.ticket);
    const again = await service.submit('einspruch', body);
    expect(again.status).toBe(422);
    expect(codes(again)).toEqual(['ATTACHMENT_USED']);
    expect(again.json.error.details[0].path).toBe('anhaenge.anhang.0.attachment_id');
  });

  it("refuses another client's upload as it refuses an unknown one", async () => {
    const other = await service.newClient('attachments-other');
    const theirs = await uploaded(pdfOf('theirs'), other.apiKey);
    const unknown = 'att_AAAAAAAAAAAAAAAAAAAAAA';
    for (const attachment_id of [theirs, unknown]) {
      const reply = await service.submit('einspruch', appealNaming({ attachment_id }));
      expect(reply.status).toBe(422);
      expect(reply.json.error.details).toEqual([
        { path: 'anhaenge.anhang.0.attachment_id', code: 'ATTACHMENT_NOT_FOUND', message: expect.any(String), severity: 'error' },
      ]);
    }
    const mine = await service.submit('einspruch', appealNaming({ attachment_id: theirs }), other.apiKey);
    expect(mine.status, mine.text).toBe(202);
  });
});

describe("the client's uploadAttachment", () => {
  it('uploads a file and answers the ID a letter names it by', async () => {
    const client = createSteuerbote({ baseUrl: service.runtime.apiUrl, apiKey: service.runtime.apiKey });
    const bytes = pdfOf('through the client');
    const id = await client.uploadAttachment('Beleg', bytes);
    // Typed as the document describes a letter: an entry naming an upload in place of its content.
    const body: Submission<'einspruch'> = {
      ...(fixture.body as Submission<'einspruch'>),
      anhaenge: { rueckmeldung: { rueckmeldung_gewuenscht: 'true' }, anhang: [{ attachment_id: id }] },
    };
    const checked = await client.validate('einspruch', body, { nutzdaten: true });
    expect(checked.valid).toBe(true);
    expect(checked.nutzdaten).toContain(`<Dateiinhalt>${Buffer.from(bytes).toString('base64')}</Dateiinhalt>`);
    const refused = await client.uploadAttachment('Gross', new Uint8Array(10_485_761)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SteuerboteError);
    expect((refused as SteuerboteError).details.map(({ code }) => code)).toEqual(['ATTACHMENT_TOO_LARGE']);
  });
});
