// What the tests of the year-end returns whose body mirrors their element (E50, E30, E20) ask of a
// filing over HTTP: a delivery with its protocol's text.
import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';
import type { Kind } from '#shared/domain/ticket.ts';
import type { LocalService } from '#test/support/local-service.ts';

/** Submits `body`, waits until it is delivered as `version`, and answers its protocol's text, which names `title`. */
export async function deliveredProtocol(service: LocalService, kind: Kind, body: unknown, version: string, title: string): Promise<string> {
  const reply = await service.submit(kind, body);
  expect(reply.status, JSON.stringify(reply.json)).toBe(202);
  const ticket = await service.waitForStatus(reply.json.data.ticket, ['delivered', 'rejected', 'failed']);
  expect(ticket).toMatchObject({ status: 'delivered', datenart_version: version });
  const protocol = await service.call('GET', `/v2/protocol/${ticket.ticket}`, { headers: { accept: 'application/pdf' } });
  expect(protocol.status).toBe(200);
  const { text } = await extractText(await getDocumentProxy(protocol.bytes.slice()), { mergePages: true });
  expect(text).toContain(title);
  return text;
}
