import { describe, expect, it } from 'vitest';
import type { CertificateRecord } from '#shared/domain/certificate.ts';
import type { MailboxCheck } from '#shared/domain/notice.ts';
import { jitterShare, nextCheckAt, runScheduledChecks, scheduledCheckId, type ScheduleDeps } from '#shared/notices/schedule.ts';
import { aCertificate, MemoryCertificateStore } from '#test/fakes.ts';

const now = new Date('2026-11-29T10:00:00.000Z');
const due = '2026-11-29T09:55:00.000Z';

function world(...records: Partial<CertificateRecord>[]) {
  const certificates = new MemoryCertificateStore();
  for (const [index, overrides] of records.entries())
    certificates.records.set(
      `client-1/crt_${index}`,
      aCertificate({
        certificate_id: `crt_${index}`,
        client_id: 'client-1',
        mailbox_checks: { every_hours: 24, test: true },
        next_check_at: due,
        ...overrides,
      }),
    );
  const checks = new Map<string, MailboxCheck>();
  const woken: string[] = [];
  const deps: ScheduleDeps = {
    certificates,
    checks: {
      async create(check) {
        if (checks.has(check.check_id)) return false;
        checks.set(check.check_id, check);
        return true;
      },
    },
    queue: { wakeMailboxCheck: async (id) => void woken.push(id) },
    now: () => now,
    random: () => 1,
  };
  return { certificates, checks, woken, deps };
}

describe('nextCheckAt', () => {
  it('lies within a tenth of the interval either side', () => {
    expect(nextCheckAt(now, 10, () => 0)).toBe(new Date(now.getTime() + 10 * 3_600_000 * (1 - jitterShare)).toISOString());
    expect(nextCheckAt(now, 10, () => 0.5)).toBe('2026-11-29T20:00:00.000Z');
    expect(nextCheckAt(now, 10, () => 1)).toBe(new Date(now.getTime() + 10 * 3_600_000 * (1 + jitterShare)).toISOString());
  });
});

describe('runScheduledChecks', () => {
  it('creates one ordinary check of a due certificate, wakes it, and moves its next check on', async () => {
    const { certificates, checks, woken, deps } = world({});
    expect(await runScheduledChecks(deps)).toEqual({ created: 1 });
    const id = scheduledCheckId('crt_0', due, true);
    expect([...checks.values()]).toEqual([
      {
        check_id: id,
        client_id: 'client-1',
        certificate_id: 'crt_0',
        test: true,
        status: 'queued',
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      },
    ]);
    expect(woken).toEqual([id]);
    expect((await certificates.get('client-1', 'crt_0'))!.next_check_at).toBe(nextCheckAt(now, 24, () => 1));
  });

  it('creates one check of a due time however many runs overlap, and none before it is due', async () => {
    const { checks, deps } = world({}, { next_check_at: '2026-11-29T10:00:00.001Z' });
    const runs = await Promise.all([runScheduledChecks(deps), runScheduledChecks(deps), runScheduledChecks(deps)]);
    expect(runs.reduce((sum, run) => sum + run.created, 0)).toBe(1);
    expect(checks.size).toBe(1);
  });

  it('gives a locked, expired or unscheduled certificate, or one whose PIN is not kept, no check, and a locked one its next due time', async () => {
    const { certificates, checks, deps } = world(
      { locked_until: '2026-11-29T11:00:00.000Z' },
      { not_after: '2026-11-29T09:00:00.000Z' },
      { pin_storage: 'per_submission' },
      { mailbox_checks: undefined },
    );
    expect(await runScheduledChecks(deps)).toEqual({ created: 0 });
    expect(checks.size).toBe(0);
    expect((await certificates.get('client-1', 'crt_0'))!.next_check_at).toBe(nextCheckAt(now, 24, () => 1));
  });

  it('checks the stage’s own mailbox once in each interval, without the Testmerker too where live submissions are allowed', async () => {
    const { checks, deps } = world();
    const stage = { ...deps, stage: { every_hours: 6, live: true } };
    await runScheduledChecks(stage);
    await runScheduledChecks({ ...stage, now: () => new Date('2026-11-29T11:59:59.000Z') });
    expect([...checks.values()].map(({ client_id, certificate_id, test }) => ({ client_id, certificate_id, test }))).toEqual([
      { client_id: 'stage', certificate_id: undefined, test: true },
      { client_id: 'stage', certificate_id: undefined, test: false },
    ]);
    await runScheduledChecks({ ...stage, now: () => new Date('2026-11-29T12:00:00.000Z') });
    expect(checks.size).toBe(4);
  });
});
