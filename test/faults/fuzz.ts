// Bad input: generated malformed and hostile requests against one runtime. None may cause a 5xx,
// each error must come in the envelope, no answer may reach 64 KiB, and nothing may be stored; PIN
// guesses lock their certificate.

import { startService } from '#test/support/local-service.ts';
import { http11, rawRequest } from '#test/support/raw-http.ts';
import { inParallel } from './audit.ts';
import { quiet } from './env.ts';
import type { Figures, Scenario } from './figures.ts';
import { hostileRequest, type HostileRequest } from './fuzz-requests.ts';
import { prng } from './prng.ts';
import { storedRecords } from './stored-records.ts';
import { wrongPinLimit } from '#shared/certificates/pin-lock.ts';
import { container, testPin } from '#test/support/certificates.ts';

/** No answer to a hostile request may reach this: on AWS, 6 MB could not even leave the function. */
const maxAnswerBytes = 64 * 1024;

export interface FuzzOptions {
  fuzz: number;
  seed?: number;
  /** Called with each request that broke a rule, so a failing run can say which. */
  onFinding?: (request: HostileRequest, status: number, body: string) => void;
}

export const badInput: Scenario<FuzzOptions> = {
  name: 'bad input',
  mustBeZero: ['fiveHundreds', 'notInEnvelope', 'oversizedAnswers', 'storedRecords', 'unanswered', 'pinGuessesNotLocked'],
  async run({ fuzz, seed = 3, onFinding }) {
    const service = await startService({ env: { ...quiet, HOOK_ENABLED: 'true' } });
    try {
      const random = prng(seed);
      const upload = { pkcs12: container('modern').toString('base64'), pin: testPin, pin_storage: 'per_submission' };
      const certificate = (await service.post('/v2/certificates', upload)).json.data.certificate_id as string;
      const requests = Array.from({ length: fuzz }, () => hostileRequest(random, service.runtime.apiKey, certificate));
      const before = await storedRecords();
      const figures: Figures = { requests: fuzz, fiveHundreds: 0, notInEnvelope: 0, oversizedAnswers: 0, unanswered: 0, succeeded: 0 };
      await inParallel(requests, 16, async (request) => {
        const base = request.base === 'api' ? service.runtime.apiUrl : service.runtime.receiverUrl;
        let status: number;
        let body: string;
        try {
          ({ status, body } = await send(base, request));
        } catch (error) {
          figures.unanswered!++;
          onFinding?.(request, 0, String(error));
          return;
        }
        const oversized = Buffer.byteLength(body) >= maxAnswerBytes;
        const broke = status >= 500 || !inEnvelope(request.method, status, body) || oversized;
        if (status >= 500) figures.fiveHundreds!++;
        else if (oversized) figures.oversizedAnswers!++;
        else if (broke) figures.notInEnvelope!++;
        if (status < 300) figures.succeeded!++;
        if (broke || status < 300) onFinding?.(request, status, body);
      });
      figures.storedRecords = (await storedRecords()) - before;
      const guesses = requests.filter((request) => request.kind === 'pinGuessing').length;
      const locked = (await service.call('GET', `/v2/certificates/${certificate}`)).json.data.locked_until !== null;
      figures.pinGuessesNotLocked = guesses >= wrongPinLimit && !locked ? guesses : 0;
      return figures;
    } finally {
      await service.stop();
    }
  },
};

async function send(base: string, request: HostileRequest): Promise<{ status: number; body: string }> {
  if (!request.raw && !request.wire) {
    const reply = await fetch(base + request.path, { method: request.method, headers: request.headers, body: request.body });
    return { status: reply.status, body: await reply.text() };
  }
  const reply = await rawRequest(base, [request.wire ?? http11(`${request.method} ${request.path}`, request.headers, request.body as string)]);
  if (!reply.status) throw new Error('the connection closed without an answer');
  return { status: reply.status, body: reply.text };
}

// HEAD answers carry no body; every other answer is the envelope, and an error names its code.
function inEnvelope(method: string, status: number, body: string): boolean {
  if (method === 'HEAD') return body === '';
  try {
    const json = JSON.parse(body) as { success?: unknown; error?: { code?: unknown } };
    return status < 400 ? json.success === true : json.success === false && typeof json.error?.code === 'string';
  } catch {
    return false;
  }
}
