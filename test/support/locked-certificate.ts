// A certificate locked after wrong PINs, for tests of what callers do with the 423 it brings.

import type { LocalService } from '#test/support/local-service.ts';
import { container, testPin } from '#test/support/certificates.ts';
import { ustvaSample } from '#test/support/samples.ts';

/** Uploads a per-submission certificate for the development client and submits wrong PINs until it is locked; its ID. */
export async function lockedCertificate(service: LocalService): Promise<string> {
  const upload = { pkcs12: container('modern').toString('base64'), pin: testPin, pin_storage: 'per_submission' };
  const certificate_id: string = (await service.post('/v2/certificates', upload)).json.data.certificate_id;
  for (let guess = 0; ; guess++) {
    const reply = await service.call('POST', '/v2/ustva', {
      body: JSON.stringify({ ...ustvaSample(), certificate_id }),
      headers: { 'content-type': 'application/json', 'elster-pin': `guess-${guess}` },
    });
    if (reply.status === 423) return certificate_id;
    if (reply.status !== 422 || guess > 10) throw new Error(`a wrong PIN got ${reply.status}, not 422 or 423`);
  }
}
