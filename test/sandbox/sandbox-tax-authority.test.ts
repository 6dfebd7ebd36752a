import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '#shared/config.ts';
import { datenartVersion, formYears, kinds } from '#shared/forms/registry.ts';
import { estNutzdaten } from '#shared/forms/est/xml-writer.ts';
import { ustvaNutzdaten } from '#shared/forms/ustva/xml-writer.ts';
import { zmContractExample } from '#shared/forms/zm/openapi.ts';
import { zmNutzdaten } from '#shared/forms/zm/xml-writer.ts';
import { container, testPin } from '#test/support/certificates.ts';
import { estReturnSample, ustvaNutzdatenSample, ustvaTransmissionSample } from '#test/support/samples.ts';
import type { Transmission, TransmitOutcome } from '#shared/ports/tax-authority.ts';
import {
  SandboxTaxAuthority,
  plausibilityErrorCode,
  sandboxTaxAuthorityFromEnv,
  transferTicketPattern,
  type SandboxOptions,
} from '#shared/sandbox/sandbox-tax-authority.ts';

const fixedNow = new Date('2026-11-22T10:00:00.000Z');

const ustvaInput = ustvaNutzdatenSample({ createdAt: fixedNow });

const transmission: Transmission = ustvaTransmissionSample({ nutzdaten: ustvaNutzdaten(ustvaInput) });

/** The same transmission with its XML changed the way a faulty client or a later edit would. */
const tampered = (from: string, to: string): Transmission => {
  if (!transmission.nutzdaten.includes(from)) throw new Error(`the XML has no ${from}`);
  return { ...transmission, nutzdaten: transmission.nutzdaten.replace(from, to) };
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
  describe('a ZM, filed by its USt-IdNr', () => {
    const { year, period, vat_id: vatId, business, lines } = zmContractExample;
    const zm: Transmission = {
      ticket: 'tk_AAAAAAAAAAAAAAAAAAAAAA',
      attempt: 1,
      kind: 'zm',
      test: true,
      year,
      period,
      vat_id: vatId,
      datenart_version: 'ZMDO',
      nutzdaten: zmNutzdaten({ year, period, vatId, business, lines: lines as never }),
    };

    it('delivers with a protocol naming the USt-IdNr and the report’s lines', async () => {
      const { protocol } = delivered(await authority().transmit(zm));
      const { text } = await extractText(await getDocumentProxy(protocol.pdf.slice()), { mergePages: true });
      expect(text).toContain('USt-IdNr.');
      expect(text).toContain('DE136695976');
      expect(text).toContain('Innergemeinschaftliche Lieferung, ATU13585627');
      expect(text).not.toContain('Steuernummer');
    });

    it('rejects a USt-IdNr whose check digit fails, and Nutzdaten that break ERiC’s rules', async () => {
      const outcome = await authority().transmit({ ...zm, vat_id: 'DE136695975', nutzdaten: zm.nutzdaten.replace('ATU13585627', 'DE811569869') });
      expect(outcome).toMatchObject({ outcome: 'rejected', code: plausibilityErrorCode });
      expect(outcome.outcome === 'rejected' && outcome.findings.map(({ path, code, rule }) => ({ path, code, rule }))).toEqual([
        { path: 'USt-IdNr', code: 'VAT_ID_CHECK_DIGIT', rule: 'sandbox.VAT_ID_CHECK_DIGIT' },
        { path: 'unternehmer.zm-zeilen.zeile.0.knre', code: 'VAT_ID_DOMESTIC', rule: 'knre1_Laenderkennzeichen_DE' },
      ]);
    });
  });

  it('is the resend-safe sandbox', () => {
    expect(authority().name).toBe('sandbox');
    expect(authority().resendIsSafe).toBe(true);
  });

  it('delivers with a transfer ticket, receipt time and protocol', async () => {
    const outcome = delivered(await authority().transmit(transmission));
    expect(outcome.transferTicket).toMatch(transferTicketPattern);
    expect(outcome.receivedAt).toBe('2026-11-22T10:00:00.000Z');
    expect(outcome.protocol.fileName).toBe('Uebertragungsprotokoll_ustva_tk_AAAAAAAAAAAAAAAAAAAAAA.pdf');
    const { text } = await extractText(await getDocumentProxy(outcome.protocol.pdf.slice()), { mergePages: true });
    expect(text).toContain(outcome.transferTicket);
    expect(text).toContain(transmission.ticket);
    expect(text).toContain('1.200,50 €');
  });

  it("opens a ticket's certificate once, not again when the ticket is tried again", async () => {
    const sandbox = authority({ now: () => new Date(), transientFailureRate: 1 });
    const certificate = { certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA', subject: 'CN=Muster GmbH', pkcs12: container('modern'), pin: testPin };
    expect((await sandbox.transmit({ ...transmission, certificate })).outcome).toBe('retry');
    // Were the container opened again, this PIN would fail the ticket.
    const wrongPin = { ...certificate, pin: '000000' };
    expect((await sandbox.transmit({ ...transmission, certificate: wrongPin })).outcome).toBe('retry');
    expect(await sandbox.transmit({ ...transmission, ticket: 'tk_BBBBBBBBBBBBBBBBBBBBBB', certificate: wrongPin })).toMatchObject({
      outcome: 'failed',
      code: 'CERTIFICATE_PIN_WRONG',
    });
  });

  it('keeps the file name to safe characters', async () => {
    const outcome = delivered(await authority().transmit({ ...transmission, ticket: 'tk_../a b/ü' }));
    expect(outcome.protocol.fileName).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(outcome.protocol.fileName).not.toContain('/');
  });

  it('hands out a distinct transfer ticket every time', async () => {
    const sandbox = authority();
    const tickets = await Promise.all(Array.from({ length: 200 }, async () => delivered(await sandbox.transmit(transmission)).transferTicket));
    expect(new Set(tickets).size).toBe(tickets.length);
    for (const ticket of tickets) expect(ticket).toMatch(transferTicketPattern);
  });

  it.each([
    ['Kz83', tampered('<Kz83>734.50</Kz83>', '<Kz83>800.00</Kz83>'), 'KZ83_MISMATCH'],
    ['Kz81', tampered('<Kz81>10000</Kz81>', '<Kz81>10000.5</Kz81>'), 'KZ_WHOLE_EUROS'],
    ['Zeitraum', tampered('<Zeitraum>03</Zeitraum>', '<Zeitraum>13</Zeitraum>'), 'PERIOD_INVALID'],
    ['Steuernummer', tampered('<Steuernummer>9198011310010</Steuernummer>', '<Steuernummer>9198011310011</Steuernummer>'), 'TAX_NUMBER_CHECK_DIGIT'],
    ['Jahr', { ...transmission, year: 2020 }, 'YEAR_NOT_SUPPORTED'],
    ['Nutzdaten', tampered('<Anmeldungssteuern', '<!DOCTYPE a SYSTEM "file:///etc/passwd"><Anmeldungssteuern'), 'XML_DTD_NOT_ALLOWED'],
  ] as const)('re-checks the XML as ERiC would: a bad %s is rejected with %s', async (path, bad, code) => {
    const outcome = await authority().transmit(bad);
    expect(outcome).toMatchObject({ outcome: 'rejected', code: plausibilityErrorCode, message: expect.stringContaining('/') });
    expect(outcome.outcome === 'rejected' && outcome.findings).toContainEqual(
      expect.objectContaining({ path, code, rule: `sandbox.${code}`, message: expect.any(String) }),
    );
  });

  it('names the value Kz 83 should have', async () => {
    const outcome = await authority().transmit(tampered('<Kz83>734.50</Kz83>', '<Kz83>800.00</Kz83>'));
    expect(outcome).toMatchObject({ findings: [{ path: 'Kz83', code: 'KZ83_MISMATCH', expected: '734.50' }] });
  });

  it('validates with the same checks, sending nothing', async () => {
    expect(await authority().validate(transmission)).toEqual([]);
    expect(await authority().validate(tampered('<Kz83>734.50</Kz83>', '<Kz83>800.00</Kz83>'))).toEqual([
      expect.objectContaining({ path: 'Kz83', code: 'KZ83_MISMATCH' }),
    ]);
  });

  it('heeds a test value only on a test transmission, and on each attempt as the value says', async () => {
    const sandbox = authority();
    const rejecting = { ...transmission, tax_number: '9198080000015' };
    expect(await sandbox.transmit(rejecting)).toMatchObject({ outcome: 'rejected', findings: [{ code: 'TEST_VALUE_REJECTED' }] });
    delivered(await sandbox.transmit({ ...rejecting, test: false }));
    const transient = { ...transmission, tax_number: '9198080000066' };
    expect(await sandbox.transmit(transient)).toMatchObject({ outcome: 'retry', code: 'SANDBOX_TRANSIENT' });
    delivered(await sandbox.transmit({ ...transient, attempt: 2 }));
    expect(await sandbox.transmit({ ...transmission, tax_number: '9198080000031' })).toMatchObject({ outcome: 'failed', code: 'TRANSMISSION_UNCERTAIN' });
  });

  it("names the client's reference and the signing certificate's subject on the protocol", async () => {
    const certificate = { certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA', subject: 'CN=Muster GmbH, C=DE', pkcs12: container('modern'), pin: testPin };
    const outcome = delivered(await authority({ now: () => new Date() }).transmit({ ...transmission, client_reference: 'INV-7', certificate }));
    const { text } = await extractText(await getDocumentProxy(outcome.protocol.pdf.slice()), { mergePages: true });
    expect(text).toContain('Ihre Referenz INV-7');
    expect(text).toContain('Signiert mit CN=Muster GmbH, C=DE');
    expect(text).toContain('Finanzamt 9198 (Testfinanzamt / test tax office)');
  });

  it('delivers an income tax return with its key figures as transmitted, and refuses a foreign root', async () => {
    const body = estReturnSample();
    const est: Transmission = {
      ...transmission,
      kind: 'est',
      year: 2025,
      datenart_version: 'ESt_2025',
      nutzdaten: estNutzdaten(body, { herstellerId: '74931', createdAt: fixedNow }),
    };
    const { period: _, ...withoutPeriod } = est;
    const outcome = delivered(await authority().transmit(withoutPeriod));
    const { text } = await extractText(await getDocumentProxy(outcome.protocol.pdf.slice()), { mergePages: true });
    expect(text).toContain('Einkommensteuererklärung 2025');
    expect(text).toContain('Bruttoarbeitslohn');
    expect(text).toContain('Anlage N');
    expect(text).toContain('45.000,00 €');
    // Whom it is for, by name; never the IdNr.
    expect(text).toContain(`Für ${body.taxpayer.first_name} ${body.taxpayer.last_name}`);
    expect(text).not.toContain(body.taxpayer.idnr);
    expect(await authority().transmit({ ...withoutPeriod, nutzdaten: transmission.nutzdaten })).toMatchObject({
      outcome: 'rejected',
      findings: [expect.objectContaining({ path: 'Nutzdaten', code: 'XML_ROOT' })],
    });
  });

  it("refuses what ERiC's schema check refuses in XML it was handed, whoever wrote it, every Anlage included", async () => {
    const nutzdaten = estNutzdaten(estReturnSample(), { herstellerId: '74931', createdAt: fixedNow });
    if (!nutzdaten.includes('<VOR>')) throw new Error('the sample has no Anlage VOR');
    const { period: _, ...est } = { ...transmission, kind: 'est' as const, year: 2025, datenart_version: 'ESt_2025' };
    expect(await authority().validate({ ...est, nutzdaten })).toEqual([]);
    expect(await authority().transmit({ ...est, nutzdaten: nutzdaten.replace('<VOR>', '<VOR><Anlage>1</Anlage>') })).toMatchObject({
      outcome: 'rejected',
      findings: [{ path: 'VOR.Anlage', code: 'XML_STRUCTURE', rule: 'sandbox.XML_STRUCTURE', expected: expect.stringContaining('Beitr_g_KV_PV_Inl') }],
    });
  });

  it('accepts quarters', async () => {
    const quarter = { ...transmission, period: '44', nutzdaten: ustvaNutzdaten({ ...ustvaInput, period: '44' }) };
    const outcome = delivered(await authority().transmit(quarter));
    const { text } = await extractText(await getDocumentProxy(outcome.protocol.pdf.slice()), { mergePages: true });
    expect(text).toContain('4. Kalendervierteljahr');
  });

  it('fails transiently as often as configured', async () => {
    expect(await authority({ transientFailureRate: 0.3, random: () => 0.29 }).transmit(transmission)).toMatchObject({
      outcome: 'retry',
      code: 'SANDBOX_TRANSIENT',
    });
    expect((await authority({ transientFailureRate: 0.3, random: () => 0.3 }).transmit(transmission)).outcome).toBe('delivered');
    expect((await authority({ transientFailureRate: 1 }).transmit(transmission)).outcome).toBe('retry');
  });

  it('rejects implausible data even when the connection would fail', async () => {
    const outcome = await authority({ transientFailureRate: 1 }).transmit(tampered('<Kz83>734.50</Kz83>', '<Kz83>800.00</Kz83>'));
    expect(outcome.outcome).toBe('rejected');
  });

  it('answers only after the configured latency', async () => {
    vi.useFakeTimers();
    let outcome: TransmitOutcome | undefined;
    const pending = authority({ latencyMs: 1500 })
      .transmit({ ...transmission, year: 2020 })
      .then((result) => (outcome = result));
    await vi.advanceTimersByTimeAsync(1499);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(outcome?.outcome).toBe('rejected');
  });

  it('dates the protocol by the injected clock, not the wall clock', async () => {
    const { protocol } = delivered(await authority().transmit(transmission));
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
    expect((await sandboxTaxAuthorityFromEnv().transmit(transmission)).outcome).toBe('retry');
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
    expect(Object.keys(formYears)).toEqual(kinds);
    expect(formYears).toMatchObject({
      ustva: [2021, 2022, 2023, 2024, 2025, 2026],
      est: [2022, 2023, 2024, 2025, 2026],
      lsta: [2021, 2022, 2023, 2024, 2025, 2026],
      ust: [2021, 2022, 2023, 2024, 2025, 2026],
      zm: [2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026],
    });
    expect(datenartVersion('ustva', 2026)).toBe('UStVA_2026');
    expect(datenartVersion('est', 2024)).toBe('ESt_2024');
    expect(datenartVersion('zm', 2024)).toBe('ZMDO');
  });
});
