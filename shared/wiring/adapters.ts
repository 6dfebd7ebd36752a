// The one place where ports meet their adapters. Each getter builds on first use, so a function
// only needs configuration for what it actually touches. The `@__PURE__` marks let the bundler drop
// the getters a function never calls, and with them the SDK clients only those needed.

import { CachedApiKeyStore } from '#shared/adapters/cached-api-key-store.ts';
import { DynamoApiKeyStore } from '#shared/adapters/dynamodb-api-key-store.ts';
import { DynamoIdempotencyStore } from '#shared/adapters/dynamodb-idempotency-store.ts';
import { DynamoRateCounter } from '#shared/adapters/dynamodb-rate-counter.ts';
import { DynamoStoredBodyNotes } from '#shared/adapters/dynamodb-stored-body-notes.ts';
import { DynamoTicketStore } from '#shared/adapters/dynamodb-ticket-store.ts';
import { DynamoEventStore } from '#shared/adapters/dynamodb-event-store.ts';
import { DynamoWebhookAttemptStore } from '#shared/adapters/dynamodb-webhook-attempts.ts';
import { dynamo } from '#shared/adapters/dynamo-client.ts';
import { s3 } from '#shared/adapters/s3-client.ts';
import { sqs } from '#shared/adapters/sqs-client.ts';
import { HttpNotifier } from '#shared/adapters/http-notifier.ts';
import { S3FilingStore } from '#shared/adapters/s3-stores.ts';
import { SqsWorkQueue } from '#shared/adapters/sqs-work-queue.ts';
import { DynamoMailboxCheckStore } from '#shared/adapters/dynamodb-mailbox-check-store.ts';
import { DynamoNoticeStore } from '#shared/adapters/dynamodb-notice-store.ts';
import { DynamoSandboxMailboxStore } from '#shared/adapters/dynamodb-sandbox-mailbox-store.ts';
import { DynamoCertificateStore } from '#shared/adapters/dynamodb-certificate-store.ts';
import { DynamoAttachmentStore } from '#shared/adapters/dynamodb-attachment-store.ts';
import { FileKeyWrapper } from '#shared/adapters/file-key-wrapper.ts';
import { kms } from '#shared/adapters/kms-client.ts';
import { KmsKeyWrapper } from '#shared/adapters/kms-key-wrapper.ts';
import { bucketName, deadLetterQueueUrl, queueUrl, sealingKey, tableName } from '#shared/config.ts';
import type { Needs } from '#shared/manifest.ts';
import { once } from '#shared/once.ts';
import type { NoticeFileStore } from '#shared/ports/notice-file-store.ts';
import type { AttachmentFiles } from '#shared/ports/attachment-files.ts';
import type { ProtocolStore } from '#shared/ports/protocol-store.ts';
import { orphanGraceSeconds, orphanWindowSeconds } from '#shared/retention/sweep.ts';

/**
 * The table or folder of the stores each getter builds; which calls a function makes there, the SDK
 * commands its code reaches say (test/infra/code-reach.ts).
 */
export const needs = {
  ticketStore: { tables: { tickets: [] } },
  eventStore: { tables: { events: [] } },
  apiKeyStore: { tables: { apiKeys: [] } },
  rateCounter: { tables: { rateLimits: [] } },
  // Authentication counts the request against RATE_LIMIT_PER_MINUTE. Its code is in every API
  // function (shared/http/api-handler.ts), but only those handed `callers` run it.
  callers: { settings: ['rateLimit'] },
  idempotencyStore: { tables: { idempotency: [] } },
  certificateStore: { tables: { certificates: [] } },
  filingStore: { bucket: ['submissions'] },
  storedBodyNotes: { tables: { storedBodies: [] } },
  protocolStore: { bucket: ['protocols'] },
  webhookAttemptStore: { tables: { webhookAttempts: [] } },
  noticeStore: { tables: { notices: [] } },
  mailboxCheckStore: { tables: { mailboxChecks: [] } },
  noticeFileStore: { bucket: ['notices'] },
  sandboxMailboxStore: { tables: { sandboxMailbox: [] } },
  attachmentStore: { tables: { attachments: [] } },
  attachmentFiles: { bucket: ['attachments'] },
} as const satisfies Record<string, Needs>;

export const eventStore = /* @__PURE__ */ once(() => new DynamoEventStore(dynamo(), tableName('events')));
export const ticketStore = /* @__PURE__ */ once(() => new DynamoTicketStore(dynamo(), tableName('tickets'), eventStore));
// A revoked key stops working well within the minute operators are promised; `npm run keys` says how soon.
export const apiKeyCacheSeconds = 30;
export const apiKeyStore = /* @__PURE__ */ once(
  () => new CachedApiKeyStore(new DynamoApiKeyStore(dynamo(), tableName('apiKeys')), { ttlMs: apiKeyCacheSeconds * 1000 }),
);
// A counter in DynamoDB rather than in each container's memory: a budget kept per container would
// grow with every container Lambda starts for the client, and guard nothing under load.
export const rateCounter = /* @__PURE__ */ once(() => new DynamoRateCounter(dynamo(), tableName('rateLimits')));
/** What an authenticated API function needs to know its caller and keep it to its budget. */
export const callers = { keys: apiKeyStore, budget: rateCounter };
export const idempotencyStore = /* @__PURE__ */ once(() => new DynamoIdempotencyStore(dynamo(), tableName('idempotency')));
export const filingStore = /* @__PURE__ */ once(() => new S3FilingStore(s3(), bucketName()));
// A note is read by the sweep until its body has passed the orphan window, and needed no longer.
export const storedBodyNotes = /* @__PURE__ */ once(
  () => new DynamoStoredBodyNotes(dynamo(), tableName('storedBodies'), orphanGraceSeconds + orphanWindowSeconds),
);
// Imported on first use: a reader's first call, for a ticket missing or not yet delivered, needs no
// S3 client, whose load is a good part of a cold start (BENCHMARKS.md, "Cold starts").
export const protocolStore = /* @__PURE__ */ once(async (): Promise<ProtocolStore> => {
  const [{ s3 }, { S3ProtocolStore }] = await Promise.all([import('#shared/adapters/s3-client.ts'), import('#shared/adapters/s3-stores.ts')]);
  return new S3ProtocolStore(s3(), bucketName());
});
export const workQueue = /* @__PURE__ */ once(() => new SqsWorkQueue(sqs(), queueUrl, deadLetterQueueUrl));
export const notifier = /* @__PURE__ */ once(() => new HttpNotifier());
export const webhookAttemptStore = /* @__PURE__ */ once(() => new DynamoWebhookAttemptStore(dynamo(), tableName('webhookAttempts')));
export const certificateStore = /* @__PURE__ */ once(() => new DynamoCertificateStore(dynamo(), tableName('certificates')));
// On AWS the stage's KMS key wraps each data key; locally a key file beside the data does.
export const keyWrapper = /* @__PURE__ */ once(() => {
  const key = sealingKey();
  return 'kmsKeyId' in key ? new KmsKeyWrapper(kms(), key.kmsKeyId) : new FileKeyWrapper(key.file);
});
export const noticeStore = /* @__PURE__ */ once(() => new DynamoNoticeStore(dynamo(), tableName('notices')));
export const mailboxCheckStore = /* @__PURE__ */ once(() => new DynamoMailboxCheckStore(dynamo(), tableName('mailboxChecks')));
export const sandboxMailboxStore = /* @__PURE__ */ once(() => new DynamoSandboxMailboxStore(dynamo(), tableName('sandboxMailbox')));
// Imported on first use, as the protocols: the S3 client and the presigner are a good part of a cold start.
export const noticeFileStore = /* @__PURE__ */ once(async (): Promise<NoticeFileStore> => {
  const [{ s3 }, { S3NoticeFileStore }] = await Promise.all([import('#shared/adapters/s3-client.ts'), import('#shared/adapters/s3-notice-file-store.ts')]);
  return new S3NoticeFileStore(s3(), bucketName());
});
export const attachmentStore = /* @__PURE__ */ once(() => new DynamoAttachmentStore(dynamo(), tableName('attachments')));
// Imported on first use, as the notices' files: the S3 client and the presigner are a good part of a cold start.
export const attachmentFiles = /* @__PURE__ */ once(async (): Promise<AttachmentFiles> => {
  const [{ s3 }, { S3AttachmentFiles }] = await Promise.all([import('#shared/adapters/s3-client.ts'), import('#shared/adapters/s3-attachment-files.ts')]);
  return new S3AttachmentFiles(s3(), bucketName());
});
