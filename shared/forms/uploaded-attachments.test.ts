import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CheckContext, NamedAttachment } from '#shared/forms/check.ts';
import { withUploadedAttachments } from '#shared/forms/uploaded-attachments.ts';

const pdf = Buffer.from('%PDF-1.7 uploaded');
const upload = (bytes: Buffer, change: Partial<NamedAttachment> = {}): NamedAttachment => ({
  name: 'Beleg',
  size: bytes.length,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  used: false,
  bytes,
  ...change,
});
const id = (n: number) => `att_${String(n).padStart(22, 'A')}`;
const context = (uploads: Record<string, NamedAttachment>): CheckContext => ({
  today: '2026-11-29',
  liveSubmissionsAllowed: false,
  attachment: async (attachmentId) => uploads[attachmentId],
});
const letter = (...anhang: unknown[]) => ({ test: true, anhaenge: { rueckmeldung: { rueckmeldung_gewuenscht: 'true' }, anhang } });
const codes = (prepared: Awaited<ReturnType<typeof withUploadedAttachments>>) => ('findings' in prepared ? prepared.findings.map(({ code }) => code) : []);

describe('withUploadedAttachments', () => {
  it('puts the upload in place of its ID, base64, beside entries that carry their own content, and names the IDs used', async () => {
    const inline = { dateibezeichnung: 'Klein', dateityp: 'application/pdf', dateiinhalt: 'JVBERi0=' };
    const prepared = await withUploadedAttachments(
      letter(inline, { attachment_id: id(1), dateibezeichnung: 'Eigener Name' }),
      context({ [id(1)]: upload(pdf) }),
    );
    expect(prepared).toEqual({
      input: letter(inline, { dateibezeichnung: 'Eigener Name', dateityp: 'application/pdf', dateiinhalt: pdf.toString('base64') }),
      attachments: [id(1)],
    });
  });

  it('leaves a body naming no upload, and a caller’s XML, as they came', async () => {
    const plain = letter({ dateibezeichnung: 'A', dateityp: 'application/pdf', dateiinhalt: 'JVBERi0=' });
    expect(await withUploadedAttachments(plain, context({}))).toEqual({ input: plain });
    const xml = { ...letter({ attachment_id: id(1) }), xml: '<Einspruch/>' };
    expect(await withUploadedAttachments(xml, context({}))).toEqual({ input: xml });
  });

  it('refuses an upload unknown, used, not uploaded, of other bytes or no PDF, each by its code at its entry', async () => {
    const uploads = {
      [id(2)]: upload(pdf, { used: true, bytes: undefined }),
      [id(3)]: upload(pdf, { bytes: undefined }),
      [id(4)]: upload(pdf, { bytes: Buffer.from('%PDF-1.7 uploadeD') }),
      [id(5)]: upload(Buffer.from('GIF89a')),
    };
    const prepared = await withUploadedAttachments(letter(...[1, 2, 3, 4, 5].map((n) => ({ attachment_id: id(n) }))), context(uploads));
    expect('findings' in prepared && prepared.findings.map(({ path, code }) => `${path} ${code}`)).toEqual([
      'anhaenge.anhang.0.attachment_id ATTACHMENT_NOT_FOUND',
      'anhaenge.anhang.1.attachment_id ATTACHMENT_USED',
      'anhaenge.anhang.2.attachment_id ATTACHMENT_NOT_UPLOADED',
      'anhaenge.anhang.3.attachment_id ATTACHMENT_MISMATCH',
      'anhaenge.anhang.4.attachment_id ATTACHMENT_NOT_PDF',
    ]);
  });

  it('refuses an ID named twice, one beside content of its own, one of the wrong shape, and any where the function reads no uploads', async () => {
    const uploads = { [id(1)]: upload(pdf) };
    expect(codes(await withUploadedAttachments(letter({ attachment_id: id(1) }, { attachment_id: id(1) }), context(uploads)))).toEqual([
      'ATTACHMENT_NAMED_TWICE',
    ]);
    expect(codes(await withUploadedAttachments(letter({ attachment_id: id(1), dateiinhalt: 'JVBERi0=' }), context(uploads)))).toEqual([
      'ATTACHMENT_CONTENT_BESIDE_ID',
    ]);
    expect(codes(await withUploadedAttachments(letter({ attachment_id: 'ntc_1' }), context(uploads)))).toEqual(['INVALID_VALUE']);
    const reading = await withUploadedAttachments(letter({ attachment_id: id(1) }), { today: '2026-11-29', liveSubmissionsAllowed: false });
    expect(codes(reading)).toEqual(['ATTACHMENT_NOT_FOUND']);
  });
});
