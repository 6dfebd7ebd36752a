import { S3Client } from '@aws-sdk/client-s3';
import { leanSettings } from '#shared/adapters/lean-client.ts';
import { once } from '#shared/once.ts';

export const s3 = once(
  () =>
    new S3Client({
      ...leanSettings,
      // A custom endpoint has no per-bucket DNS names, so address buckets by path there.
      forcePathStyle: !!process.env.AWS_ENDPOINT_URL_S3,
    }),
);
