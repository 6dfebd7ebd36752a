import { SQSClient } from '@aws-sdk/client-sqs';
import { leanSettings } from '#shared/adapters/lean-client.ts';
import { once } from '#shared/once.ts';

export const sqs = once(() => new SQSClient({ ...leanSettings }));
