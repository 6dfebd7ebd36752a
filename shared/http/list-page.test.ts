import { describe, expect, it } from 'vitest';
import { HttpError } from '#shared/http/http-error.ts';
import { itemsFitting, maxListAnswerBytes, refuseUnknownParameters } from '#shared/http/list-page.ts';

const itemOf = (bytes: number) => ({ text: 'x'.repeat(bytes - 11) });

describe('itemsFitting', () => {
  it('keeps every item that fits, in order', () => {
    expect(itemsFitting([])).toBe(0);
    expect(itemsFitting([itemOf(100), itemOf(100)])).toBe(2);
  });

  it('stops before the item that would take the answer past its bytes, leaving room for the envelope', () => {
    const items = Array.from({ length: 30 }, () => itemOf(100_000));
    const fitting = itemsFitting(items);
    expect(fitting).toBe(10);
    expect(Buffer.byteLength(JSON.stringify(items.slice(0, fitting)))).toBeLessThan(maxListAnswerBytes - 2048);
  });

  it('counts bytes, not characters', () => {
    const umlauts = Array.from({ length: 30 }, () => ({ text: 'ü'.repeat(50_000) }));
    expect(itemsFitting(umlauts)).toBe(10);
  });

  it('keeps one item even when it alone is larger, so that every page moves on', () => {
    expect(itemsFitting([itemOf(maxListAnswerBytes), itemOf(20)])).toBe(1);
  });
});

describe('refuseUnknownParameters', () => {
  it('refuses a parameter not taken with 400 PARAMETER_UNKNOWN at it, naming those taken', () => {
    expect(() => refuseUnknownParameters({ cursor: 'x' }, ['cursor'])).not.toThrow();
    const refused = (() => {
      try {
        refuseUnknownParameters({ curser: 'x' }, ['cursor', 'limit']);
      } catch (error) {
        return error as HttpError;
      }
    })();
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 400, code: 'BAD_REQUEST', details: [{ path: 'curser', code: 'PARAMETER_UNKNOWN' }] });
    expect(refused?.message).toContain('cursor, limit');
  });
});
