import { SQSClient } from '@aws-sdk/client-sqs';
import { leanSettings } from '#shared/adapters/lean-client.ts';
import { once } from '#shared/once.ts';

// Requests go to the configured endpoint, never to the host a queue URL happens to name.
export const sqs = once(() => new SQSClient({ ...leanSettings, useQueueUrlAsEndpoint: false }));
