import { describe, expect, it } from 'vitest';
import { keyForFile } from './idempotency-key.ts';

const content = Buffer.from('{"year":2026}');

describe('keyForFile', () => {
  it('is the same for the same file filed the same way, and names the form', () => {
    expect(keyForFile('ustva', content, undefined)).toBe(keyForFile('ustva', Buffer.from('{"year":2026}'), undefined));
    expect(keyForFile('ustva', content, undefined)).toMatch(/^steuerbote-cli-ustva-[0-9a-f]{40}$/);
  });

  it('differs with the content, the form and the certificate', () => {
    const keys = [
      keyForFile('ustva', content, undefined),
      keyForFile('ustva', Buffer.from('{"year":2025}'), undefined),
      keyForFile('est', content, undefined),
      keyForFile('ustva', content, 'crt_AAAAAAAAAAAAAAAAAAAAAA'),
    ];
    expect(new Set(keys).size).toBe(4);
  });
});
