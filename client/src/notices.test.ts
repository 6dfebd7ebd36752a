import { describe, expect, it } from 'vitest';
import { FilingNotDelivered, NoticeWaitTimeout, SteuerboteError } from './errors.ts';
import { noticeFile, waitForNotices, type NoticeCalls } from './notices.ts';
import type { MailboxCheck, Notice, TicketMetadata, TicketStatus } from './types.ts';

const ticket = 'tk_AAAAAAAAAAAAAAAAAAAAAA';
const notice = { notice_id: 'ntc_AAAAAAAAAAAAAAAAAAAAAA', ticket } as Notice;
const metadata = (status: TicketMetadata['status'], certificate_id: string | null = null) => ({ ticket, status, test: true, certificate_id }) as TicketMetadata;
const done = { check_id: 'chk_AAAAAAAAAAAAAAAAAAAAAA', status: 'done' } as MailboxCheck;

/** Calls that find the notice after `checksNeeded` checks, noting each check's request. */
function calls(checksNeeded: number, filing: TicketMetadata, final: TicketStatus['status'] = 'delivered') {
  const requests: unknown[] = [];
  const fake: NoticeCalls = {
    noticesOf: async () => (requests.length >= checksNeeded ? [notice] : []),
    ticket: async () => filing,
    waitForTicket: async () => ({ ticket, status: final, updated_at: '', attempts: 1 }),
    check: async (request) => (requests.push(request), done),
  };
  return { fake, requests };
}

describe('waitForNotices', () => {
  it('answers the notices there are without a check', async () => {
    const { fake, requests } = calls(0, metadata('delivered'));
    expect(await waitForNotices(fake, ticket)).toEqual([notice]);
    expect(requests).toEqual([]);
  });

  it("checks the mailbox of the filing's certificate, with its Testmerker, pausing longer each time, until the notice is there", async () => {
    const { fake, requests } = calls(3, metadata('delivered', 'crt_AAAAAAAAAAAAAAAAAAAAAA'));
    const pauses: number[] = [];
    const seen: MailboxCheck[] = [];
    const found = await waitForNotices(fake, ticket, { intervalMs: 3000, sleep: async (ms) => void pauses.push(ms), onCheck: (check) => seen.push(check) });
    expect(found).toEqual([notice]);
    expect(requests).toEqual(Array.from({ length: 3 }, () => ({ test: true, certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA' })));
    expect(seen).toHaveLength(3);
    expect(pauses).toEqual([1000, 2000]);
  });

  it('follows a filing not yet delivered first, and runs no check for one that ended badly', async () => {
    const { fake, requests } = calls(1, metadata('processing'), 'rejected');
    await expect(waitForNotices(fake, ticket)).rejects.toEqual(new FilingNotDelivered(ticket, 'rejected'));
    expect(requests).toEqual([]);
  });

  it('gives up after timeoutMs, saying how many checks it ran', async () => {
    const { fake } = calls(Infinity, metadata('delivered'));
    const waiting = waitForNotices(fake, ticket, { timeoutMs: 30, intervalMs: 10, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) });
    await expect(waiting).rejects.toBeInstanceOf(NoticeWaitTimeout);
    await expect(waiting).rejects.toMatchObject({ ticket, checks: expect.any(Number) });
  });
});

const stream = (text: string) => new Response(text).body!;

describe('noticeFile', () => {
  it('streams the file of a 200, with its type and size', async () => {
    const response = new Response(stream('%PDF-1.7'), { headers: { 'content-type': 'application/pdf', 'content-length': '8' } });
    const file = await noticeFile({ response }, async () => Promise.reject(new Error('no download URL to fetch')));
    expect(file).toMatchObject({ contentType: 'application/pdf', size: 8 });
    expect(await new Response(file.body).text()).toBe('%PDF-1.7');
  });

  it("fetches a large file from the 302's download URL, without the API key", async () => {
    const fetched: Request[] = [];
    const response = new Response(null, { status: 302, headers: { location: 'https://files.example/notices/big.pdf?signature=abc' } });
    const file = await noticeFile({ response }, async (request) => {
      fetched.push(request);
      return new Response(stream('%PDF-big'), { headers: { 'content-type': 'application/pdf' } });
    });
    expect(fetched.map((request) => [request.url, request.headers.get('authorization')])).toEqual([
      ['https://files.example/notices/big.pdf?signature=abc', null],
    ]);
    expect(await new Response(file.body).text()).toBe('%PDF-big');
  });

  it("throws the service's error envelope, and the download URL's refusal", async () => {
    const envelope = { message: 'Notice not found', error: { code: 'NOT_FOUND' } };
    await expect(noticeFile({ response: new Response(null, { status: 404 }), error: envelope }, fetch)).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    const expired = new Response(null, { status: 302, headers: { location: 'https://files.example/x' } });
    await expect(noticeFile({ response: expired }, async () => new Response('Request has expired', { status: 403 }))).rejects.toBeInstanceOf(SteuerboteError);
  });
});
