// Stand-ins for DynamoDB (dynalite, on disk), S3 (s3-stand-in.ts, on disk in LevelDB) and SQS (fauxqs, in memory: the
// ticket table is the record of work, and the re-drive refills the queues), run on a thread of their
// own (stand-ins-thread.ts).

import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from 'fauxqs';
import { startDynamoStandIn } from '#local/dynamo-stand-in.ts';
import { region } from '#local/region.ts';
import { importObjectFiles } from '#local/s3-files-import.ts';
import { ObjectStore } from '#local/s3-objects.ts';
import { startS3StandIn, type MissingKeys } from '#local/s3-stand-in.ts';

export interface StandIns {
  /** The AWS SDK's own endpoint variables, pointing at the stand-ins. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const host = '127.0.0.1';
// The stand-ins take any credentials; the SDK needs some to sign with, and the S3 stand-in checks a
// presigned upload's signature with these.
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** `s3MissingKeys`: how the S3 stand-in answers a read of a key that is not there (s3-stand-in.ts). */
export async function startStandIns(dataDir: string, { s3MissingKeys }: { s3MissingKeys?: MissingKeys } = {}): Promise<StandIns> {
  const dynamoDir = join(dataDir, 'dynamodb');
  await mkdir(dynamoDir, { recursive: true });

  const dynamo = await startDynamoStandIn(host, dynamoDir);

  const objects = await ObjectStore.open(join(dataDir, 's3-objects'));
  await importObjectFiles(join(dataDir, 's3'), objects);
  const s3 = await startS3StandIn({
    store: objects,
    host,
    missingKeys: s3MissingKeys,
    credentials: { [credentials.accessKeyId]: credentials.secretAccessKey },
  });

  // fauxqs' own startFauxqs listens on every interface (0.0.0.0, fauxqs 2.4.1); the app it builds,
  // listened on here, answers on loopback alone, as the other stand-ins do.
  const sqs = buildApp({ logger: false, defaultRegion: region });
  await sqs.listen({ port: 0, host });

  return {
    env: {
      AWS_REGION: region,
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: `http://${host}:${s3.port}`,
      AWS_ENDPOINT_URL_SQS: `http://${host}:${(sqs.server.address() as AddressInfo).port}`,
    },
    async stop() {
      await sqs.close();
      await s3.close();
      await objects.close();
      await dynamo.close();
    },
  };
}
