// The eric adapter against the ERiC test double (test/eric-double), once per struct family.

import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '#shared/config.ts';
import { ericTaxAuthorityFromEnv, ericValidatorFromEnv } from '#shared/eric/eric-tax-authority.ts';
import { ERIC_DRUCKE, ERIC_SENDE, ERIC_VALIDIERE, loadEric } from '#shared/eric/library.ts';
import type { Transmission, TransmitOutcome } from '#shared/ports/tax-authority.ts';
import { doubleMajors } from '#test/eric-double/build.ts';
import { doubleCertificate, doubleCounters, doublePin, ericDoubleHome, type DoubleCounters } from '#test/eric-double/double.ts';
import { ustvaTransmissionSample } from '#test/support/samples.ts';

const nutzdaten = (supplier = 'Muster GmbH') =>
  '<Anmeldungssteuern xmlns="http://finkonsens.de/elster/elsteranmeldung/ustva/v2026" version="2026">' +
  `<DatenLieferant><Name>${supplier}</Name></DatenLieferant><Steuerfall><Umsatzsteuervoranmeldung>` +
  '<Jahr>2026</Jahr><Zeitraum>03</Zeitraum><Steuernummer>9198011310010</Steuernummer><Kz83>734.50</Kz83>' +
  '</Umsatzsteuervoranmeldung></Steuerfall></Anmeldungssteuern>';

const transmission = (supplier?: string): Transmission => ustvaTransmissionSample({ nutzdaten: nutzdaten(supplier) });

function delivered(outcome: TransmitOutcome) {
  if (outcome.outcome !== 'delivered') throw new Error(`expected delivered, got ${JSON.stringify(outcome)}`);
  return outcome;
}

afterEach(() => vi.unstubAllEnvs());

describe.each(doubleMajors)('the eric adapter with the ERiC %i test double', (major) => {
  const home = ericDoubleHome(major);
  let certificate: string;
  let counters: DoubleCounters;
  const env = (extra: Record<string, string> = {}) => ({ ERIC_HOME: home, ERIC_CERT_PATH: certificate, ERIC_CERT_PIN: doublePin, ...extra });
  const authority = (extra?: Record<string, string>) => ericTaxAuthorityFromEnv(env(extra));

  beforeAll(async () => {
    certificate = await doubleCertificate();
    counters = doubleCounters(home);
  });

  // Every path closes what it opened.
  afterEach(() => {
    expect(counters.openBuffers()).toBe(0);
    expect(counters.openCertificates()).toBe(0);
  });

  it("leaves ERiC's log, which holds the start of the data it was handed, empty after each call", async () => {
    delivered(await authority().transmit(transmission()));
    const log = join(loadEric(home).logDir, 'eric.log');
    // The double notes every Vorgang in eric.log, as ERiC does: the file is there, and empty.
    expect((await stat(log)).size).toBe(0);
  });

  it('is the eric authority, never safe to resend', () => {
    expect(authority()).toMatchObject({ name: 'eric', resendIsSafe: false });
  });

  it('delivers with the transfer ticket, receipt time and PDF protocol from ERiC', async () => {
    const sends = counters.sends();
    const outcome = delivered(await authority().transmit(transmission()));
    expect(counters.sends()).toBe(sends + 1);
    expect(outcome.transferTicket).toMatch(/^[a-z0-9]{32}$/);
    expect(Math.abs(Date.parse(outcome.receivedAt) - Date.now())).toBeLessThan(60_000);
    expect(outcome.protocol.fileName).toBe('Uebertragungsprotokoll_ustva_tk_AAAAAAAAAAAAAAAAAAAAAA.pdf');
    const { text } = await extractText(await getDocumentProxy(outcome.protocol.pdf.slice()), { mergePages: true });
    expect(text).toContain(`Transfer ticket: ${outcome.transferTicket}`);
    // ELSTER's own answer, naming the same transfer ticket, is handed on to be kept.
    expect(outcome.serverAnswer).toContain(outcome.transferTicket);
  });

  it('rejects with the findings of ERiC rule checks, sending nothing', async () => {
    const sends = counters.sends();
    const outcome = await authority().transmit(transmission('ERIC-DOUBLE:PLAUSI'));
    expect(counters.sends()).toBe(sends);
    expect(outcome).toEqual({
      outcome: 'rejected',
      code: '610001002',
      message: expect.any(String),
      findings: [
        { path: 'Kz83', code: 'ELSTER_RULE_9995', rule: 'TestdoubleRegelKz83', message: 'Kz83 passt nicht zur Summe (Testdouble).' },
        { path: 'nutzdaten', code: 'ELSTER_RULE_9996', rule: 'TestdoubleRegelAllgemein', message: 'Allgemeiner Fehler & Hinweis (Testdouble).' },
      ],
    });
  });

  it('rejects with the reasons ELSTER gave when it refuses the delivery', async () => {
    const outcome = await authority().transmit(transmission('ERIC-DOUBLE:REFUSED'));
    expect(outcome).toMatchObject({
      outcome: 'rejected',
      code: '610101210',
      findings: [
        { path: 'transfer_header', code: 'ELSTER_TH_99', message: 'Die Datenlieferung wurde abgewiesen (Testdouble).' },
        { path: 'nutzdaten_header', code: 'ELSTER_NDH_99', message: 'Die Datenlieferung wurde abgewiesen (Testdouble).' },
      ],
    });
  });

  it('fails a wrong PIN for the operator, without sending or retrying', async () => {
    const sends = counters.sends();
    const outcome = await authority({ ERIC_CERT_PIN: 'not-the-pin' }).transmit(transmission());
    expect(outcome).toEqual({ outcome: 'failed', code: 'ERIC_PIN_WRONG', message: expect.stringMatching(/^ERiC 610201106 ERIC_CRYPT_E_PIN_WRONG: /) });
    expect(counters.sends()).toBe(sends);
  });

  it('fails for the operator when the certificate has gone since the start', async () => {
    const gone = await doubleCertificate();
    const eric = authority({ ERIC_CERT_PATH: gone });
    await rm(gone);
    expect(await eric.transmit(transmission())).toMatchObject({ outcome: 'failed', code: 'ERIC_CERTIFICATE_UNREADABLE' });
  });

  it('asks for a retry when the server cannot be reached', async () => {
    const sends = counters.sends();
    expect(await authority().transmit(transmission('ERIC-DOUBLE:CONNECT'))).toEqual({
      outcome: 'retry',
      code: 'ERIC_TRANSFER_ERR_CONNECTSERVER',
      message: expect.stringContaining('610101278'),
    });
    expect(counters.sends()).toBe(sends);
  });

  it('fails as uncertain, keeping the partial answer, when the answer times out after sending', async () => {
    const outcome = await authority().transmit(transmission('ERIC-DOUBLE:TIMEOUT'));
    expect(outcome).toMatchObject({ outcome: 'failed', code: 'TRANSMISSION_UNCERTAIN', message: expect.stringContaining('ERIC_TRANSFER_ERR_TIMEOUT') });
    expect(outcome.outcome === 'failed' && outcome.serverAnswer).toMatch(/^<\?xml[\s\S]*<TransferHeader/);
  });

  it('fails as uncertain when ELSTER answers without a transfer ticket', async () => {
    const outcome = await authority().transmit(transmission('ERIC-DOUBLE:UNCLEAR'));
    expect(outcome).toMatchObject({ outcome: 'failed', code: 'TRANSMISSION_UNCERTAIN', serverAnswer: expect.stringContaining('<EingangsDatum>') });
  });

  it('refuses a live transmission unless live submissions are allowed', async () => {
    const sends = counters.sends();
    expect(await authority().transmit({ ...transmission(), test: false })).toMatchObject({ outcome: 'failed', code: 'LIVE_NOT_ALLOWED' });
    expect(counters.sends()).toBe(sends);
    vi.stubEnv('ALLOW_LIVE_SUBMISSIONS', 'true');
    delivered(await authority().transmit({ ...transmission(), test: false }));
  });

  it('validates with ERiC alone: findings, no certificate, nothing sent', async () => {
    const sends = counters.sends();
    const eric = authority({ ERIC_CERT_PIN: 'not-the-pin' });
    expect(await eric.validate(transmission())).toEqual([]);
    expect(await eric.validate(transmission('ERIC-DOUBLE:PLAUSI'))).toEqual([
      expect.objectContaining({ path: 'Kz83', code: 'ELSTER_RULE_9995', rule: 'TestdoubleRegelKz83' }),
      expect.objectContaining({ path: 'nutzdaten', code: 'ELSTER_RULE_9996' }),
    ]);
    expect(counters.sends()).toBe(sends);
  });

  it('answers a Datenart version ERiC does not know as an operator fault, and refuses to validate it', async () => {
    const unknown = { ...transmission(), datenart_version: 'UStVA_1999' };
    expect(await authority().transmit(unknown)).toMatchObject({ outcome: 'failed', code: 'ERIC_DATENART_VERSION_UNKNOWN' });
    await expect(authority().validate(unknown)).rejects.toThrow(/^ERiC 610001042 ERIC_GLOBAL_DATENARTVERSION_UNBEKANNT/);
  });

  it('serialises concurrent transmissions: ERiC never sees two calls at once', async () => {
    const eric = authority();
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => eric.transmit(transmission())));
    expect(counters.reentries()).toBe(0);
    const tickets = outcomes.map((outcome) => delivered(outcome).transferTicket);
    expect(new Set(tickets).size).toBe(tickets.length);
  });

  it('uses a double that would notice overlapping calls', async () => {
    const library = loadEric(home);
    const before = counters.reentries();
    // Two calls at once on purpose, inside one exclusive turn: the second meets the first.
    const codes = await library.exclusive((eric) =>
      eric.withBuffers(4, async ([a, b, c, d]) => {
        const call = (answer: bigint, serverAnswer: bigint) =>
          eric.bearbeiteVorgang({
            xml: '<Elster/>',
            datenartVersion: 'UStVA_2026',
            flags: ERIC_VALIDIERE | ERIC_SENDE | ERIC_DRUCKE,
            print: null,
            crypt: null,
            answer,
            serverAnswer,
          });
        return Promise.all([call(a!, b!), call(c!, d!)]);
      }),
    );
    expect(codes).toContain(610001231);
    expect(counters.reentries()).toBeGreaterThan(before);
  });

  describe("with a client's own certificate", () => {
    const client = (pin: string) => {
      const pkcs12 = randomBytes(3000);
      counters.registerCertificate(pkcs12, 'client-pin');
      return { certificate_id: 'crt_BBBBBBBBBBBBBBBBBBBBBB', subject: 'CN=Client', pkcs12, pin };
    };
    // Where a container goes on its way to an ERiC before 43: a directory of this test's own.
    let temporary: string;
    beforeEach(async () => {
      temporary = await mkdtemp(join(tmpdir(), 'steuerbote-tmp-'));
      vi.stubEnv('TMPDIR', temporary);
    });

    it(`signs with it${major >= 43 ? ', opened from memory' : ', through a file removed at once'}, and with no other`, async () => {
      const certificate = client('client-pin');
      const stageSends = counters.sends();
      delivered(await authority().transmit({ ...transmission(), certificate }));
      expect(counters.sendsWith(certificate.pkcs12)).toBe(1);
      expect(counters.sends()).toBe(stageSends + 1);
      expect(await readdir(temporary)).toEqual([]);
    });

    it('fails with CERTIFICATE_PIN_WRONG, sending nothing, when its PIN does not open it', async () => {
      const certificate = client('not-the-pin');
      const sends = counters.sends();
      const outcome = await authority().transmit({ ...transmission(), certificate });
      expect(outcome).toEqual({
        outcome: 'failed',
        code: 'CERTIFICATE_PIN_WRONG',
        message: expect.stringContaining(`The certificate ${certificate.certificate_id} cannot sign`),
      });
      expect(counters.sends()).toBe(sends);
      expect(await readdir(temporary)).toEqual([]);
    });
  });

  it('fails at the start, in one line, when ERIC_API_VERSION does not match the library', () => {
    const other = major === 40 ? 41 : 40;
    let error: unknown;
    try {
      authority({ ERIC_API_VERSION: String(other) });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(`ERIC_API_VERSION=${other} does not match libericapi.so in ERIC_HOME, which is ERiC ${major}.9.0.0`);
    expect(authority({ ERIC_API_VERSION: String(major) }).name).toBe('eric');
  });
});

describe('starting the eric adapter', () => {
  it('names the setting at fault', async () => {
    const certificate = await doubleCertificate();
    const home = ericDoubleHome(41);
    const start = (env: Record<string, string>) => () =>
      ericTaxAuthorityFromEnv({ ERIC_HOME: home, ERIC_CERT_PATH: certificate, ERIC_CERT_PIN: doublePin, ...env });
    expect(start({ ERIC_HOME: '/nonexistent/eric' })).toThrow(new ConfigError('ERIC_HOME has no libericapi.so: /nonexistent/eric'));
    expect(start({ ERIC_CERT_PATH: '/nonexistent/cert.pfx' })).toThrow(new ConfigError('ERIC_CERT_PATH names no readable file: /nonexistent/cert.pfx'));
    expect(start({ ERIC_CERT_PIN: '', ERIC_CERT_PIN_FILE: '/nonexistent/pin' })).toThrow(/^ERIC_CERT_PIN_FILE /);
  });

  it("runs without a stage certificate where none is granted: validates, signs only with a client's certificate", async () => {
    const home = ericDoubleHome(44);
    const counters = doubleCounters(home);
    const authority = ericTaxAuthorityFromEnv({ ERIC_HOME: home });
    expect(await authority.validate(transmission())).toEqual([]);
    expect(await authority.transmit(transmission())).toMatchObject({
      outcome: 'failed',
      code: 'ERIC_CONFIGURATION',
      message: expect.stringContaining('can validate, not sign'),
    });
    const pkcs12 = randomBytes(2000);
    counters.registerCertificate(pkcs12, 'own-pin');
    delivered(
      await authority.transmit({
        ...transmission(),
        certificate: { certificate_id: 'crt_CCCCCCCCCCCCCCCCCCCCCC', subject: 'CN=Client', pkcs12, pin: 'own-pin' },
      }),
    );
    expect(counters.sendsWith(pkcs12)).toBe(1);
  });

  it("validates for the validate functions without reading the stage's certificate, even where one is named", async () => {
    const home = ericDoubleHome(44);
    const start = (env: Record<string, string>) => () => ericValidatorFromEnv({ ERIC_HOME: home, ...env });
    expect(start({ ERIC_CERT_PATH: '/nonexistent/cert.pfx', ERIC_CERT_PIN: doublePin })).toThrow(
      new ConfigError('ERIC_CERT_PATH names no readable file: /nonexistent/cert.pfx'),
    );
    const validator = start({ ERIC_CERT_PATH: await doubleCertificate(), ERIC_CERT_PIN: doublePin })();
    expect(await validator.validate(transmission())).toEqual([]);
    expect(await validator.validate(transmission('ERIC-DOUBLE:PLAUSI'))).not.toEqual([]);
  });
});
