// The example webhook receiver, a part of its own beside the service: it verifies, checks and
// stores what steuerbote's webhooks send, as a caller's endpoint would: a ticket's protocol, or a
// notice's metadata (`notice.available`) as the JSON it came as.
import { apiHandler } from '#shared/http/api-handler.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { rawBody } from '#shared/http/json-body.ts';
import { decodePdf, parseWebhookBody, receivedPath, sha256 } from '#receiver/received-file.ts';
import { isNoticeWebhook, receivedNoticePath } from '#receiver/received-notice.ts';
import { verifySignature } from '#receiver/verify-signature.ts';
import { webhookSigningKeys } from '#shared/webhooks/signing-keys.ts';
import { receivedFileStore } from '#receiver/wiring.ts';

const messages = {
  stored: 'Notification received and file stored',
  duplicate: 'File stored before; nothing written',
  unstored: 'Notification received',
  notice: 'Notice metadata stored',
};

/** `POST /dummy/hook-endpoint`: what a caller's own webhook endpoint could look like. */
export const receiveWebhook = apiHandler(
  async (event) => {
    // The parsed JSON is trusted only once the bytes it came from carry a valid signature.
    const raw = rawBody(event);
    verifySignature(raw.toString('utf8'), event.headers, await webhookSigningKeys());
    if (isNoticeWebhook(event.json)) {
      const path = receivedNoticePath(event.json);
      const outcome = await saveOnce(path, raw, event.headers['webhook-id'], 'notice_id');
      return { status: 200, message: messages.notice, data: { stored: true, path, ...(outcome === 'duplicate' && { duplicate: true }) } };
    }
    const body = parseWebhookBody(event.json);
    const pdf = await decodePdf(body.file_content);
    const file = { file_size: pdf.length, file_sha256: sha256(pdf) };
    if (body.store === false) return { status: 200, message: messages.unstored, data: { stored: false, ...file } };

    const path = receivedPath(body);
    const outcome = await saveOnce(path, pdf, event.headers['webhook-id'], 'file_name');
    return {
      status: 200,
      message: messages[outcome],
      data: { stored: true, path, ...file, ...(outcome === 'duplicate' && { duplicate: true }) },
    };
  },
  { json: true },
);

/**
 * Stores a delivery's file once. A retry carries the same webhook-id; a manual POST may carry none,
 * and is judged by its bytes alone. Other bytes where a file is stored are a conflict (409).
 */
async function saveOnce(path: string, content: Uint8Array, webhookId: string | undefined, field: string): Promise<'stored' | 'duplicate'> {
  const outcome = await receivedFileStore().save(path, content, webhookId || undefined);
  if (outcome === 'conflict') {
    throw new HttpError(409, 'CONFLICT', 'Another file is stored under this name; a stored file is never replaced', {
      details: [{ path: field, code: 'FILE_EXISTS', message: `${path} holds other content` }],
    });
  }
  return outcome;
}
