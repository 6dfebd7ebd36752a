import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiHandler } from '#shared/http/api-handler.ts';
import { HttpError } from '#shared/http/http-error.ts';
import type { ApiHandler } from '#shared/http/types.ts';
import { logger } from '#shared/logger.ts';
import { metrics } from '#shared/metrics.ts';
import { apiEvent, context } from '#test/fakes.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** What `ServerErrors` each answer of `handler` published, as `function_name dimension: count`. */
async function counted(handler: ApiHandler): Promise<{ status: number; counted: string[] }> {
  const published: string[] = [];
  vi.spyOn(metrics(), 'singleMetric').mockImplementation(() => {
    const dimensions: string[] = [];
    return {
      addDimension: (name: string, value: string) => void dimensions.push(`${name}=${value}`),
      addMetric: (name: string, _unit: string, value: number) => void published.push(`${name} ${dimensions.join(' ')} ${value}`),
    } as unknown as ReturnType<ReturnType<typeof metrics>['singleMetric']>;
  });
  vi.spyOn(logger, 'error').mockImplementation(() => undefined);
  const response = await apiHandler(handler)(apiEvent('GET', '/v2/thing'), context());
  return { status: response.statusCode, counted: published };
}

describe('serverErrors', () => {
  it("counts every answer of 5xx as the answering function's, an unhandled error and a 503 alike", async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'Steuerbote-prod-Tickets-getStatus');
    const one = ['ServerErrors function_name=Steuerbote-prod-Tickets-getStatus 1'];
    expect(
      await counted(async () => {
        throw new Error('boom');
      }),
    ).toEqual({ status: 500, counted: one });
    expect(
      await counted(async () => {
        throw new HttpError(503, 'UNAVAILABLE', 'Service unavailable');
      }),
    ).toEqual({ status: 503, counted: one });
  });

  it('counts no answer below 500: a success, a refusal, a missing route', async () => {
    expect(await counted(async () => ({ status: 200, message: 'OK', data: null }))).toEqual({ status: 200, counted: [] });
    expect(
      await counted(async () => {
        throw new HttpError(401, 'UNAUTHORIZED', 'A valid API key is required');
      }),
    ).toEqual({ status: 401, counted: [] });
    expect(
      await counted(async () => {
        throw new HttpError(404, 'NOT_FOUND', 'No route');
      }),
    ).toEqual({ status: 404, counted: [] });
  });
});
