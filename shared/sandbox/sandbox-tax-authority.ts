// Stands in for ELSTER: answers like ERiC would (plausibility rejection, connect failure, or a
// transfer ticket with a PDF protocol) without anything leaving the machine.

import { randomInt } from 'node:crypto';
import { decimal, herstellerId, wholeNumber } from '#shared/config.ts';
import type { Finding } from '#shared/domain/ticket.ts';
import { formFacts, formYears, isFormYear } from '#shared/forms/registry.ts';
import type { Recheck } from '#shared/forms/form.ts';
import { loadForm } from '#shared/forms/load.ts';
import type { Transmission, TransmissionData, TaxAuthority, TransmitOutcome } from '#shared/ports/tax-authority.ts';
import type { ProtocolInput } from '#shared/sandbox/protocol-pdf.ts';
import { taxNumberProblem, taxOfficeProblem } from '#shared/tax/tax-number.ts';
import { vatIdProblem } from '#shared/tax/vat-id.ts';
import { taxOfficeOf } from '#shared/tax/test-cases.ts';
import { sandboxTestOutcome, slowAnswerMs } from '#shared/sandbox/test-values.ts';
import { settingNames } from '#shared/setting-names.ts';
import { openPkcs12 } from '#shared/certificates/pkcs12.ts';
import type { SandboxMailbox } from '#shared/sandbox/sandbox-mailbox.ts';

export interface SandboxOptions {
  /** Waited before every answer, to make the asynchronous flow visible locally. */
  latencyMs: number;
  /** Share of transmissions (0–1) that fail as if the connection could not be opened. */
  transientFailureRate: number;
  herstellerId: string;
  now?: () => Date;
  /** Uniform in [0, 1); injectable so tests can force or rule out the transient failure. */
  random?: () => number;
  /** Where a delivered filing that asked for Bescheiddaten leaves its record (shared/sandbox/sandbox-mailbox.ts). */
  mailbox?: () => SandboxMailbox;
}

/** ERiC's return code for data that fails its plausibility checks (ERIC_GLOBAL_PRUEF_FEHLER). */
export const plausibilityErrorCode = '610001002';

// Shaped like ELSTER's transfer tickets: 32 characters of lowercase letters and digits, each
// drawn uniformly from crypto randomness (about 165 bits), so collisions need not be checked.
export const transferTicketPattern = /^[a-z0-9]{32}$/;
const transferTicketAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
const newTransferTicket = () => Array.from({ length: 32 }, () => transferTicketAlphabet[randomInt(transferTicketAlphabet.length)]).join('');

/** Tickets whose opened certificate the sandbox remembers: more than are ever in flight at once. */
const rememberedTickets = 10_000;

export class SandboxTaxAuthority implements TaxAuthority {
  readonly name = 'sandbox';
  readonly resendIsSafe = true;
  readonly #options: SandboxOptions;
  readonly #now: () => Date;
  readonly #random: () => number;
  /** Tickets whose certificate opened here, oldest first: a retry of one does not open it again. */
  readonly #opened = new Set<string>();

  constructor(options: SandboxOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    this.#random = options.random ?? Math.random;
  }

  async transmit(transmission: Transmission): Promise<TransmitOutcome> {
    const testOutcome = sandboxTestOutcome(transmission);
    const latencyMs = testOutcome === 'slow' ? slowAnswerMs : this.#options.latencyMs;
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));

    // ERiC opens the certificate before anything else, so a wrong PIN fails here as it would live.
    if (transmission.certificate && !this.#opened.has(transmission.ticket)) {
      const opened = await openPkcs12(transmission.certificate.pkcs12, transmission.certificate.pin, this.#now());
      if (!opened.ok)
        return { outcome: 'failed', code: opened.code, message: `The certificate ${transmission.certificate.certificate_id} cannot sign: ${opened.message}` };
      this.#opened.add(transmission.ticket);
      if (this.#opened.size > rememberedTickets) this.#opened.delete(this.#opened.values().next().value!);
    }

    // ERiC checks plausibility locally before it connects, so a rejection never depends on the network.
    const { findings, figures, title, section, taxpayer } = await recheck(transmission);
    if (testOutcome === 'rejected') findings.push(testRejection);
    if (findings.length > 0) {
      return {
        outcome: 'rejected',
        code: plausibilityErrorCode,
        message: 'Die Daten sind nicht plausibel / The data failed the plausibility checks',
        findings,
      };
    }
    if (testOutcome === 'failed') return testFailure;
    if (testOutcome === 'uncertain') return testUncertainty;
    if ((testOutcome === 'transient' && transmission.attempt === 1) || this.#random() < this.#options.transientFailureRate) {
      return {
        outcome: 'retry',
        code: 'SANDBOX_TRANSIENT',
        message: 'Verbindung zur Finanzverwaltung nicht möglich (simuliert) / Could not connect to the tax authority (simulated)',
      };
    }

    const transferTicket = newTransferTicket();
    const receivedAt = this.#now().toISOString();
    // Imported when a protocol is first written: pdf-lib and its font engine are most of transmit's
    // bundle, which a stage that transmits through ERiC never writes, so they do not load as it starts.
    const { renderProtocolPdf } = await import('#shared/sandbox/protocol-pdf.ts');
    const pdf = await renderProtocolPdf({
      ticket: transmission.ticket,
      transferTicket,
      title,
      section,
      test: transmission.test,
      ...(taxpayer !== undefined && { taxpayer }),
      ...(transmission.client_reference !== undefined && { clientReference: transmission.client_reference }),
      ...(transmission.certificate && { certificateSubject: transmission.certificate.subject }),
      ...filerOf(transmission),
      datenartVersion: transmission.datenart_version,
      herstellerId: this.#options.herstellerId,
      receivedAt,
      figures,
    });
    if (transmission.bescheiddaten && this.#options.mailbox) await this.#options.mailbox().deposit(transmission, transferTicket, receivedAt);
    const fileName = `Uebertragungsprotokoll_${transmission.kind}_${transmission.ticket}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');
    return { outcome: 'delivered', transferTicket, receivedAt, protocol: { fileName, pdf } };
  }

  async validate(transmission: TransmissionData): Promise<Finding[]> {
    return (await recheck(transmission)).findings;
  }
}

/**
 * Reads the Nutzdaten back as ERiC would and runs the tax rules on what they say, so data that
 * slipped past the API (or was changed after it) is caught here, named by its ELSTER field.
 */
async function recheck(transmission: TransmissionData): Promise<Recheck> {
  const form = await loadForm(transmission.kind);
  const checked = await form.recheck(transmission.nutzdaten, transmission.year, transmission.period);
  return { ...checked, findings: [...identityFindings(transmission), ...checked.findings.map(asEricFinding)] };
}

/** Who filed, as the protocol names them: by the field the form's facts name. */
function filerOf(transmission: TransmissionData): Pick<ProtocolInput, 'vatId' | 'taxNumber' | 'taxOffice'> {
  if (formFacts[transmission.kind].filer === 'vat_id') return { vatId: transmission.vat_id ?? '–', taxOffice: '' };
  return {
    taxNumber: transmission.tax_number,
    taxOffice: transmission.tax_number === undefined ? (transmission.tax_office ?? '') : taxOfficeOf(transmission.tax_number),
  };
}

// What the sandbox test values answer (shared/sandbox/test-values.ts), shaped as ERiC's answers are.
const testRejection: Finding = asEricFinding({
  path: 'Steuernummer',
  code: 'TEST_VALUE_REJECTED',
  message: 'Die Sandbox lehnt diese Test-Steuernummer ab / The sandbox rejects this test tax number',
});
const testFailure: TransmitOutcome = {
  outcome: 'failed',
  code: 'ERIC_HERSTELLER_ID_NOT_ALLOWED',
  message: 'ERiC 610001016 ERIC_GLOBAL_HERSTELLER_ID_NICHT_ERLAUBT (simuliert / simulated for a sandbox test value)',
};
const testUncertainty: TransmitOutcome = {
  outcome: 'failed',
  code: 'TRANSMISSION_UNCERTAIN',
  message:
    'The connection broke after the data was sent (simulated for a sandbox test value); the data may have reached ELSTER, reconcile before sending again',
};

function identityFindings(transmission: TransmissionData): Finding[] {
  const findings: Finding[] = [];
  if (formFacts[transmission.kind].filer === 'vat_id') {
    const problem = vatIdProblem(transmission.vat_id ?? '');
    if (problem) findings.push(asEricFinding({ path: 'USt-IdNr', ...problem }));
  } else {
    const problem = transmission.tax_number === undefined ? taxOfficeProblem(transmission.tax_office ?? '') : taxNumberProblem(transmission.tax_number);
    if (problem) findings.push(asEricFinding({ path: 'Steuernummer', ...problem }));
  }
  if (!isFormYear(transmission.kind, transmission.year)) {
    findings.push(
      asEricFinding({
        path: 'Jahr',
        code: 'YEAR_NOT_SUPPORTED',
        message: `Das Jahr ${transmission.year} wird nicht unterstützt (${formYears[transmission.kind].join(', ')}) / The year ${transmission.year} is not supported`,
      }),
    );
  }
  return findings;
}

/**
 * Shaped like ERiC's `FehlerRegelpruefung`: the ELSTER field (`xml.Jahr` is `Jahr`, `xml` the whole
 * Nutzdaten), the rule's name (ERiC's own where the finding is one of its rules), its text.
 */
function asEricFinding(finding: Finding): Finding {
  return { ...finding, path: finding.path.replace(/^xml\.?/, '') || 'Nutzdaten', rule: finding.rule ?? `sandbox.${finding.code}` };
}

export function sandboxTaxAuthorityFromEnv(mailbox?: () => SandboxMailbox): SandboxTaxAuthority {
  return new SandboxTaxAuthority({
    ...(mailbox && { mailbox }),
    latencyMs: wholeNumber(settingNames.sandboxLatencyMs, 0, { min: 0, max: 60_000 }),
    transientFailureRate: decimal(settingNames.sandboxTransientFailureRate, 0, { min: 0, max: 1 }),
    herstellerId: herstellerId(),
  });
}
