// The stage's own ERiC certificate expires too: each transmit container that reads it records
// whether it expires within the warning window, for the alarm StageCertificateExpiring
// (docs/operations/). Read with the PIN the stage signs with, as ERiC will open it.

import { readFile } from 'node:fs/promises';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { expiryWarningDays } from '#shared/certificates/expiry.ts';
import { openPkcs12 } from '#shared/certificates/pkcs12.ts';
import { describeError, logger } from '#shared/logger.ts';
import { metricNames } from '#shared/metric-names.ts';
import { metrics, type MetricSink } from '#shared/metrics.ts';

const dayMs = 86_400_000;

/**
 * Never fails the transmission it runs before: a certificate ERiC cannot open is ERiC's to report,
 * with its own code, on the ticket.
 */
export async function reportStageCertificate(
  { certificatePath, pin }: { certificatePath: string; pin: string },
  sink: MetricSink = metrics(),
  now = new Date(),
): Promise<void> {
  try {
    const opened = await openPkcs12(await readFile(certificatePath), pin, now);
    if (!opened.ok) {
      const expired = opened.code === 'CERTIFICATE_EXPIRED';
      logger.warn(expired ? 'the stage certificate has expired' : 'the stage certificate could not be read for its expiry', { code: opened.code });
      if (expired) sink.addMetric(metricNames.stageCertificateExpiringSoon, MetricUnit.Count, 1);
      return;
    }
    const { not_after } = opened.facts;
    const expires_in_days = Math.floor((Date.parse(not_after) - now.getTime()) / dayMs);
    const soon = expires_in_days < expiryWarningDays;
    if (soon) logger.warn('the stage certificate expires soon', { not_after, expires_in_days });
    sink.addMetric(metricNames.stageCertificateExpiringSoon, MetricUnit.Count, soon ? 1 : 0);
  } catch (error) {
    logger.warn('the stage certificate could not be read for its expiry', { error: describeError(error) });
  }
}
