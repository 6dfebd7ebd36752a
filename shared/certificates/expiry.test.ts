import { describe, expect, it, vi } from 'vitest';
import type { CertificateRecord } from '#shared/domain/certificate.ts';
import { reportExpiringCertificates } from '#shared/certificates/expiry.ts';
import { logger } from '#shared/logger.ts';
import { MemoryCertificateStore } from '#test/fakes.ts';

const now = new Date('2026-11-24T12:00:00.000Z');
const sealed = { key: 'a2V5', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
const certificate = (certificate_id: string, not_after: string): CertificateRecord => ({
  client_id: 'client-a',
  certificate_id,
  label: 'Zyxwvuta GmbH',
  subject: 'CN=Zyxwvuta GmbH',
  issuer: 'CN=ELSTER',
  serial: '01',
  not_before: '2024-01-01T00:00:00.000Z',
  not_after,
  fingerprint_sha256: 'ab'.repeat(32),
  pin_storage: 'stored',
  created_at: '2026-01-01T00:00:00.000Z',
  container: sealed,
  pin: sealed,
});

describe('reportExpiringCertificates', () => {
  it('logs each certificate ending within 30 days or ended, without its name, and counts them in a metric', async () => {
    const store = new MemoryCertificateStore();
    await store.create(certificate('crt_soon', '2026-12-04T12:00:00.000Z'));
    await store.create(certificate('crt_gone', '2026-11-20T12:00:00.000Z'));
    await store.create(certificate('crt_later', '2026-12-25T12:00:00.000Z'));
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const metrics = { addMetric: vi.fn() };
    const events = { record: vi.fn() };

    expect(await reportExpiringCertificates({ store, metrics, events, now: () => now })).toBe(2);
    // Each told to its client as an event: its ID and end, nothing of whom it names.
    expect(events.record.mock.calls.map(([event]) => [event.type, event.client_id, event.data])).toEqual(
      expect.arrayContaining([
        ['certificate.expiring', 'client-a', { certificate_id: 'crt_soon', not_after: '2026-12-04T12:00:00.000Z' }],
        ['certificate.expiring', 'client-a', { certificate_id: 'crt_gone', not_after: '2026-11-20T12:00:00.000Z' }],
      ]),
    );
    expect(warn.mock.calls).toEqual(
      expect.arrayContaining([
        ['certificate expires soon', { client_id: 'client-a', certificate_id: 'crt_soon', not_after: '2026-12-04T12:00:00.000Z', expires_in_days: 10 }],
        ['certificate has expired', { client_id: 'client-a', certificate_id: 'crt_gone', not_after: '2026-11-20T12:00:00.000Z', expires_in_days: -4 }],
      ]),
    );
    expect(warn).toHaveBeenCalledTimes(2);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('Zyxwvuta');
    expect(metrics.addMetric).toHaveBeenCalledWith('CertificatesExpiringSoon', 'Count', 2);
    warn.mockRestore();
  });

  it('records a zero too, so an alarm sees the job ran', async () => {
    const metrics = { addMetric: vi.fn() };
    expect(await reportExpiringCertificates({ store: new MemoryCertificateStore(), metrics, now: () => now })).toBe(0);
    expect(metrics.addMetric).toHaveBeenCalledWith('CertificatesExpiringSoon', 'Count', 0);
  });
});
