// Records that last, through the real local runtime as a production stage configures it
// (RECORD_LOCK_DAYS): a live filing's protocol and Nutzdaten reach the S3 stand-in locked in
// governance mode, a test filing's do not, and a locked one is deleted only with the bypass.

import { DeleteObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3 } from '#shared/adapters/s3-client.ts';
import { nutzdatenFileName } from '#shared/domain/ticket.ts';
import { bucketFolders, resourceEnv } from '#shared/setting-names.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

const lockDays = 3653;

describe('records of live filings', () => {
  let service: LocalService | undefined;
  beforeAll(async () => {
    service = await startService({ env: { ALLOW_LIVE_SUBMISSIONS: 'true', RECORD_LOCK_DAYS: String(lockDays) } });
  });
  afterAll(() => service?.stop());

  const Bucket = () => process.env[resourceEnv.bucket]!;
  const head = (Key: string) => s3().send(new HeadObjectCommand({ Bucket: Bucket(), Key }));
  const filesOf = (ticket: { ticket: string; kind: 'ustva'; file_name: string }) =>
    [ticket.file_name, nutzdatenFileName(ticket)].map((file) => `${bucketFolders.protocols}${ticket.ticket}/${file}`);

  async function delivered(test: boolean) {
    // A live filing names no ELSTER test tax number.
    const reply = await service!.submit('ustva', { ...ustvaSample(), test, ...(test ? {} : { tax_number: '9181081508155' }) });
    expect(reply.status, reply.text).toBe(202);
    return service!.waitForStatus(reply.json.data.ticket, ['delivered']);
  }

  it('locks both files of a live filing from its delivery for the days set', async () => {
    const ticket = await delivered(false);
    const until = Date.parse(ticket.delivered_at) + lockDays * 86_400_000;
    for (const key of filesOf(ticket)) {
      const object = await head(key);
      expect(object.ObjectLockMode, key).toBe('GOVERNANCE');
      // Locked as it was written, a moment before the ticket noted its delivery.
      expect(Math.abs(object.ObjectLockRetainUntilDate!.getTime() - until), key).toBeLessThan(60_000);
    }
  });

  it("leaves a test filing's files unlocked", async () => {
    const ticket = await delivered(true);
    for (const key of filesOf(ticket)) expect((await head(key)).ObjectLockMode, key).toBeUndefined();
  });

  it('refuses to delete a locked record without the governance bypass, and deletes it with', async () => {
    const ticket = await delivered(false);
    const [protocol] = filesOf(ticket);
    const { VersionId } = await head(protocol!);
    const refused = await s3()
      .send(new DeleteObjectCommand({ Bucket: Bucket(), Key: protocol, VersionId }))
      .catch((error: Error) => error);
    expect((refused as Error).name).toBe('AccessDenied');
    expect((await service!.call('GET', `/v2/protocol/${ticket.ticket}`)).status).toBe(200);
    await s3().send(new DeleteObjectCommand({ Bucket: Bucket(), Key: protocol, VersionId, BypassGovernanceRetention: true }));
    expect(await head(protocol!).catch((error: { $metadata: { httpStatusCode: number } }) => error.$metadata.httpStatusCode)).toBe(404);
  });
});
