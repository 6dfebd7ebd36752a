import { writeFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportStageCertificate } from '#shared/certificates/stage-certificate.ts';
import { metricNames } from '#shared/metric-names.ts';
import type { MetricSink } from '#shared/metrics.ts';
import { containerValidUntil, testPin } from '#test/support/certificates.ts';

const dir = mkdtempSync(join(tmpdir(), 'steuerbote-stage-certificate-'));
const now = new Date('2026-05-01T00:00:00Z');

async function reported(notAfter: Date, pin = testPin): Promise<unknown[][]> {
  const certificatePath = join(dir, `${notAfter.getTime()}.pfx`);
  await writeFile(certificatePath, containerValidUntil(notAfter));
  const { recorded, sink } = recording();
  await reportStageCertificate({ certificatePath, pin }, sink, now);
  return recorded;
}

function recording(): { recorded: unknown[][]; sink: MetricSink } {
  const recorded: unknown[][] = [];
  const sink = { addMetric: (...args: unknown[]) => recorded.push(args) } as unknown as MetricSink;
  return { recorded, sink };
}

describe('reportStageCertificate', () => {
  it('records 1 for a stage certificate that expires within 30 days, or has expired', async () => {
    expect(await reported(new Date('2026-05-20T00:00:00Z'))).toEqual([[metricNames.stageCertificateExpiringSoon, 'Count', 1]]);
    expect(await reported(new Date('2026-04-01T00:00:00Z'))).toEqual([[metricNames.stageCertificateExpiringSoon, 'Count', 1]]);
  });

  it('records 0 for one valid longer, so the alarm sees it was read', async () => {
    expect(await reported(new Date('2026-07-01T00:00:00Z'))).toEqual([[metricNames.stageCertificateExpiringSoon, 'Count', 0]]);
  });

  it('records nothing, and throws nothing, for a certificate it cannot open', async () => {
    expect(await reported(new Date('2026-07-01T00:00:00Z'), 'wrong')).toEqual([]);
    const { recorded, sink } = recording();
    await reportStageCertificate({ certificatePath: join(dir, 'missing.pfx'), pin: testPin }, sink, now);
    expect(recorded).toEqual([]);
  });
});
