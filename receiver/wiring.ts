// The example receiver's store, chosen where it runs: on AWS in the stage bucket, on one machine
// (npm start) in a folder.
import { s3 } from '#shared/adapters/s3-client.ts';
import { bucketName, text } from '#shared/config.ts';
import { once } from '#shared/once.ts';
import { FileReceivedStore } from '#receiver/file-received-store.ts';
import type { ReceivedFileStore } from '#receiver/received-file-store.ts';
import { S3ReceivedFileStore } from '#receiver/s3-received-file-store.ts';
import { type Needs } from '#shared/manifest.ts';
import { resourceEnv, settingNames } from '#shared/setting-names.ts';

export const needs = { receivedFileStore: { bucket: ['receiver'] } } as const satisfies Record<string, Needs>;

export const receivedFileStore = /* @__PURE__ */ once((): ReceivedFileStore => {
  const dir = process.env[settingNames.receiverStoreDir];
  return dir ? new FileReceivedStore(dir) : new S3ReceivedFileStore(s3(), bucketName(), text(resourceEnv.bucketPrefix));
});
