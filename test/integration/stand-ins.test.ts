// The local stand-ins where they once fell short of what they stand in for.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionStore } from '#shared/wiring/adapters.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';

describe('the S3 stand-in', () => {
  let service: LocalService | undefined;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(() => service?.stop());

  // S3 answers a listing 1,000 objects at a time; the next page is asked for with the token of the last.
  it('lists past its first page of 1,000 objects, and a runtime holding that many starts again', async () => {
    const tickets = Array.from({ length: 1_001 }, (_, i) => `tk_listing${String(i).padStart(12, '0')}`);
    for (let at = 0; at < tickets.length; at += 50) {
      await Promise.all(tickets.slice(at, at + 50).map((ticket) => submissionStore().put(ticket, { ticket })));
    }
    const listed: string[] = [];
    for await (const { ticket } of submissionStore().list()) listed.push(ticket);
    expect(listed).toEqual(expect.arrayContaining(tickets));

    // The start sweeps, and so lists, every stored submission.
    const dataDir = service!.dataDir;
    await service!.stop();
    service = await startService({ dataDir });
    expect((await service.call('GET', '/v2/version')).status).toBe(200);
  }, 120_000);
});
