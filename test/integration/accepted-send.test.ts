// An accepted send is never lost, through the real local runtime as a production stage configures it
// (RECORD_LOCK_DAYS): the tax authority's own ledger (test/faults/authority-ledger.ts) counts what
// reached it, whatever the ticket table says. A live filing is sent only while the bucket can lock
// its records, as `npm run tickets -- verify-object-lock` tells the operator.

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, PutObjectCommand, PutObjectLockConfigurationCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStandIns } from '#local/stand-ins.ts';
import { s3 } from '#shared/adapters/s3-client.ts';
import { nutzdatenFileName } from '#shared/domain/ticket.ts';
import { bucketFolders, resourceEnv } from '#shared/setting-names.ts';
import { deliveriesByTicket } from '#test/faults/authority-ledger.ts';
import { newDataDir, startService, type LocalService } from '#test/support/local-service.ts';
import { runOperatorCommand } from '#test/support/operator-command.ts';
import { ustvaSample } from '#test/support/samples.ts';

const lockDays = 3653;
// A live filing names no ELSTER test tax number.
const live = () => ({ ...ustvaSample(), test: false, tax_number: '9181081508155' });
const Bucket = () => process.env[resourceEnv.bucket]!;
const head = (Key: string) => s3().send(new HeadObjectCommand({ Bucket: Bucket(), Key }));

async function liveService(dataDir: string): Promise<{ service: LocalService; ledger: string }> {
  const ledger = join(dataDir, 'authority-ledger.jsonl');
  const service = await startService({
    dataDir,
    env: { ALLOW_LIVE_SUBMISSIONS: 'true', RECORD_LOCK_DAYS: String(lockDays), TRANSMIT_RETRY_DELAY_SECONDS: '1', FAULTS_LEDGER: ledger },
  });
  return { service, ledger };
}

describe('an accepted send whose protocol cannot be written at once', () => {
  let service: LocalService | undefined;
  let ledger = '';
  beforeAll(async () => {
    ({ service, ledger } = await liveService(await newDataDir()));
  });
  afterAll(() => service?.stop());
  afterEach(() => vi.restoreAllMocks());

  it('ends delivered with its transfer ticket and its records locked, ELSTER asked once', async () => {
    // S3 refuses the first write of a protocol, as it answers when it cannot take one for now.
    const send = S3Client.prototype.send;
    const refused: string[] = [];
    vi.spyOn(S3Client.prototype, 'send').mockImplementation(async function (this: S3Client, command: unknown, ...rest: unknown[]) {
      const key = command instanceof PutObjectCommand ? command.input.Key : undefined;
      if (key?.startsWith(bucketFolders.protocols) && key.endsWith('.pdf') && !refused.length) {
        refused.push(key);
        throw Object.assign(new Error('We encountered an internal error. Please try again.'), { name: 'InternalError', $metadata: { httpStatusCode: 500 } });
      }
      return (send as (...args: unknown[]) => Promise<unknown>).call(this, command, ...rest);
    } as typeof send);

    const reply = await service!.submit('ustva', live());
    expect(reply.status, reply.text).toBe(202);
    const ticket = await service!.waitForStatus(reply.json.data.ticket, ['delivered', 'failed']);
    expect(refused).toEqual([`${bucketFolders.protocols}${ticket.ticket}/${ticket.file_name}`]);
    const sends = deliveriesByTicket(ledger).get(ticket.ticket) ?? [];
    expect(sends).toHaveLength(1);
    expect(ticket).toMatchObject({ status: 'delivered', attempts: 1, transfer_ticket: sends[0]!.transfer_ticket });

    const protocol = await service!.call('GET', `/v2/protocol/${ticket.ticket}`, { headers: { accept: 'application/pdf' } });
    expect(protocol.status).toBe(200);
    expect(Buffer.from(protocol.bytes).subarray(0, 5).toString()).toBe('%PDF-');
    for (const file of [ticket.file_name, nutzdatenFileName(ticket)]) {
      expect((await head(`${bucketFolders.protocols}${ticket.ticket}/${file}`)).ObjectLockMode, file).toBe('GOVERNANCE');
    }
  });
});

describe('live filings on a bucket without Object Lock', () => {
  let service: LocalService | undefined;
  afterAll(() => service?.stop());

  it('are not sent until Object Lock is on, which the operator command verifies', async () => {
    // A data directory from before: its bucket was made without Object Lock, as an existing stage's.
    const dataDir = await newDataDir();
    await mkdir(dataDir, { recursive: true });
    const earlier = await startStandIns(dataDir);
    const client = new S3Client({
      endpoint: earlier.env.AWS_ENDPOINT_URL_S3,
      region: earlier.env.AWS_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await client.send(new CreateBucketCommand({ Bucket: 'steuerbote-local' }));
    client.destroy();
    await earlier.stop();

    let ledger: string;
    ({ service, ledger } = await liveService(dataDir));
    const refused = await service.waitForStatus((await service.submit('ustva', live())).json.data.ticket, ['delivered', 'failed']);
    expect(refused).toMatchObject({ status: 'failed', error: { code: 'RECORDS_NOT_LOCKABLE' } });
    expect(deliveriesByTicket(ledger).get(refused.ticket)).toBeUndefined();
    // A test filing locks nothing, and goes.
    expect(await service.waitForStatus((await service.submit('ustva', ustvaSample())).json.data.ticket, ['delivered', 'failed'])).toMatchObject({
      status: 'delivered',
    });

    const off = await runOperatorCommand('tickets', dataDir, ['verify-object-lock']);
    expect(off).toMatchObject({ code: 1, output: expect.stringMatching(/^S3 Object Lock is off for bucket steuerbote-local on the local runtime/m) });

    // The deploy step: Object Lock turned on for the existing bucket, then verified.
    await s3().send(new PutObjectLockConfigurationCommand({ Bucket: Bucket(), ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled' } }));
    const on = await runOperatorCommand('tickets', dataDir, ['verify-object-lock']);
    expect(on).toMatchObject({ code: 0, output: expect.stringMatching(/^S3 Object Lock is on for bucket steuerbote-local/m) });

    const sent = await service.waitForStatus((await service.submit('ustva', live())).json.data.ticket, ['delivered', 'failed']);
    expect(sent).toMatchObject({ status: 'delivered' });
    expect((await head(`${bucketFolders.protocols}${sent.ticket}/${sent.file_name}`)).ObjectLockMode).toBe('GOVERNANCE');
  });
});
