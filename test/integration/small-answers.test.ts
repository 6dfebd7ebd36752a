// However a body is made, up to the 1 MiB a route takes, its answer stays small: at most 100
// findings and one FINDINGS_TRUNCATED counting the rest, and an error answer under 64 KiB. Against
// the local runtime over HTTP, on every route that takes a body.

import { describe, expect, it } from 'vitest';
import { maxFindings, truncatedCode } from '#shared/domain/finding-limits.ts';
import { maxBodyBytes } from '#shared/http/json-body.ts';
import { maxNesting } from '#shared/http/json-keys.ts';
import { type Reply, serviceOfFile } from '#test/support/local-service.ts';
import { estSample, ustvaSample } from '#test/support/samples.ts';

const service = serviceOfFile();

const maxAnswerBytes = 64 * 1024;
const unknownKeys = 90_000;

const post = (path: string, body: string) => {
  expect(Buffer.byteLength(body)).toBeLessThanOrEqual(maxBodyBytes);
  return service.call('POST', path, { body, headers: { 'content-type': 'application/json' } });
};

/** `body` with `count` keys it does not know added at the top, or inside `within`. */
function withUnknownKeys(body: Record<string, unknown>, count: number, within?: string): string {
  const keys = Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, 0]));
  return JSON.stringify(within === undefined ? { ...body, ...keys } : { ...body, [within]: { ...(body[within] as object), ...keys } });
}

function expectSmallRefusal(reply: Reply, status: number) {
  expect(reply.status).toBe(status);
  expect(reply.bytes.length).toBeLessThan(maxAnswerBytes);
  expect(reply.json).toMatchObject({ success: false, status, data: null });
  return reply.json.error.details as { path: string; code: string; count?: number; severity?: string }[];
}

/** The first `maxFindings` findings, then the count of the rest. */
function expectTruncated(findings: { code: string; count?: number }[], listedCode: string, total: number) {
  expect(findings).toHaveLength(maxFindings + 1);
  expect(findings.slice(0, maxFindings).every((finding) => finding.code === listedCode)).toBe(true);
  expect(findings.at(-1)).toMatchObject({ path: '', code: truncatedCode, count: total - maxFindings });
}

describe(`${unknownKeys} unknown keys`, () => {
  it(`POST /v2/ustva: 422 under 64 KiB with ${maxFindings} findings and ${truncatedCode} counting the rest`, async () => {
    const details = expectSmallRefusal(await post('/v2/ustva', withUnknownKeys(ustvaSample(), unknownKeys)), 422);
    expectTruncated(details, 'UNKNOWN_FIELD', unknownKeys);
    expect(details[0]).toMatchObject({ path: 'k0', code: 'UNKNOWN_FIELD' });
  });

  it('POST /v2/ustva/validate: the same findings in data.findings, the count an error', async () => {
    const reply = await post('/v2/ustva/validate', withUnknownKeys(ustvaSample(), unknownKeys));
    expect(reply.status).toBe(200);
    expect(reply.bytes.length).toBeLessThan(maxAnswerBytes);
    expect(reply.json.data.valid).toBe(false);
    expectTruncated(reply.json.data.findings, 'UNKNOWN_FIELD', unknownKeys);
    expect(reply.json.data.findings.at(-1).severity).toBe('error');
  });

  it('POST /v2/est, inside taxpayer: 422 under 64 KiB', async () => {
    const details = expectSmallRefusal(await post('/v2/est', withUnknownKeys(estSample(), unknownKeys, 'taxpayer')), 422);
    expectTruncated(details, 'UNKNOWN_FIELD', unknownKeys);
    expect(details[0]).toMatchObject({ path: 'taxpayer.k0' });
  });

  it('POST /v2/certificates: 422 under 64 KiB, nothing opened or kept', async () => {
    const before = (await service.call('GET', '/v2/certificates')).json.data.certificates.length;
    const details = expectSmallRefusal(await post('/v2/certificates', withUnknownKeys({ pkcs12: 'AAAA', pin: '123456' }, unknownKeys)), 422);
    expectTruncated(details, 'UNKNOWN_FIELD', unknownKeys);
    expect((await service.call('GET', '/v2/certificates')).json.data.certificates).toHaveLength(before);
  });
});

describe('bodies made to grow the answer', () => {
  it('nested __proto__ keys: a small 422 naming the nesting limit', async () => {
    const levels = Math.floor((maxBodyBytes - 2) / '{"__proto__":}'.length);
    const details = expectSmallRefusal(await post('/v2/ustva', `${'{"__proto__":'.repeat(levels)}1${'}'.repeat(levels)}`), 422);
    expect(details).toEqual([expect.objectContaining({ code: 'NESTING_TOO_DEEP', message: expect.stringContaining(`${maxNesting} levels`) })]);
    expect(details[0]!.path).toMatch(/^(__proto__\.)+/);
  });

  it(`__proto__ keys side by side, deep down: ${maxFindings} named, the rest counted`, async () => {
    const count = 50_000;
    const depth = maxNesting - 2;
    const body = `${'{"a":'.repeat(depth)}[${Array(count).fill('{"__proto__":1}').join(',')}]${'}'.repeat(depth)}`;
    const details = expectSmallRefusal(await post('/v2/ustva/validate', body), 422);
    expectTruncated(details, 'KEY_NOT_ALLOWED', count);
  });

  it('a key of nearly 1 MiB: its path shortened', async () => {
    const key = 'x'.repeat(maxBodyBytes - 1000);
    const details = expectSmallRefusal(await post('/v2/ustva', JSON.stringify({ ...ustvaSample(), kennzahlen: { [key]: 1 } })), 422);
    expect(details).toEqual([expect.objectContaining({ code: 'KZ_UNKNOWN', path: expect.stringMatching(/^kennzahlen\.x+…$/) })]);
  });

  it(`kennzahlen with ${unknownKeys} keys: one finding, the keys left unread`, async () => {
    const details = expectSmallRefusal(await post('/v2/ustva', withUnknownKeys(ustvaSample(), unknownKeys, 'kennzahlen')), 422);
    expect(details).toEqual([expect.objectContaining({ path: 'kennzahlen', code: 'OUT_OF_RANGE', expected: 'at most 100 keys' })]);
  });
});
