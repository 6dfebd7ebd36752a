import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { logger } from '#shared/logger.ts';
import { sqsHandler, type Handled, type QueueControl } from '#shared/queue/sqs-handler.ts';
import { context } from '#test/fakes.ts';

const record = (messageId: string, body: string): SQSRecord => ({
  messageId,
  receiptHandle: `rh-${messageId}`,
  body,
  attributes: {
    ApproximateReceiveCount: '1',
    SentTimestamp: '0',
    SenderId: 'test',
    ApproximateFirstReceiveTimestamp: '0',
  },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:eu-central-1:000000000000:test',
  awsRegion: 'eu-central-1',
});

const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

/** Reads `{"id": …}`; anything else holds no message. */
const read = (body: string) => {
  try {
    const { id } = JSON.parse(body) as { id?: unknown };
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
};

function control() {
  const calls: string[] = [];
  const queue: QueueControl = {
    postpone: async (name, receiptHandle, seconds) => void calls.push(`postpone ${name} ${receiptHandle} ${seconds}`),
    deadLetter: async (name, body) => void calls.push(`dead-letter ${name} ${body}`),
  };
  return { calls, queue };
}

const handlerOf = (handle: (id: string) => Promise<Handled>, queue = control().queue) => sqsHandler({ queue: 'transmit', control: () => queue, read, handle });

describe('sqsHandler', () => {
  it('reports only the failing record', async () => {
    const handled: string[] = [];
    const handler = handlerOf(async (id) => {
      if (id === 'bad') throw new Error('boom');
      handled.push(id);
    });
    const result = await handler(batch(record('m1', '{"id":"a"}'), record('m2', '{"id":"bad"}'), record('m3', '{"id":"c"}')), context());
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
    expect(handled.sort()).toEqual(['a', 'c']);
  });

  it('parks a record it cannot read in the dead-letter queue as it came, with a log line naming only the message, and hands it to nobody', async () => {
    const { calls, queue } = control();
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const handled: string[] = [];
    const handler = handlerOf(async (id) => void handled.push(id), queue);
    const result = await handler(batch(record('m1', 'not json DE89370400440532013000'), record('m2', '{"id":"b"}'), record('m3', '')), context());
    expect(result.batchItemFailures).toEqual([]);
    expect(handled).toEqual(['b']);
    expect(calls.sort()).toEqual(['dead-letter transmit ', 'dead-letter transmit not json DE89370400440532013000']);
    expect(error.mock.calls).toEqual([
      ['unreadable message moved to the dead-letter queue', { queue: 'transmit', message_id: 'm1' }],
      ['unreadable message moved to the dead-letter queue', { queue: 'transmit', message_id: 'm3' }],
    ]);
    error.mockRestore();
  });

  it('keeps an unreadable record in its queue when it cannot be parked', async () => {
    const queue: QueueControl = { postpone: async () => undefined, deadLetter: async () => Promise.reject(new Error('SQS down')) };
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const result = await handlerOf(async () => undefined, queue)(batch(record('m1', 'not json')), context());
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    vi.restoreAllMocks();
  });

  it('postpones a record whose handler asks for it again, and reports it so the queue keeps it', async () => {
    const { calls, queue } = control();
    const handler = handlerOf(async (id) => (id === 'later' ? { retryAfterSeconds: 300 } : undefined), queue);
    const result = await handler(batch(record('m1', '{"id":"later"}'), record('m2', '{"id":"now"}')), context());
    expect(calls).toEqual(['postpone transmit rh-m1 300']);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
  });

  it('counts each record its handler failed on, for the rollback alarm, and neither one postponed nor one parked', async () => {
    const metrics = { addMetric: vi.fn() };
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const handler = sqsHandler({
      queue: 'webhook',
      control: () => control().queue,
      read,
      metrics: () => metrics,
      handle: async (id) => {
        if (id.startsWith('bad')) throw new Error('boom');
        return id === 'later' ? { retryAfterSeconds: 60 } : undefined;
      },
    });
    const records = [
      record('m1', '{"id":"bad1"}'),
      record('m2', '{"id":"later"}'),
      record('m3', 'unreadable'),
      record('m4', '{"id":"bad2"}'),
      record('m5', '{"id":"ok"}'),
    ];
    const result = await handler(batch(...records), context());
    expect(result.batchItemFailures.map((failure) => failure.itemIdentifier).sort()).toEqual(['m1', 'm2', 'm4']);
    expect(metrics.addMetric.mock.calls).toEqual([
      ['FailedRecords_webhook', 'Count', 1],
      ['FailedRecords_webhook', 'Count', 1],
    ]);
    vi.restoreAllMocks();
  });

  it('answers an empty failure list when all succeed, and does not throw when all fail', async () => {
    const ok = handlerOf(async () => undefined);
    expect(await ok(batch(record('m1', '{"id":"a"}')), context())).toEqual({ batchItemFailures: [] });
    const failing = handlerOf(async () => {
      throw new Error('down');
    });
    const result = await failing(batch(record('m1', '{"id":"a"}'), record('m2', '{"id":"b"}')), context());
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }]);
  });

  it.each([
    [false, 3],
    [true, 1],
  ])('handles a batch one record after another only when asked to (one at a time: %s)', async (oneAtATime, most) => {
    let running = 0;
    let peak = 0;
    const handler = sqsHandler({
      queue: 'transmit',
      control: () => control().queue,
      read,
      oneAtATime: () => oneAtATime,
      handle: async () => {
        peak = Math.max(peak, ++running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running--;
      },
    });
    await handler(batch(record('m1', '{"id":"a"}'), record('m2', '{"id":"b"}'), record('m3', '{"id":"c"}')), context());
    expect(peak).toBe(most);
  });

  it('keeps the failures of concurrent invocations apart', async () => {
    // The local runtime polls each queue with several loops that share one handler module.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handler = handlerOf(async (id) => {
      if (id === 'fails') throw new Error('boom');
      if (id === 'slow') await gate;
    });
    const first = handler(batch(record('a1', '{"id":"fails"}'), record('a2', '{"id":"slow"}')), context());
    const second = await handler(batch(record('b1', '{"id":"fast"}')), context());
    release();
    expect(second).toEqual({ batchItemFailures: [] });
    expect(await first).toEqual({ batchItemFailures: [{ itemIdentifier: 'a1' }] });
  });
});
