// The example webhook receiver, a part of its own beside the service: it verifies, checks and
// stores what steuerbote's webhook sends, as a caller's endpoint would.
import { apiHandler } from '#shared/http/api-handler.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { rawBody } from '#shared/http/json-body.ts';
import { decodePdf, parseWebhookBody, receivedPath, sha256 } from '#receiver/received-file.ts';
import { verifySignature } from '#receiver/verify-signature.ts';
import { webhookSigningKeys } from '#shared/webhooks/signing-keys.ts';
import { receivedFileStore } from '#receiver/wiring.ts';

const messages = {
  stored: 'Notification received and file stored',
  duplicate: 'File stored before; nothing written',
  unstored: 'Notification received',
};

/** `POST /dummy/hook-endpoint`: what a caller's own webhook endpoint could look like. */
export const receiveWebhook = apiHandler(
  async (event) => {
    // The parsed JSON is trusted only once the bytes it came from carry a valid signature.
    verifySignature(rawBody(event).toString('utf8'), event.headers, await webhookSigningKeys());
    const body = parseWebhookBody(event.json);
    const pdf = await decodePdf(body.file_content);
    const file = { file_size: pdf.length, file_sha256: sha256(pdf) };
    if (body.store === false) return { status: 200, message: messages.unstored, data: { stored: false, ...file } };

    const path = receivedPath(body);
    // A retry carries the same webhook-id; a manual POST may carry none, and is judged by its bytes alone.
    const outcome = await receivedFileStore().save(path, pdf, event.headers['webhook-id'] || undefined);
    if (outcome === 'conflict') {
      throw new HttpError(409, 'CONFLICT', 'Another file is stored under this ticket and name; a stored file is never replaced', {
        details: [{ path: 'file_name', code: 'FILE_EXISTS', message: `${path} holds other content` }],
      });
    }
    return {
      status: 200,
      message: messages[outcome],
      data: { stored: true, path, ...file, ...(outcome === 'duplicate' && { duplicate: true }) },
    };
  },
  { json: true },
);
