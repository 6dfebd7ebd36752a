import { describe, expect, it } from 'vitest';
import { deriving, maxDerivations } from '#shared/certificates/derivation-slots.ts';

/** Work that ends when `release` is called, noting how many run with it. */
function gate(running: { now: number; most: number }) {
  let release!: () => void;
  const ended = new Promise<void>((resolve) => (release = resolve));
  const work = async () => {
    running.now++;
    running.most = Math.max(running.most, running.now);
    await ended;
    running.now--;
    return 'done';
  };
  return { work, release };
}

const turns = () => new Promise((resolve) => setImmediate(resolve));

describe('deriving', () => {
  it('runs at most two at a time, the rest in the order they came, each as soon as a slot is free', async () => {
    const running = { now: 0, most: 0 };
    const gates = Array.from({ length: 6 }, () => gate(running));
    const started: number[] = [];
    const results = gates.map(({ work }, index) => deriving(() => (started.push(index), work())));
    await turns();
    expect(maxDerivations).toBe(2);
    expect(started).toEqual([0, 1]);
    gates[1]!.release();
    await turns();
    expect(started).toEqual([0, 1, 2]);
    for (const { release } of gates) release();
    expect(await Promise.all(results)).toEqual(Array(6).fill('done'));
    expect(running.most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('frees the slot of work that fails', async () => {
    const failed = await Promise.allSettled([1, 2, 3].map(() => deriving(() => Promise.reject(new Error('no')))));
    expect(failed.map(({ status }) => status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await Promise.all([1, 2, 3].map((n) => deriving(async () => n)))).toEqual([1, 2, 3]);
  });
});
