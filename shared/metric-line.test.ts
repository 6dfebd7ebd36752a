import { afterEach, describe, expect, it, vi } from 'vitest';
import { countLines } from '#shared/metric-line.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** The embedded metric lines `work` wrote. */
function written(work: () => void): Record<string, any>[] {
  const lines: Record<string, any>[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(JSON.parse(String(chunk)));
    return true;
  });
  work();
  vi.restoreAllMocks();
  return lines;
}

describe('countLines', () => {
  it("writes each count at once as one line of CloudWatch's embedded metric format, with the stage's dimensions", () => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    vi.stubEnv('STEUERBOTE_STAGE', 'prod');
    const lines = written(() => countLines.addMetric('CertificatesPinLocked', 'Count', 2));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ CertificatesPinLocked: 2, stage: 'prod', service: expect.any(String) });
    expect(lines[0]!._aws.CloudWatchMetrics).toEqual([
      { Namespace: 'steuerbote', Dimensions: [['service', 'stage']], Metrics: [{ Name: 'CertificatesPinLocked', Unit: 'Count' }] },
    ]);
  });

  it('writes nothing where metrics are off', () => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
    expect(written(() => countLines.addMetric('SubmissionsAccepted', 'Count', 1))).toEqual([]);
  });
});
