import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { sqsHandler } from '#shared/queue/sqs-handler.ts';
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

const parse = (r: SQSRecord) => String((JSON.parse(r.body) as { id?: unknown }).id);

describe('sqsHandler', () => {
  it('reports only the failing record', async () => {
    const handled: string[] = [];
    const handler = sqsHandler(parse, async (id) => {
      if (id === 'bad') throw new Error('boom');
      handled.push(id);
    });
    const result = await handler(batch(record('m1', '{"id":"a"}'), record('m2', '{"id":"bad"}'), record('m3', '{"id":"c"}')), context());
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
    expect(handled.sort()).toEqual(['a', 'c']);
  });

  it('hands the parser the whole record, so a handler can reach the receipt handle', async () => {
    const handled: unknown[] = [];
    const handler = sqsHandler(
      (r) => ({ body: r.body, receiptHandle: r.receiptHandle }),
      async (message) => void handled.push(message),
    );
    await handler(batch(record('m1', 'plain text'), record('m2', '{"id":"b"}')), context());
    expect(handled).toHaveLength(2);
    expect(handled).toEqual(
      expect.arrayContaining([
        { body: 'plain text', receiptHandle: 'rh-m1' },
        { body: '{"id":"b"}', receiptHandle: 'rh-m2' },
      ]),
    );
  });

  it('reports a record the parser refuses, and does not hand it on', async () => {
    const handled: string[] = [];
    const handler = sqsHandler(parse, async (id) => void handled.push(id));
    const result = await handler(batch(record('m1', 'not json'), record('m2', '{"id":"b"}'), record('m3', '')), context());
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }, { itemIdentifier: 'm3' }]);
    expect(handled).toEqual(['b']);
  });

  it('answers an empty failure list when all succeed, and does not throw when all fail', async () => {
    const ok = sqsHandler(parse, async () => undefined);
    expect(await ok(batch(record('m1', '{"id":"a"}')), context())).toEqual({ batchItemFailures: [] });
    const failing = sqsHandler(parse, async () => {
      throw new Error('down');
    });
    const result = await failing(batch(record('m1', '{"id":"a"}'), record('m2', '{"id":"b"}')), context());
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }]);
  });

  it('keeps the failures of concurrent invocations apart', async () => {
    // The local runtime polls each queue with several loops that share one handler module.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handler = sqsHandler(parse, async (id) => {
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
