import { KMSClient } from '@aws-sdk/client-kms';
import { once } from '#shared/once.ts';

export const kms = once(() => new KMSClient({}));
