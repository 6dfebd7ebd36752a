// Transmits to ELSTER through ERiC (libericapi.so): the <Elster> document around the Nutzdaten,
// ERiC's TransferHeader, then EricBearbeiteVorgang with ERIC_VALIDIERE | ERIC_SENDE | ERIC_DRUCKE,
// signed with the certificate. ERiC's return code decides the outcome (outcomes.ts).

import { accessSync, constants } from 'node:fs';
import { allowLiveSubmissions, ConfigError, ericConfig, serviceVersion, type EricSigning } from '#shared/config.ts';
import type { Finding } from '#shared/domain/ticket.ts';
import { describeError } from '#shared/logger.ts';
import { readServerAnswer, ruleFindings, serverFindings } from '#shared/eric/answers.ts';
import { credentialsLoader, type CredentialsRead, type EricCredentials } from '#shared/eric/credentials.ts';
import { clientSigning, stageSigning, type Signing } from '#shared/eric/signing.ts';
import { elsterDocument, transferHeaderFields } from '#shared/eric/elster-document.ts';
import { ERIC_DRUCKE, ERIC_SENDE, ERIC_VALIDIERE, loadEric, type EricCalls, type EricLibrary, type TransferHeaderFields } from '#shared/eric/library.ts';
import { describeCode } from '#shared/eric/outcomes.ts';
import { protocolTarget } from '#shared/eric/protocol.ts';
import type { Transmission, TransmissionData, TaxAuthority, TransmitOutcome } from '#shared/ports/tax-authority.ts';

export interface EricOptions {
  library: EricLibrary;
  credentials: () => Promise<EricCredentials>;
  herstellerId: string;
  datenLieferant: string;
  /** Written into the NutzdatenHeader as Hersteller/ProduktVersion. */
  productVersion: string;
  allowLive: () => boolean;
  now?: () => Date;
}

interface Processed {
  code: number;
  /** EricBearbeiteVorgang's return buffer. */
  answer: string;
  /** ELSTER's answer, as far as it came. */
  serverAnswer: string;
  pdf?: Uint8Array;
}

export class EricTaxAuthority implements TaxAuthority {
  readonly name = 'eric';
  readonly resendIsSafe = false;
  readonly #options: EricOptions;
  readonly #now: () => Date;

  constructor(options: EricOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
  }

  async transmit(transmission: Transmission): Promise<TransmitOutcome> {
    // Refused where the submission was accepted already; checked again here because only this
    // adapter can file a live return.
    if (!transmission.test && !this.#options.allowLive()) {
      return { outcome: 'failed', code: 'LIVE_NOT_ALLOWED', message: 'Live submissions are not allowed here (ALLOW_LIVE_SUBMISSIONS is not true)' };
    }
    const document = elsterDocument(transmission, this.#product());
    if (!document.ok) return { outcome: 'rejected', code: 'NUTZDATEN_INVALID', message: 'The data cannot be sent as it is', findings: [document.finding] };
    const signing = await this.#signing(transmission);
    if ('outcome' in signing) return signing;

    return this.#options.library.exclusive(async (eric) => {
      const prepared = await withTransferHeader(eric, document.xml, this.#transferHeader(transmission));
      if (prepared.code !== 0) return notSent(eric, prepared.code);
      const protocol = await protocolTarget(eric.family);
      try {
        const certificate = await signing.open(eric);
        if (certificate.code !== 0) return signing.named(notSent(eric, certificate.code));
        try {
          const processed = await eric.withBuffers(2, async ([answer, serverAnswer]) => {
            const code = await eric.bearbeiteVorgang({
              xml: prepared.xml,
              datenartVersion: transmission.datenart_version,
              flags: ERIC_VALIDIERE | ERIC_SENDE | ERIC_DRUCKE,
              print: protocol.parameters,
              crypt: eric.family.cryptParameters(certificate.handle, signing.pin),
              answer: answer!,
              serverAnswer: serverAnswer!,
            });
            return { code, answer: eric.read(answer!), serverAnswer: eric.read(serverAnswer!) };
          });
          return signing.named(this.#outcome(eric, transmission, { ...processed, pdf: await protocol.take() }));
        } finally {
          eric.closeCertificate(certificate.handle);
        }
      } finally {
        await protocol.dispose();
      }
    });
  }

  /** The ticket's own certificate, or the stage's, read on first use. */
  async #signing(transmission: Transmission): Promise<Signing | TransmitOutcome> {
    if (transmission.certificate) return clientSigning(transmission.certificate);
    try {
      return stageSigning(await this.#options.credentials());
    } catch (error) {
      if (error instanceof ConfigError) return { outcome: 'failed', code: 'ERIC_CONFIGURATION', message: error.message };
      return {
        outcome: 'retry',
        code: 'ERIC_CREDENTIALS_UNAVAILABLE',
        message: `The certificate or its PIN could not be read: ${describeError(error).message}`,
      };
    }
  }

  /** ERIC_VALIDIERE alone: ERiC's own rules, no certificate, nothing sent. */
  async validate(transmission: TransmissionData): Promise<Finding[]> {
    const document = elsterDocument(transmission, this.#product());
    if (!document.ok) return [document.finding];
    return this.#options.library.exclusive(async (eric) => {
      const prepared = await withTransferHeader(eric, document.xml, this.#transferHeader(transmission));
      if (prepared.code !== 0) throw new Error(label(eric, prepared.code));
      const processed = await eric.withBuffers(2, async ([answer, serverAnswer]) => {
        const code = await eric.bearbeiteVorgang({
          xml: prepared.xml,
          datenartVersion: transmission.datenart_version,
          flags: ERIC_VALIDIERE,
          print: null,
          crypt: null,
          answer: answer!,
          serverAnswer: serverAnswer!,
        });
        return { code, answer: eric.read(answer!), serverAnswer: '' };
      });
      if (processed.code === 0) return [];
      const findings = dataFindings(eric, processed);
      if (!findings) throw new Error(label(eric, processed.code));
      return findings;
    });
  }

  #product() {
    return { name: 'steuerbote', version: this.#options.productVersion };
  }

  #transferHeader(transmission: Pick<Transmission, 'kind' | 'test'>) {
    return transferHeaderFields(transmission, this.#options);
  }

  #outcome(eric: EricCalls, transmission: Transmission, processed: Processed): TransmitOutcome {
    const { code, serverAnswer } = processed;
    const kept = serverAnswer ? { serverAnswer } : {};
    if (code === 0) {
      const server = readServerAnswer(serverAnswer);
      if (!server.transferTicket || (server.code !== undefined && server.code !== '0')) {
        return {
          outcome: 'failed',
          code: 'TRANSMISSION_UNCERTAIN',
          message: `ERiC reported success, but ELSTER's answer carries no transfer ticket${server.text ? ` (${server.text})` : ''}; reconcile with ELSTER before sending again`,
          ...kept,
        };
      }
      if (!processed.pdf?.length) {
        return {
          outcome: 'failed',
          code: 'PROTOCOL_MISSING',
          message: `ELSTER received the data (transfer ticket ${server.transferTicket}), but ERiC produced no protocol; do not send it again`,
          ...kept,
        };
      }
      return {
        outcome: 'delivered',
        transferTicket: server.transferTicket,
        receivedAt: server.receivedAt ?? this.#now().toISOString(),
        protocol: { fileName: `Uebertragungsprotokoll_${transmission.kind}_${transmission.ticket}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_'), pdf: processed.pdf },
        // Kept beside the protocol, as every transmission's answer is (shared/transmission/records.ts).
        serverAnswer,
      };
    }

    const known = describeCode(code);
    const findings = dataFindings(eric, processed);
    if (findings) return { outcome: 'rejected', code: String(code), message: eric.errorText(code), findings };
    switch (known.class) {
      case 'configuration':
        return { outcome: 'failed', code: known.operatorCode ?? 'ERIC_ERROR', message: label(eric, code) };
      case 'not-sent':
        return { outcome: 'retry', code: known.name, message: label(eric, code) };
      default:
        return {
          outcome: 'failed',
          code: 'TRANSMISSION_UNCERTAIN',
          message: `${label(eric, code)}; the data may have reached ELSTER, reconcile before sending again`,
          ...kept,
        };
    }
  }
}

const withTransferHeader = (eric: EricCalls, xml: string, fields: TransferHeaderFields) =>
  eric.withBuffers(1, async ([out]) => {
    const code = await eric.createTransferHeader(xml, fields, out!);
    return { code, xml: code === 0 ? eric.read(out!) : '' };
  });

const label = (eric: EricCalls, code: number) => `ERiC ${code} ${describeCode(code).name}: ${eric.errorText(code)}`;

/** The findings when ERiC or ELSTER refused the data itself; undefined for every other fault. */
function dataFindings(eric: EricCalls, processed: Pick<Processed, 'code' | 'answer' | 'serverAnswer'>): Finding[] | undefined {
  const known = describeCode(processed.code);
  const text = () => eric.errorText(processed.code);
  switch (known.class) {
    case 'plausibility': {
      const findings = ruleFindings(processed.answer);
      return findings?.length ? findings : [{ path: 'nutzdaten', code: 'ELSTER_RULE', message: text() }];
    }
    case 'data':
      return [{ path: 'xml', code: known.name, message: text() }];
    case 'refused': {
      const messages = eric.errorMessages(processed.serverAnswer);
      const findings = serverFindings(messages, messages.nutzdatenErrors);
      return findings.length ? findings : [{ path: 'transfer_header', code: 'ELSTER_REFUSED', message: text() }];
    }
    default:
      return undefined;
  }
}

/** A fault before EricBearbeiteVorgang: nothing has left this machine. */
function notSent(eric: EricCalls, code: number): TransmitOutcome {
  const known = describeCode(code);
  const findings = dataFindings(eric, { code, answer: '', serverAnswer: '' });
  if (findings) return { outcome: 'rejected', code: String(code), message: eric.errorText(code), findings };
  if (known.class === 'not-sent') return { outcome: 'retry', code: known.name, message: label(eric, code) };
  return { outcome: 'failed', code: known.operatorCode ?? 'ERIC_ERROR', message: label(eric, code) };
}

/** A function granted no stage certificate (validate) still runs ERiC's checks; signing fails for the operator, nothing sent. */
const withoutStageCertificate = () =>
  Promise.reject(new ConfigError('No stage certificate here (ERIC_CERT_PATH or ERIC_CERT_SECRET_ARN with its PIN): this function can validate, not sign'));

function readable(path: string): boolean {
  try {
    accessSync(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The adapter as configured (ERIC_*, ELSTER_*): loads and starts ERiC now, so a wrong library,
 * version or certificate path stops the start with one line naming the setting. `onCredentialsRead`
 * is told of the stage's certificate when it is first read.
 */
export const ericTaxAuthorityFromEnv = (env: Record<string, string | undefined> = process.env, onCredentialsRead?: CredentialsRead): EricTaxAuthority =>
  ericFromEnv(env, (signing) => credentialsLoader(signing, undefined, onCredentialsRead));

/**
 * The adapter for ERiC's checks alone (validate), which never signs: it reads no certificate and
 * no secret, so a function that only validates carries no Secrets Manager client.
 */
export const ericValidatorFromEnv = (env: Record<string, string | undefined> = process.env): Pick<TaxAuthority, 'validate'> =>
  ericFromEnv(env, () => withoutStageCertificate);

function ericFromEnv(env: Record<string, string | undefined>, credentials: (signing: EricSigning) => () => Promise<EricCredentials>): EricTaxAuthority {
  return new EricTaxAuthority({ ...ericBasicsFromEnv(env, credentials), allowLive: allowLiveSubmissions });
}

/**
 * What every ERiC adapter is built from (ERIC_*, ELSTER_*): ERiC loaded and started now, so a wrong
 * library, version or certificate path stops the start with one line naming the setting.
 */
export function ericBasicsFromEnv(
  env: Record<string, string | undefined>,
  credentials: (signing: EricSigning) => () => Promise<EricCredentials>,
): Omit<EricOptions, 'allowLive' | 'now'> {
  const config = ericConfig(env);
  const { signing } = config;
  if (signing && 'path' in signing.certificate && !readable(signing.certificate.path)) {
    throw new ConfigError(`ERIC_CERT_PATH names no readable file: ${signing.certificate.path}`);
  }
  if (signing && 'file' in signing.pin && !readable(signing.pin.file)) throw new ConfigError(`ERIC_CERT_PIN_FILE names no readable file: ${signing.pin.file}`);
  const library = loadEric(config.home);
  if (config.apiVersion !== undefined && config.apiVersion !== library.major) {
    throw new ConfigError(`ERIC_API_VERSION=${config.apiVersion} does not match libericapi.so in ERIC_HOME, which is ERiC ${library.version}`);
  }
  return {
    library,
    credentials: signing ? credentials(signing) : withoutStageCertificate,
    herstellerId: config.herstellerId,
    datenLieferant: config.datenLieferant,
    productVersion: serviceVersion(),
  };
}
