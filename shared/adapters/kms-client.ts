import { KMSClient } from '@aws-sdk/client-kms';
import { leanSettings } from '#shared/adapters/lean-client.ts';
import { once } from '#shared/once.ts';

export const kms = once(() => new KMSClient({ ...leanSettings }));
