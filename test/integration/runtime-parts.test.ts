// The local runtime's threads: one that ends on its own is told, so `npm start` can stop rather than
// answer every request with an error.

import { describe, expect, it } from 'vitest';
import { startService } from '#test/support/local-service.ts';

describe('a part of the local runtime that ends on its own', () => {
  it('is named by partEnded, and the runtime still stops cleanly', async () => {
    const service = await startService();
    try {
      const ended = service.runtime.partEnded;
      await service.runtime.receiver.terminate();
      expect(await ended).toBe('example receiver');
      // The API itself is still answering; it is the operator's start that decides to stop.
      expect((await service.call('GET', '/v2/version')).status).toBe(200);
    } finally {
      await service.stop();
    }
  });

  it('is named when it is the stand-ins, whose thread also runs the queue pollers, and the runtime still stops', async () => {
    const service = await startService();
    const ended = service.runtime.partEnded;
    await service.runtime.standIns.terminate();
    expect(await ended).toBe('stand-ins');
    await service.stop();
  });

  it('stays unsettled while the runtime runs and after a clean stop', async () => {
    const service = await startService();
    const settled = service.runtime.partEnded.then(() => 'settled');
    await service.stop();
    expect(await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 100, 'open'))])).toBe('open');
  });
});
