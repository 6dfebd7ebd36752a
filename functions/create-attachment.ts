import { announceAttachment, attachmentRequestOf, attachmentView } from '#shared/attachments/announce.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { attachmentFiles, attachmentStore, callers } from '#shared/wiring/adapters.ts';

/**
 * `POST /v2/attachments`: notes a PDF the caller will upload for a letter and answers its ID and the
 * URL that takes its bytes (shared/attachments/announce.ts).
 */
export const handler = apiHandler(
  async (event) => {
    const request = attachmentRequestOf(event.json);
    const announced = await announceAttachment({ store: attachmentStore(), files: await attachmentFiles(), now: Date.now }, event.clientId!, request);
    return { status: 201, message: 'Attachment noted: upload its bytes to the URL', data: attachmentView(announced) };
  },
  { auth: callers, json: true },
);
