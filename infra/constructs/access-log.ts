// What an API's stage logs of each request, the HTTP API's and the REST API's behind the edge alike.

import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';

/**
 * Who called which route, when and with what result; never headers or bodies, which carry API keys
 * and tax data. `route`: how the API's kind names the route; `waf`: what WAF said, where it guards the stage.
 */
export const accessLogFormat = ({ route, waf }: { route: string; waf?: string }) =>
  AccessLogFormat.custom(
    JSON.stringify({
      requestId: '$context.requestId',
      time: '$context.requestTime',
      ip: '$context.identity.sourceIp',
      userAgent: '$context.identity.userAgent',
      route,
      path: '$context.path',
      status: '$context.status',
      responseLength: '$context.responseLength',
      latencyMs: '$context.responseLatency',
      ...(waf && { waf }),
      integrationError: '$context.integrationErrorMessage',
    }),
  );
