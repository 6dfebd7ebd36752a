// How a scheduled run spends its time: it takes on work while its budget lasts, a few pieces at once,
// and stops taking more before the function's timeout, so that what it did is recorded and the next
// run takes up the rest (the re-drive and the sweep; docs/operations/a-backlog.md).

/** When a run stops taking on work, as epoch milliseconds; absent, it works until it is done. */
export type StopAt = number | undefined;

export const timeIsUp = (stopAt: StopAt) => stopAt !== undefined && Date.now() >= stopAt;

/**
 * The moment to stop, from Lambda's remaining time (the context's `getRemainingTimeInMillis`, which
 * the local runtime gives each run as well): `reserveMs` before the timeout, for the work under way.
 */
export const stopBefore = (remainingMs: number, reserveMs: number): number => Date.now() + Math.max(0, remainingMs - reserveMs);

/**
 * Runs `work` on the items in turn, at most `concurrency` at once, and takes no new one once `stopAt`
 * has passed; the first item is always taken, so every run gets on. Waits for the work under way.
 * Returns whether every item was worked on. An item's failure stops the intake and is thrown once
 * the others under way have ended.
 */
export async function workThrough<T>(
  items: AsyncIterable<T> | Iterable<T>,
  { concurrency, stopAt }: { concurrency: number; stopAt: StopAt },
  work: (item: T) => Promise<void>,
): Promise<boolean> {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  let taken = 0;
  for await (const item of items) {
    if (failure || (taken > 0 && timeIsUp(stopAt))) {
      await Promise.all(running);
      if (failure) throw failure.error;
      return false;
    }
    taken++;
    const one: Promise<void> = work(item).then(
      () => void running.delete(one),
      (error: unknown) => {
        running.delete(one);
        failure ??= { error };
      },
    );
    running.add(one);
    if (running.size >= concurrency) await Promise.race(running);
  }
  await Promise.all(running);
  if (failure) throw failure.error;
  return true;
}
