import type { ScheduledEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScheduler } from '#local/scheduler.ts';

afterEach(() => {
  vi.useRealTimers();
});

function setup(handler: (event: ScheduledEvent) => Promise<unknown>) {
  vi.useFakeTimers();
  const onError = vi.fn();
  const invoke = vi.fn(handler);
  const scheduler = startScheduler({ ruleName: 'redrive', functionName: 'redrive', everySeconds: 5, handler: invoke, onError });
  return { scheduler, invoke, onError };
}

describe('startScheduler', () => {
  it('invokes the function with a scheduled event every interval, never while its last run is still going', async () => {
    const finishes: (() => void)[] = [];
    const { scheduler, invoke } = setup(() => new Promise<void>((finish) => finishes.push(finish)));

    await vi.advanceTimersByTimeAsync(4_999);
    expect(invoke).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(invoke).toHaveBeenCalledOnce();
    expect(invoke.mock.calls[0]![0]).toMatchObject({
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      resources: [expect.stringMatching(/:rule\/redrive$/)],
      detail: {},
    });

    await vi.advanceTimersByTimeAsync(20_000);
    expect(invoke).toHaveBeenCalledOnce();
    finishes[0]!();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(invoke).toHaveBeenCalledTimes(2);
    finishes[1]!();
    await scheduler.stop();
  });

  it('stops ticking, after the run still going has finished', async () => {
    let finish = () => {};
    const { scheduler, invoke } = setup(() => new Promise<void>((resolve) => (finish = resolve)));
    await vi.advanceTimersByTimeAsync(5_000);
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(invoke).toHaveBeenCalledOnce();
  });

  it('reports a failed run and keeps its schedule', async () => {
    const { scheduler, invoke, onError } = setup(() => Promise.reject(new Error('table unreachable')));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(invoke).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledTimes(2);
    expect(onError.mock.calls[0]![0]).toEqual(new Error('table unreachable'));
    await scheduler.stop();
  });
});
