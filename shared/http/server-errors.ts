import type { MiddlewareObj, Request } from '@middy/core';
import type { ApiEvent, ApiResponse } from '#shared/http/types.ts';
import { publishCount } from '#shared/metric-line.ts';
import { metricNames } from '#shared/metric-names.ts';

/**
 * Counts each answer with a 5xx status as `ServerErrors` of the function that gave it (dimension
 * `function_name`), published at once: an API function turns its own failures into an answer, which
 * Lambda counts as no error, and a deployment of it rolls back on this count (infra/constructs/operations.ts).
 */
export const serverErrors = (): MiddlewareObj<ApiEvent, ApiResponse> => {
  const count = ({ response }: Request<ApiEvent, ApiResponse>) => {
    if (response && response.statusCode >= 500) {
      publishCount(metricNames.serverErrors, { function_name: process.env.AWS_LAMBDA_FUNCTION_NAME ?? 'local' });
    }
  };
  return { after: count, onError: count };
};
