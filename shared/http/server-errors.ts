import type { MiddlewareObj, Request } from '@middy/core';
import type { ApiEvent, ApiResponse } from '#shared/http/types.ts';
import { metricNames } from '#shared/metric-names.ts';

/**
 * Counts each answer with a 5xx status as `ServerErrors` of the function that gave it (dimension
 * `function_name`), published at once: an API function turns its own failures into an answer, which
 * Lambda counts as no error, and a deployment of it rolls back on this count (infra/constructs/operations.ts).
 * The metrics are loaded with the first such answer, so that no function evaluates them as it starts.
 */
export const serverErrors = (): MiddlewareObj<ApiEvent, ApiResponse> => {
  const count = async ({ response }: Request<ApiEvent, ApiResponse>) => {
    if (!response || response.statusCode < 500) return;
    const [{ MetricUnit }, { metrics }] = await Promise.all([import('@aws-lambda-powertools/metrics'), import('#shared/metrics.ts')]);
    const single = metrics().singleMetric();
    single.addDimension('function_name', process.env.AWS_LAMBDA_FUNCTION_NAME ?? 'local');
    single.addMetric(metricNames.serverErrors, MetricUnit.Count, 1);
  };
  return { after: count, onError: count };
};
