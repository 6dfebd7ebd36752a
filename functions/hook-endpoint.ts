import { apiHandler } from '#shared/http/api-handler.ts';
import { rawBody } from '#shared/http/json-body.ts';
import { decodePdf, parseHookBody, receivedPath, sha256 } from '#shared/receiver/received-file.ts';
import { verifySignature } from '#shared/receiver/verify-signature.ts';
import { hookSigningKeys } from '#shared/webhooks/signing-keys.ts';
import { receivedFileStore } from '#shared/wiring/adapters.ts';

const messages = {
  stored: 'Notification received and file stored',
  duplicate: 'Notification already received; file stored before',
  unstored: 'Notification received',
};

// The example receiver: what a caller's own webhook endpoint could look like.
export const handler = apiHandler(
  async (event) => {
    // The parsed JSON is trusted only once the bytes it came from carry a valid signature.
    verifySignature(rawBody(event).toString('utf8'), event.headers, await hookSigningKeys());
    const body = parseHookBody(event.json);
    const pdf = decodePdf(body.file_content);
    const file = { file_size: pdf.length, file_sha256: sha256(pdf) };
    if (body.store === false) return { status: 200, message: messages.unstored, data: { stored: false, ...file } };

    const path = receivedPath(body);
    // A retry carries the same webhook-id; a manual POST may carry none and is simply stored.
    const outcome = await receivedFileStore().save(path, pdf, event.headers['webhook-id'] || undefined);
    return {
      status: 200,
      message: messages[outcome],
      data: { stored: true, path, ...file, ...(outcome === 'duplicate' && { duplicate: true }) },
    };
  },
  { json: true },
);
