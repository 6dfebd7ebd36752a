// A transmission that fails for now is tried again after TRANSMIT_RETRY_DELAY_SECONDS × attempts by a
// fresh, delayed wake-up the transmit function sends itself, not by the message coming back once its
// visibility timeout (33 min on AWS) has passed, nor by the scheduled re-drive (every 5 min). Each
// function here sees only its own environment, as on Lambda: without the transmit queue's URL in
// transmit's, the wake-up fails, and the retry waits for one of those.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

describe('a transient failure', () => {
  let service: LocalService | undefined;
  const errors: unknown[] = [];
  beforeAll(async () => {
    service = await startService({
      // Longer than the test may run: a message that comes back would come too late to count.
      visibilityTimeoutSeconds: { transmit: 900, webhook: 1 },
      env: { SANDBOX_TRANSIENT_FAILURE_RATE: '1', TRANSMIT_MAX_ATTEMPTS: '2', TRANSMIT_RETRY_DELAY_SECONDS: '1' },
      onError: (error) => errors.push(error),
    });
  });
  afterAll(() => service?.stop());

  it('is tried again by the wake-up transmit sends, as soon as its retry delay has passed', async () => {
    const { json } = await service!.submit('ustva', ustvaSample());
    const finished = await service!.waitForStatus(json.data.ticket, ['failed']);
    expect(finished.error).toMatchObject({ code: 'TRANSMISSION_FAILED', message: expect.stringMatching(/after 2 attempts/) });
    expect((await service!.call('GET', `/v2/status/${json.data.ticket}`)).json.data.attempts).toBe(2);
    expect(errors).toEqual([]);
  });
});
