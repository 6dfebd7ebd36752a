import { createHash } from 'node:crypto';
import type { StoredObject } from '#shared/domain/notice.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { prefers } from '#shared/http/delivered-ticket.ts';
import { HttpError, notFound } from '#shared/http/http-error.ts';
import { ownedNotice } from '#shared/http/owned-notice.ts';
import { dataValues } from '#shared/notices/data-view.ts';
import { downloadUrlSeconds, inlineFileBytes } from '#shared/notices/file-limits.ts';
import type { ApiResult } from '#shared/http/types.ts';
import { callers, noticeFileStore, noticeStore } from '#shared/wiring/adapters.ts';

/**
 * `GET /v2/notices/{notice_id}/data` and `/attachments/{n}`: the file as ELSTER provided it; the data
 * package with `Accept: application/json` as its values, where its format is known.
 */
export const handler = apiHandler(
  async (event): Promise<ApiResult> => {
    const notice = await ownedNotice(noticeStore(), event.pathParameters?.notice_id, event.clientId);
    const n = event.pathParameters?.n;
    const file: StoredObject | undefined = n === undefined ? notice.data : /^[1-9]\d{0,2}$/.test(n) ? notice.attachments[Number(n) - 1] : undefined;
    if (!file && n === undefined)
      throw new HttpError(404, 'NOTICE_HAS_NO_DATA', 'The notice has no data package: ELSTER provided only its attachments and metadata');
    if (!file) throw notFound('Attachment not found');
    const files = await noticeFileStore();
    const disposition = `attachment; filename="${file.file_name.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
    if (file.size > inlineFileBytes) {
      const url = await files.downloadUrl(file.key, file.file_name, downloadUrlSeconds);
      return { status: 302, raw: new Uint8Array(), contentType: file.content_type, headers: { location: url, 'cache-control': 'no-store' } };
    }
    const stored = await files.get(file.key);
    if (!stored) throw new Error(`notice file missing: ${notice.notice_id} ${file.key}`);
    const chunks: Uint8Array[] = [];
    for await (const chunk of stored.body) chunks.push(chunk);
    const content = Buffer.concat(chunks);
    if (n === undefined && prefers(event.headers?.accept, 'application/json')) {
      const xml = content.toString('latin1');
      return {
        status: 200,
        message: 'Notice data',
        data: { notice_id: notice.notice_id, datenart: notice.datenart, file_name: file.file_name, values: dataValues(xml), xml },
      };
    }
    return {
      status: 200,
      raw: content,
      contentType: file.content_type,
      headers: { 'content-disposition': disposition, etag: `"${createHash('sha256').update(content).digest('hex')}"` },
    };
  },
  { auth: callers },
);
