import { KMSClient } from '@aws-sdk/client-kms';
import { lean, leanSettings } from '#shared/adapters/lean-client.ts';
import { once } from '#shared/once.ts';

export const kms = once(() => lean(new KMSClient({ ...leanSettings })));
