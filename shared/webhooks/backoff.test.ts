import { describe, expect, it } from 'vitest';
import { backoffSeconds, maxDelaySeconds, retryAfterSeconds, schedule } from '#shared/webhooks/backoff.ts';

const middle = () => 0.5;
const lowest = () => 0;
const highest = () => 0.999_999;

describe('backoffSeconds', () => {
  it('follows the schedule from 5 s to 6 h, without jitter at the midpoint', () => {
    expect(schedule).toEqual([5, 30, 120, 600, 1800, 3600, 10_800, 21_600]);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => backoffSeconds(attempt, 1, middle))).toEqual([5, 30, 120, 600, 1800, 3600, 10_800, 21_600]);
  });

  it('stays at 6 h beyond the end of the schedule', () => {
    expect([9, 10, 50].map((attempt) => backoffSeconds(attempt, 1, middle))).toEqual([21_600, 21_600, 21_600]);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('keeps attempt %i within ±20 % of its step', (attempt) => {
    const base = schedule[attempt - 1]!;
    expect(backoffSeconds(attempt, 1, lowest)).toBe(Math.round(base * 0.8));
    expect(backoffSeconds(attempt, 1, highest)).toBe(Math.round(base * 1.2));
    for (const r of [0.1, 0.3, 0.7, 0.9]) {
      const delay = backoffSeconds(attempt, 1, () => r);
      expect(delay).toBeGreaterThanOrEqual(Math.round(base * 0.8));
      expect(delay).toBeLessThanOrEqual(Math.round(base * 1.2));
    }
  });

  it('spreads deliveries that fail together', () => {
    const delays = [0, 0.25, 0.5, 0.75, 0.999].map((r) => backoffSeconds(4, 1, () => r));
    expect(delays).toEqual([480, 540, 600, 660, 720]);
  });

  it('multiplies by the scale after the jitter', () => {
    expect(backoffSeconds(8, 0.01, middle)).toBe(216);
    expect(backoffSeconds(8, 0.01, lowest)).toBe(173);
    expect(backoffSeconds(2, 0.1, highest)).toBe(4);
  });

  it('is 0 at scale 0', () => {
    for (const attempt of [1, 4, 8, 20]) expect(backoffSeconds(attempt, 0, highest)).toBe(0);
  });

  it('never asks SQS to hide a message until 12 hours after it was received, which SQS refuses', () => {
    expect(maxDelaySeconds).toBe(42_600);
    expect(backoffSeconds(8, 10, highest)).toBe(42_600);
  });
});

describe('retryAfterSeconds', () => {
  const now = new Date('2026-11-22T10:00:00.000Z');

  it('reads delay-seconds', () => {
    expect(retryAfterSeconds('120', now, 1)).toBe(120);
    expect(retryAfterSeconds(' 7 ', now, 1)).toBe(7);
    expect(retryAfterSeconds('0', now, 1)).toBe(0);
  });

  it('reads an HTTP date as the time until then, rounded up', () => {
    expect(retryAfterSeconds('Sun, 22 Nov 2026 10:02:00 GMT', now, 1)).toBe(120);
    expect(retryAfterSeconds('Sun, 22 Nov 2026 10:00:01 GMT', new Date('2026-11-22T10:00:00.500Z'), 1)).toBe(1);
    // The obsolete forms a recipient must still accept (RFC 9110 §5.6.7).
    expect(retryAfterSeconds('Sunday, 22-Nov-26 10:01:00 GMT', now, 1)).toBe(60);
  });

  it('answers 0 for a date already past', () => {
    expect(retryAfterSeconds('Sun, 22 Nov 2026 09:00:00 GMT', now, 1)).toBe(0);
    expect(retryAfterSeconds('Thu, 01 Jan 1970 00:00:00 GMT', now, 1)).toBe(0);
  });

  it('scales both forms, rounding up', () => {
    expect(retryAfterSeconds('120', now, 0.1)).toBe(12);
    expect(retryAfterSeconds('5', now, 0.1)).toBe(1);
    expect(retryAfterSeconds('Sun, 22 Nov 2026 10:02:00 GMT', now, 0.5)).toBe(60);
    expect(retryAfterSeconds('120', now, 0)).toBe(0);
  });

  it('caps at 12 hours', () => {
    expect(retryAfterSeconds('100000', now, 1)).toBe(42_600);
    expect(retryAfterSeconds('99999999999999999999999', now, 1)).toBe(42_600);
    expect(retryAfterSeconds('Mon, 23 Nov 2026 10:00:00 GMT', now, 1)).toBe(42_600);
  });

  it.each([undefined, '', '   ', 'soon', 'in a minute', '5 minutes', '1.5', '-1', '+5', '5.', '0x10', '1e3'])(
    'ignores %j, so the schedule applies',
    (header) => {
      expect(retryAfterSeconds(header, now, 1)).toBeUndefined();
    },
  );
});
