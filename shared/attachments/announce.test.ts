import { describe, expect, it } from 'vitest';
import type { Attachment } from '#shared/domain/attachment.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { announceAttachment, attachmentRequestOf, attachmentView, uploadUrlSeconds } from '#shared/attachments/announce.ts';

const sha256 = 'AB'.repeat(32);
const refusal = (body: unknown) => {
  try {
    attachmentRequestOf(body);
  } catch (error) {
    return error instanceof HttpError ? { status: error.status, codes: error.details.map(({ path, code }) => `${path} ${code}`) } : error;
  }
  return undefined;
};

describe('attachmentRequestOf', () => {
  it('takes a PDF within ERiC’s limit a file, its checksum in lower case', () => {
    expect(attachmentRequestOf({ name: 'Beleg', content_type: 'application/pdf', size: 10_485_760, sha256 })).toEqual({
      name: 'Beleg',
      content_type: 'application/pdf',
      size: 10_485_760,
      sha256: sha256.toLowerCase(),
    });
  });

  it('refuses with 422 what ELSTER would refuse, and what is missing or unknown, by field', () => {
    expect(refusal({ name: 'Beleg', content_type: 'image/png', size: 10_485_761, sha256 })).toEqual({
      status: 422,
      codes: ['content_type ATTACHMENT_TYPE', 'size ATTACHMENT_TOO_LARGE'],
    });
    expect(refusal({ name: 'x'.repeat(51), size: 1.5, sha256: 'abc', extra: true })).toEqual({
      status: 422,
      codes: ['name INVALID_VALUE', 'content_type REQUIRED', 'size INVALID_VALUE', 'sha256 INVALID_VALUE', 'extra UNKNOWN_FIELD'],
    });
  });
});

describe('announceAttachment', () => {
  it('notes the client’s upload for a day and answers the URL for its bytes, without naming the client', async () => {
    const created: Attachment[] = [];
    const now = Date.parse('2026-11-29T10:00:00Z');
    const announced = await announceAttachment(
      {
        store: { create: async (attachment) => void created.push(attachment), get: async () => undefined, use: async () => false, release: async () => {} },
        files: {
          uploadTarget: async (attachmentId, file, seconds) => ({
            method: 'PUT',
            url: `https://s3/${attachmentId}?X-Amz-Expires=${seconds}`,
            headers: { 'content-length': String(file.size) },
          }),
          read: async () => undefined,
        },
        now: () => now,
      },
      'client-a',
      { name: 'Beleg', content_type: 'application/pdf', size: 10, sha256: sha256.toLowerCase() },
    );
    expect(created).toEqual([{ ...announced.attachment, client_id: 'client-a', expires_at: now / 1000 + 86_400 }]);
    const view = attachmentView(announced);
    expect(view).not.toHaveProperty('client_id');
    expect(view).toMatchObject({
      attachment_id: announced.attachment.attachment_id,
      expires_at: '2026-11-30T10:00:00.000Z',
      upload: { method: 'PUT', url: expect.stringContaining(`X-Amz-Expires=${uploadUrlSeconds}`), expires_at: '2026-11-29T10:15:00.000Z' },
    });
  });
});
