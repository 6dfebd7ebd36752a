// Mailbox checks on a schedule, over HTTP into the local runtime with the sandbox: a certificate whose
// client set `mailbox_checks` gets its notices without asking, from the upkeep's schedule; two runs
// at once make one check of a due time; and the next check is due within the jitter's bounds.

import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/adapters/dynamo-client.ts';
import { tableName } from '#shared/config.ts';
import type { MailboxCheck } from '#shared/domain/notice.ts';
import { jitterShare, runScheduledChecks } from '#shared/notices/schedule.ts';
import { certificateStore, mailboxCheckStore, workQueue } from '#shared/wiring/adapters.ts';
import { container, testPin } from '#test/support/certificates.ts';
import { eventually, startService, type LocalService } from '#test/support/local-service.ts';
import { estSample } from '#test/support/samples.ts';

let service: LocalService;

beforeAll(async () => {
  service = await startService({ scheduleEverySeconds: 1, env: { SANDBOX_NOTICE_DELAY_SECONDS: '0' } });
});
afterAll(() => service?.stop());

const hour = 3_600_000;
const upload = async (body: Record<string, unknown> = {}) => {
  const reply = await service.post('/v2/certificates', { pkcs12: container('modern').toString('base64'), pin: testPin, ...body });
  expect(reply.status).toBe(201);
  return reply.json.data.certificate_id as string;
};
const checksOf = async (certificateId: string): Promise<MailboxCheck[]> => {
  const { Items = [] } = await dynamo().send(new ScanCommand({ TableName: tableName('mailboxChecks'), ConsistentRead: true }));
  return Items.map((item) => unmarshall(item) as MailboxCheck).filter((check) => check.certificate_id === certificateId);
};
const nextCheckOf = async (certificateId: string) => (await service.call('GET', `/v2/certificates/${certificateId}`)).json.data.mailbox_checks;

describe('scheduled mailbox checks', () => {
  it('fetch the notices of a certificate with a schedule without any POST of a check, and set its next check within the jitter', async () => {
    const certificateId = await upload();
    const filing = await service.submit('est', { ...estSample(), certificate_id: certificateId, bescheiddaten: true });
    expect(filing.status).toBe(202);
    await service.waitForStatus(filing.json.data.ticket, ['delivered']);
    expect(await checksOf(certificateId)).toEqual([]);

    const before = Date.now();
    const scheduled = await service.post(`/v2/certificates/${certificateId}/mailbox-checks`, { mailbox_checks: { every_hours: 24 } });
    expect(scheduled.status).toBe(200);
    expect(scheduled.json.data.mailbox_checks).toMatchObject({ every_hours: 24, test: true });

    const notices = await eventually(async () => {
      const listed = (await service.call('GET', `/v2/notices?certificate_id=${certificateId}`)).json.data.notices;
      return listed.length > 0 && listed.every((notice: { state: string }) => notice.state === 'confirmed') && listed;
    }, 30_000);
    expect(notices).toEqual([expect.objectContaining({ ticket: filing.json.data.ticket, certificate_id: certificateId })]);
    const after = Date.now();
    expect(await checksOf(certificateId)).toEqual([expect.objectContaining({ status: 'done', stored: 1 })]);
    const next = Date.parse((await nextCheckOf(certificateId)).next_check_at);
    expect(next).toBeGreaterThanOrEqual(before + 24 * hour * (1 - jitterShare));
    expect(next).toBeLessThanOrEqual(after + 24 * hour * (1 + jitterShare));

    const cleared = await service.post(`/v2/certificates/${certificateId}/mailbox-checks`, { mailbox_checks: null });
    expect(cleared.json.data.mailbox_checks).toBeNull();
  });

  it('make one check of a due time however many runs overlap', async () => {
    const certificateId = await upload({ mailbox_checks: { every_hours: 1 } });
    // Looked at from later than the runtime's own runs can have moved its next check to.
    const later = new Date(Date.now() + 10 * hour);
    const run = () => runScheduledChecks({ certificates: certificateStore(), checks: mailboxCheckStore(), queue: workQueue(), now: () => later });
    await Promise.all([run(), run(), run()]);
    const ours = (await checksOf(certificateId)).filter((check) => check.created_at === later.toISOString());
    expect(ours).toHaveLength(1);
    const next = Date.parse((await nextCheckOf(certificateId)).next_check_at);
    expect(next).toBeGreaterThanOrEqual(later.getTime() + hour * (1 - jitterShare));
    expect(next).toBeLessThanOrEqual(later.getTime() + hour * (1 + jitterShare));
  });

  it('refuse a schedule out of bounds, or on a certificate whose PIN is not kept', async () => {
    const certificateId = await upload();
    for (const every_hours of [0, 169, 1.5]) {
      const reply = await service.post(`/v2/certificates/${certificateId}/mailbox-checks`, { mailbox_checks: { every_hours } });
      expect(reply.status).toBe(422);
      expect(reply.json.error.details[0].path).toBe('mailbox_checks.every_hours');
    }
    const perSubmission = await service.post('/v2/certificates', {
      pkcs12: container('modern').toString('base64'),
      pin: testPin,
      pin_storage: 'per_submission',
      mailbox_checks: { every_hours: 24 },
    });
    expect(perSubmission.status).toBe(422);
    expect(perSubmission.json.error.details[0]).toMatchObject({ path: 'mailbox_checks', code: 'PIN_NOT_STORED' });
  });
});
