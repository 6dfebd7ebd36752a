// Stands in for ELSTER: answers like ERiC would (plausibility rejection, connect failure, or a
// transfer ticket with a PDF protocol) without anything leaving the machine.

import { randomInt } from 'node:crypto';
import { decimal, herstellerId, wholeNumber } from '#shared/config.ts';
import type { Finding } from '#shared/domain/ticket.ts';
import { isSupportedYear, supportedYears } from '#shared/domain/years.ts';
import type { Submission, TaxAuthority, TransmitOutcome } from '#shared/ports.ts';
import { renderProtocolPdf } from '#shared/sandbox/protocol-pdf.ts';

export interface SandboxOptions {
  /** Waited before every answer, to make the asynchronous flow visible locally. */
  latencyMs: number;
  /** Share of transmissions (0–1) that fail as if the connection could not be opened. */
  transientFailureRate: number;
  herstellerId: string;
  now?: () => Date;
  /** Uniform in [0, 1); injectable so tests can force or rule out the transient failure. */
  random?: () => number;
}

/** ERiC's return code for data that fails its plausibility checks (ERIC_GLOBAL_PRUEF_FEHLER). */
export const plausibilityErrorCode = '610001002';

// Shaped like ELSTER's transfer tickets: 32 characters of lowercase letters and digits, each
// drawn uniformly from crypto randomness (about 165 bits), so collisions need not be checked.
export const transferTicketPattern = /^[a-z0-9]{32}$/;
const transferTicketAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
const newTransferTicket = () =>
  Array.from({ length: 32 }, () => transferTicketAlphabet[randomInt(transferTicketAlphabet.length)]).join('');

export class SandboxTaxAuthority implements TaxAuthority {
  readonly name = 'sandbox';
  readonly resendIsSafe = true;
  readonly #options: SandboxOptions;
  readonly #now: () => Date;
  readonly #random: () => number;

  constructor(options: SandboxOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    this.#random = options.random ?? Math.random;
  }

  async transmit(submission: Submission): Promise<TransmitOutcome> {
    if (this.#options.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.#options.latencyMs));

    // ERiC checks plausibility locally before it connects, so a rejection never depends on the network.
    const findings = plausibilityFindings(submission);
    if (findings.length > 0) {
      return {
        outcome: 'rejected',
        code: plausibilityErrorCode,
        message: 'Die Daten sind nicht plausibel / The data failed the plausibility checks',
        findings,
      };
    }
    if (this.#random() < this.#options.transientFailureRate) {
      return {
        outcome: 'retry',
        code: 'SANDBOX_TRANSIENT',
        message: 'Verbindung zur Finanzverwaltung nicht möglich (simuliert) / Could not connect to the tax authority (simulated)',
      };
    }

    const transferTicket = newTransferTicket();
    const receivedAt = this.#now().toISOString();
    const pdf = await renderProtocolPdf({
      ticket: submission.ticket,
      transferTicket,
      kind: submission.kind,
      test: submission.test,
      year: submission.year,
      ...(submission.period === undefined ? {} : { period: submission.period }),
      taxNumber: submission.tax_number ?? `– (Erstantrag, Finanzamt ${submission.tax_office})`,
      datenartVersion: submission.datenart_version,
      herstellerId: this.#options.herstellerId,
      receivedAt,
      body: submission.body,
    });
    const fileName = `Uebertragungsprotokoll_${submission.kind}_${submission.ticket}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');
    return { outcome: 'delivered', transferTicket, receivedAt, protocol: { fileName, pdf } };
  }
}

// Only the checks every form shares; the tax rules proper live in their own module.
function plausibilityFindings(submission: Submission): Finding[] {
  const findings: Finding[] = [];
  if (submission.tax_number === undefined ? !/^\d{4}$/.test(submission.tax_office ?? '') : !/^\d{13}$/.test(submission.tax_number)) {
    findings.push({
      path: 'tax_number',
      code: 'TAX_NUMBER_FORMAT',
      message: 'Die Steuernummer muss 13 Ziffern (ELSTER-Format) haben / The tax number must have 13 digits (ELSTER format)',
    });
  }
  if (!isSupportedYear(submission.year)) {
    findings.push({
      path: 'year',
      code: 'YEAR_NOT_SUPPORTED',
      message: `Das Jahr ${submission.year} wird nicht unterstützt (${supportedYears.join(', ')}) / The year ${submission.year} is not supported (${supportedYears.join(', ')})`,
    });
  }
  if (submission.kind === 'ustva' && !/^(0[1-9]|1[0-2]|4[1-4])$/.test(submission.period ?? '')) {
    findings.push({
      path: 'period',
      code: 'PERIOD_INVALID',
      message: 'Der Zeitraum muss 01–12 (Monat) oder 41–44 (Quartal) sein / The period must be 01–12 (month) or 41–44 (quarter)',
    });
  }
  return findings;
}

export function sandboxTaxAuthorityFromEnv(): SandboxTaxAuthority {
  return new SandboxTaxAuthority({
    latencyMs: wholeNumber('SANDBOX_LATENCY_MS', 0, { min: 0, max: 60_000 }),
    transientFailureRate: decimal('SANDBOX_TRANSIENT_FAILURE_RATE', 0, { min: 0, max: 1 }),
    herstellerId: herstellerId(),
  });
}
