import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiHandler } from '#shared/http/api-handler.ts';
import { HttpError } from '#shared/http/http-error.ts';
import type { ApiHandler } from '#shared/http/types.ts';
import { logger } from '#shared/logger.ts';
import { apiEvent, context } from '#test/fakes.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** The status `handler` answers with, and the embedded metric lines the answer wrote. */
async function published(handler: ApiHandler): Promise<{ status: number; lines: Record<string, any>[] }> {
  const lines: Record<string, any>[] = [];
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: any[]) => {
    const text = String(chunk);
    if (text.includes('"_aws"')) lines.push(JSON.parse(text));
    else write(chunk, ...rest);
    return true;
  });
  vi.spyOn(logger, 'error').mockImplementation(() => undefined);
  const response = await apiHandler(handler)(apiEvent('GET', '/v2/thing'), context());
  return { status: response.statusCode, lines };
}

const fails = (error: Error) => async () => {
  throw error;
};

describe('serverErrors', () => {
  it("counts every answer of 5xx as the answering function's, in CloudWatch's embedded metric format", async () => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'Steuerbote-prod-Tickets-getStatus');
    vi.stubEnv('STEUERBOTE_STAGE', 'prod');
    const { status, lines } = await published(fails(new Error('boom')));
    expect(status).toBe(500);
    expect(lines).toEqual([
      {
        _aws: {
          Timestamp: expect.any(Number),
          CloudWatchMetrics: [
            { Namespace: 'steuerbote', Dimensions: [['service', 'stage', 'function_name']], Metrics: [{ Name: 'ServerErrors', Unit: 'Count' }] },
          ],
        },
        service: 'steuerbote',
        stage: 'prod',
        function_name: 'Steuerbote-prod-Tickets-getStatus',
        ServerErrors: 1,
      },
    ]);
    expect((await published(fails(new HttpError(503, 'UNAVAILABLE', 'Service unavailable')))).lines).toHaveLength(1);
  });

  it('counts no answer below 500, and nothing where metrics are off', async () => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    expect(await published(async () => ({ status: 200, message: 'OK', data: null }))).toEqual({ status: 200, lines: [] });
    expect(await published(fails(new HttpError(401, 'UNAUTHORIZED', 'A valid API key is required')))).toEqual({ status: 401, lines: [] });
    expect(await published(fails(new HttpError(404, 'NOT_FOUND', 'No route')))).toEqual({ status: 404, lines: [] });
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
    expect(await published(fails(new Error('boom')))).toEqual({ status: 500, lines: [] });
  });
});
