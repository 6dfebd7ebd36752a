import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '#shared/config.ts';
import { datenartVersion, supportedYears } from '#shared/domain/years.ts';
import type { Submission, TransmitOutcome } from '#shared/ports.ts';
import {
  SandboxTaxAuthority,
  plausibilityErrorCode,
  sandboxTaxAuthorityFromEnv,
  transferTicketPattern,
  type SandboxOptions,
} from '#shared/sandbox/sandbox-tax-authority.ts';

const fixedNow = new Date('2026-11-22T10:00:00.000Z');

const submission: Submission = {
  ticket: 'tk_AAAAAAAAAAAAAAAAAAAAAA',
  kind: 'ustva',
  test: true,
  year: 2026,
  period: '03',
  tax_number: '9198011310010',
  datenart_version: 'UStVA_2026',
  body: { kennzahlen: { kz81: 10000, kz86: 500, kz66: '1200.50', kz83: '734.50' } },
};

const authority = (options: Partial<SandboxOptions> = {}) =>
  new SandboxTaxAuthority({ latencyMs: 0, transientFailureRate: 0, herstellerId: '74931', now: () => fixedNow, ...options });

function delivered(outcome: TransmitOutcome) {
  if (outcome.outcome !== 'delivered') throw new Error(`expected delivered, got ${JSON.stringify(outcome)}`);
  return outcome;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('SandboxTaxAuthority', () => {
  it('is the resend-safe sandbox', () => {
    expect(authority().name).toBe('sandbox');
    expect(authority().resendIsSafe).toBe(true);
  });

  it('delivers with a transfer ticket, receipt time and protocol', async () => {
    const outcome = delivered(await authority().transmit(submission));
    expect(outcome.transferTicket).toMatch(transferTicketPattern);
    expect(outcome.receivedAt).toBe('2026-11-22T10:00:00.000Z');
    expect(outcome.protocol.fileName).toBe('Uebertragungsprotokoll_ustva_tk_AAAAAAAAAAAAAAAAAAAAAA.pdf');
    const { text } = await extractText(await getDocumentProxy(outcome.protocol.pdf.slice()), { mergePages: true });
    expect(text).toContain(outcome.transferTicket);
    expect(text).toContain(submission.ticket);
    expect(text).toContain('1.200,50 €');
  });

  it('keeps the file name to safe characters', async () => {
    const outcome = delivered(await authority().transmit({ ...submission, ticket: 'tk_../a b/ü' }));
    expect(outcome.protocol.fileName).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(outcome.protocol.fileName).not.toContain('/');
  });

  it('hands out a distinct transfer ticket every time', async () => {
    const sandbox = authority();
    const tickets = await Promise.all(
      Array.from({ length: 200 }, async () => delivered(await sandbox.transmit({ ...submission, kind: 'est', body: {} })).transferTicket),
    );
    expect(new Set(tickets).size).toBe(tickets.length);
    for (const ticket of tickets) expect(ticket).toMatch(transferTicketPattern);
  });

  it.each([
    ['tax_number', { tax_number: '198/113/10010' }, 'TAX_NUMBER_FORMAT'],
    ['tax_number', { tax_number: '919801131001' }, 'TAX_NUMBER_FORMAT'],
    ['year', { year: 2023 }, 'YEAR_NOT_SUPPORTED'],
    ['period', { period: '13' }, 'PERIOD_INVALID'],
    ['period', { period: '45' }, 'PERIOD_INVALID'],
    ['period', { period: '3' }, 'PERIOD_INVALID'],
    ['period', { period: undefined }, 'PERIOD_INVALID'],
  ] as const)('rejects a bad %s (%o) with %s', async (path, change, code) => {
    const outcome = await authority().transmit({ ...submission, ...change });
    expect(outcome).toMatchObject({ outcome: 'rejected', code: plausibilityErrorCode, message: expect.stringContaining('/') });
    expect(outcome).toMatchObject({ findings: [{ path, code, message: expect.any(String) }] });
  });

  it('lists every failing check at once', async () => {
    const outcome = await authority().transmit({ ...submission, tax_number: 'x', year: 2019, period: '00' });
    expect(outcome.outcome === 'rejected' && outcome.findings.map((finding) => finding.code)).toEqual([
      'TAX_NUMBER_FORMAT',
      'YEAR_NOT_SUPPORTED',
      'PERIOD_INVALID',
    ]);
  });

  it('accepts quarters, and an est without a period', async () => {
    expect((await authority().transmit({ ...submission, period: '44' })).outcome).toBe('delivered');
    const { period: _, ...withoutPeriod } = submission;
    expect((await authority().transmit({ ...withoutPeriod, kind: 'est', year: 2024, body: {} })).outcome).toBe('delivered');
  });

  it('fails transiently as often as configured', async () => {
    expect(await authority({ transientFailureRate: 0.3, random: () => 0.29 }).transmit(submission)).toMatchObject({
      outcome: 'retry',
      code: 'SANDBOX_TRANSIENT',
    });
    expect((await authority({ transientFailureRate: 0.3, random: () => 0.3 }).transmit(submission)).outcome).toBe('delivered');
    expect((await authority({ transientFailureRate: 1 }).transmit(submission)).outcome).toBe('retry');
  });

  it('rejects implausible data even when the connection would fail', async () => {
    const outcome = await authority({ transientFailureRate: 1 }).transmit({ ...submission, year: 2023 });
    expect(outcome.outcome).toBe('rejected');
  });

  it('answers only after the configured latency', async () => {
    vi.useFakeTimers();
    let outcome: TransmitOutcome | undefined;
    const pending = authority({ latencyMs: 1500 })
      .transmit({ ...submission, year: 2023 })
      .then((result) => (outcome = result));
    await vi.advanceTimersByTimeAsync(1499);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(outcome?.outcome).toBe('rejected');
  });

  it('dates the protocol by the injected clock, not the wall clock', async () => {
    const { protocol } = delivered(await authority().transmit(submission));
    const doc = await PDFDocument.load(protocol.pdf, { updateMetadata: false });
    expect(doc.getCreationDate()).toEqual(fixedNow);
    expect(doc.getModificationDate()).toEqual(fixedNow);
  });
});

describe('sandboxTaxAuthorityFromEnv', () => {
  it('reads the knobs from the environment', async () => {
    vi.stubEnv('SANDBOX_LATENCY_MS', '');
    vi.stubEnv('SANDBOX_TRANSIENT_FAILURE_RATE', '1');
    vi.stubEnv('ELSTER_HERSTELLER_ID', '12345');
    expect((await sandboxTaxAuthorityFromEnv().transmit(submission)).outcome).toBe('retry');
  });

  it.each([
    ['SANDBOX_LATENCY_MS', '60001'],
    ['SANDBOX_LATENCY_MS', '1.5'],
    ['SANDBOX_TRANSIENT_FAILURE_RATE', '1.1'],
    ['ELSTER_HERSTELLER_ID', 'abc'],
  ])('refuses %s=%s', (name, value) => {
    vi.stubEnv(name, value);
    expect(() => sandboxTaxAuthorityFromEnv()).toThrow(ConfigError);
    expect(() => sandboxTaxAuthorityFromEnv()).toThrow(name);
  });
});

describe('years', () => {
  it('names the Datenart version of every supported year', () => {
    expect(supportedYears).toEqual([2024, 2025, 2026]);
    expect(datenartVersion('ustva', 2026)).toBe('UStVA_2026');
    expect(datenartVersion('est', 2024)).toBe('ESt_2024');
  });
});
