import { Metrics } from '@aws-lambda-powertools/metrics';

// CloudWatch metrics as embedded log lines: no API call on the hot path.
export const metrics = new Metrics({ namespace: 'steuerbote', serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'steuerbote' });
