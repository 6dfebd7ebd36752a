// PIN guessing over HTTP: wrong `Elster-Pin` values lock a per-submission certificate at the tenth
// within an hour, for an hour, and a burst of them at once gets no more tried; while it is locked the
// right PIN is refused with 423 and Retry-After, a request accepted before is still replayed by its
// Idempotency-Key, its ticket reaches `delivered`, and the certificate shows `usable: false` and
// `locked_until`. Only its own client's submissions count. The local runtime runs its functions in
// this process, so the hour is waited out by moving this process's clock, and the wrong PINs noted
// on the certificate are read from its store.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { container, testPin } from '#test/support/certificates.ts';
import { ustvaSample } from '#test/support/samples.ts';
import { certificateStore } from '#shared/wiring/adapters.ts';

let service: LocalService;
let otherKey: string;
let certificate_id: string;

beforeAll(async () => {
  // Slow enough that a ticket accepted before the lock is still unfinished once the lock falls.
  service = await startService({ env: { SANDBOX_LATENCY_MS: '10000' } });
  otherKey = await service.runtime.createApiKey('other-client');
  const upload = { pkcs12: container('modern').toString('base64'), pin: testPin, pin_storage: 'per_submission' };
  certificate_id = (await service.post('/v2/certificates', upload)).json.data.certificate_id;
});
afterAll(async () => {
  vi.useRealTimers();
  await service?.stop();
});

const submit = (pin: string, key?: string, idempotencyKey?: string, certificate = certificate_id) =>
  service.call('POST', '/v2/ustva', {
    body: JSON.stringify({ ...ustvaSample(), certificate_id: certificate }),
    headers: { 'content-type': 'application/json', 'elster-pin': pin, ...(idempotencyKey !== undefined && { 'idempotency-key': idempotencyKey }) },
    key,
  });
const shown = async (certificate = certificate_id) => (await service.call('GET', `/v2/certificates/${certificate}`)).json.data;
const listed = async (certificate = certificate_id) =>
  (await service.call('GET', '/v2/certificates')).json.data.certificates.find((c: { certificate_id: string }) => c.certificate_id === certificate);

describe('a burst of submissions at once', () => {
  // Which submissions of a burst reach the certificate first is up to the scheduler, and a right PIN
  // among the first ten is rightly tried: so the right one is sent as soon as the first wrong one is
  // refused untried (every place taken, or locked), while the rest of the burst is still under way.
  it('gets no more than 10 PINs tried: the right one is refused, and the certificate is locked', async () => {
    const upload = { pkcs12: container('modern').toString('base64'), pin: testPin, pin_storage: 'per_submission' };
    const burst: string = (await service.post('/v2/certificates', upload)).json.data.certificate_id;
    let refusedOnce!: () => void;
    const firstRefusal = new Promise<void>((resolve) => (refusedOnce = resolve));
    const wrong = Promise.all(
      Array.from({ length: 49 }, async (_, i) => {
        const reply = await submit(`burst-${i}`, undefined, undefined, burst);
        if (reply.status !== 422) refusedOnce();
        return reply;
      }),
    );
    void wrong.then(refusedOnce);
    const right = firstRefusal.then(() => submit(testPin, undefined, undefined, burst));
    const replies = [...(await wrong), await right];

    // Every PIN tried is either right (202) or wrong, and each wrong one is noted on the certificate.
    const wrongNoted = Object.keys((await certificateStore().get('dev', burst))?.wrong_pins ?? {}).length;
    expect(wrongNoted + replies.filter((reply) => reply.status === 202).length).toBeLessThanOrEqual(10);
    expect([423, 429]).toContain((await right).status);
    const toldWrong = replies.filter((reply) => reply.json.error?.details?.some((d: { code: string }) => d.code === 'CERTIFICATE_PIN_WRONG'));
    expect(toldWrong.length).toBeLessThanOrEqual(wrongNoted);
    for (const reply of replies) {
      expect([422, 423, 429]).toContain(reply.status);
      if (reply.status === 429) expect(reply.json.error.code).toBe('CERTIFICATE_PIN_BUSY');
      if (reply.status !== 422) expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }

    const again = await submit(testPin, undefined, undefined, burst);
    expect(again.status).toBe(423);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(3500);
    const view = await shown(burst);
    expect(view).toMatchObject({ usable: false, locked_until: expect.any(String) });
    expect(again.json.message).toContain(view.locked_until);
    expect(await listed(burst)).toMatchObject({ usable: false, locked_until: view.locked_until });
  });
});

describe('wrong Elster-Pin values', () => {
  let accepted: string;

  it("count only for the certificate's own client's submissions: not another client's, not validate, not uploads", async () => {
    for (let i = 0; i < 12; i++) {
      const other = await submit(`guess-${i}`, otherKey);
      expect(other.status).toBe(422);
      expect(other.json.error.details).toEqual([expect.objectContaining({ path: 'certificate_id', code: 'CERTIFICATE_UNKNOWN' })]);
      const validated = await service.call('POST', '/v2/ustva/validate', {
        body: JSON.stringify({ ...ustvaSample(), certificate_id }),
        headers: { 'content-type': 'application/json', 'elster-pin': `guess-${i}` },
      });
      expect(validated.status).toBe(200);
      const upload = await service.post('/v2/certificates', { pkcs12: container('modern').toString('base64'), pin: `guess-${i}` });
      expect(upload.json.error.details).toEqual([expect.objectContaining({ code: 'CERTIFICATE_PIN_WRONG' })]);
    }
    expect(await shown()).toMatchObject({ usable: true, locked_until: null });
    const right = await submit(testPin, undefined, 'before-the-lock');
    expect(right.status).toBe(202);
    accepted = right.json.data.ticket;
  });

  it('lock the certificate at the tenth: 423 CERTIFICATE_PIN_LOCKED with Retry-After, for the right PIN too', async () => {
    for (let i = 0; i < 9; i++) {
      const wrong = await submit(`guess-${i}`);
      expect(wrong.status).toBe(422);
      expect(wrong.json.error.details).toEqual([expect.objectContaining({ path: 'Elster-Pin', code: 'CERTIFICATE_PIN_WRONG' })]);
    }
    for (let i = 9; i < 12; i++) {
      const locked = await submit(`guess-${i}`);
      expect(locked.status).toBe(423);
      expect(locked.json).toMatchObject({ success: false, data: null, error: { code: 'CERTIFICATE_PIN_LOCKED' } });
      expect(locked.text).not.toContain(`guess-${i}`);
    }
    const right = await submit(testPin);
    expect(right.status).toBe(423);
    expect(right.json.error.code).toBe('CERTIFICATE_PIN_LOCKED');
    const retryAfter = Number(right.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    const { locked_until } = await shown();
    expect(Date.parse(locked_until) - Date.now()).toBeGreaterThan(3500_000);
    expect(right.json.message).toContain(locked_until);
    expect(await listed()).toMatchObject({ usable: false, locked_until });
  });

  it('leave a request accepted before the lock to be replayed by its Idempotency-Key, trying no PIN', async () => {
    const { locked_until } = await shown();
    for (const pin of [testPin, 'guess-replay']) {
      const replay = await submit(pin, undefined, 'before-the-lock');
      expect(replay.status).toBe(202);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.json.data.ticket).toBe(accepted);
    }
    expect(await shown()).toMatchObject({ locked_until });
    // A key not yet used is a new submission, and meets the lock.
    expect((await submit(testPin, undefined, 'after-the-lock')).status).toBe(423);
  });

  it('leave a ticket accepted before the lock to be delivered', async () => {
    expect((await service.call('GET', `/v2/ticket/${accepted}`)).json.data.status).toMatch(/^(queued|processing)$/);
    expect(await service.waitForStatus(accepted, ['delivered', 'rejected', 'failed'])).toMatchObject({ status: 'delivered', certificate_id });
  }, 30_000);

  it('are forgiven once the hour of the lock has passed: the right PIN signs again', async () => {
    const { locked_until } = await shown();
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.parse(locked_until) - 30_000);
    const still = await submit(testPin);
    expect(still.status).toBe(423);
    expect(Number(still.headers.get('retry-after'))).toBeLessThanOrEqual(30);

    vi.setSystemTime(Date.parse(locked_until));
    const again = await submit(testPin);
    expect(again.status).toBe(202);
    expect(await shown()).toMatchObject({ usable: true, locked_until: null });
    vi.useRealTimers();
  });
});
