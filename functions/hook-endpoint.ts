import { apiHandler } from '#shared/http/api-handler.ts';
import { decodePdf, parseHookBody, safeSegment, sha256 } from '#shared/receiver/received-file.ts';
import { receivedFileStore } from '#shared/wiring.ts';

// The example receiver: what a caller's own webhook endpoint could look like.
export const handler = apiHandler(
  async (event) => {
    const body = parseHookBody(event.json);
    const pdf = decodePdf(body.file_content);
    const stored = body.store !== false;
    const path = `${safeSegment(body.ticket, 'ticket')}/${safeSegment(body.file_name, 'protocol.pdf')}`;
    if (stored) await receivedFileStore().save(path, pdf);
    return {
      status: 200,
      message: stored ? 'Notification received and file stored' : 'Notification received',
      data: { stored, ...(stored && { path }), file_size: pdf.length, file_sha256: sha256(pdf) },
    };
  },
  { json: true },
);
