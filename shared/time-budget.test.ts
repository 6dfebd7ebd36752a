import { describe, expect, it } from 'vitest';
import { stopBefore, timeIsUp, workThrough } from '#shared/time-budget.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('workThrough', () => {
  it('works on every item, never more than `concurrency` at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const all = await workThrough([1, 2, 3, 4, 5, 6, 7], { concurrency: 3, stopAt: undefined }, async (item) => {
      most = Math.max(most, ++running);
      await pause(2);
      running--;
      done.push(item);
    });
    expect(all).toBe(true);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('takes the first item however late it is, then no other, and says it stopped', async () => {
    const done: number[] = [];
    expect(await workThrough([1, 2, 3], { concurrency: 2, stopAt: Date.now() - 1 }, async (item) => void done.push(item))).toBe(false);
    expect(done).toEqual([1]);
  });

  it('reads an async source only as far as it works', async () => {
    const read: number[] = [];
    async function* source() {
      for (let i = 1; i <= 5; i++) {
        read.push(i);
        yield i;
      }
    }
    expect(await workThrough(source(), { concurrency: 1, stopAt: Date.now() - 1 }, async () => undefined)).toBe(false);
    expect(read).toEqual([1, 2]);
  });

  it('takes no new item after one failed, and throws its error once the others under way have ended', async () => {
    const started: number[] = [];
    const ended: number[] = [];
    const run = workThrough([1, 2, 3, 4], { concurrency: 2, stopAt: undefined }, async (item) => {
      started.push(item);
      await pause(item === 2 ? 1 : 10);
      if (item === 2) throw new Error('item 2');
      ended.push(item);
    });
    await expect(run).rejects.toThrow('item 2');
    expect(started).toEqual([1, 2]);
    expect(ended).toEqual([1]);
  });
});

describe('the budget', () => {
  it('ends the reserve before the remaining time', () => {
    const stopAt = stopBefore(60_000, 10_000);
    expect(stopAt - Date.now()).toBeGreaterThan(49_000);
    expect(stopAt - Date.now()).toBeLessThanOrEqual(50_000);
    expect(timeIsUp(stopBefore(5_000, 10_000))).toBe(true);
    expect(timeIsUp(undefined)).toBe(false);
  });
});
