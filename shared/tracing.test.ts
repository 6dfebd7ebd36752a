import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '#shared/logger.ts';
import { traced } from '#shared/tracing.ts';
import { context } from '#test/fakes.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('traced', () => {
  it('is the handler itself while tracing is off, so nothing of the tracer is loaded', () => {
    const handler = async () => 'answer';
    expect(traced(handler)).toBe(handler);
  });

  it('with tracing on, puts the Lambda context in log lines and passes answers and failures through', async () => {
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', 'true');
    const addContext = vi.spyOn(logger, 'addContext');
    const lambda = context();
    const handler = traced(async (event: { fail?: boolean }, _context: Context) => {
      if (event.fail) throw new Error('failed');
      return 'answer';
    });
    expect(await handler({}, lambda)).toBe('answer');
    expect(addContext).toHaveBeenCalledWith(lambda);
    await expect(handler({ fail: true }, lambda)).rejects.toThrow('failed');
  });
});
