// The tax authority's own record of what reached it: every transmission the sandbox completes is
// appended to the file FAULTS_LEDGER names, with the transfer ticket it minted and the process that
// sent it. "Transmitted twice" is counted from this ledger, not from the ticket table: the table
// holds one transfer ticket per ticket by construction, so a second transmission whose conditional
// write lost, or whose PDF overwrote the first one's under the same key, would leave no trace there.
// Loaded in-process by the scenarios and with `--import` into the `npm start` children; the line is
// written synchronously before the service sees the answer, so nothing the service acts on is missing.

import { appendFileSync, readFileSync } from 'node:fs';
import type { Transmission, TransmitOutcome } from '#shared/ports/tax-authority.ts';
import { SandboxTaxAuthority } from '#shared/sandbox/sandbox-tax-authority.ts';

export interface LedgerEntry {
  ticket: string;
  outcome: TransmitOutcome['outcome'];
  transfer_ticket?: string;
  /** The sending process: a resend after a crash comes from another one. */
  pid: number;
}

const transmit = SandboxTaxAuthority.prototype.transmit;
SandboxTaxAuthority.prototype.transmit = async function (this: SandboxTaxAuthority, transmission: Transmission): Promise<TransmitOutcome> {
  const outcome = await transmit.call(this, transmission);
  const file = process.env.FAULTS_LEDGER;
  if (file) {
    const entry: LedgerEntry = {
      ticket: transmission.ticket,
      outcome: outcome.outcome,
      ...(outcome.outcome === 'delivered' ? { transfer_ticket: outcome.transferTicket } : {}),
      pid: process.pid,
    };
    appendFileSync(file, `${JSON.stringify(entry)}\n`);
  }
  return outcome;
};

/** The deliveries the authority made, by ticket, in the order it made them. */
export function deliveriesByTicket(file: string): Map<string, LedgerEntry[]> {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // No transmission completed yet.
  }
  const byTicket = new Map<string, LedgerEntry[]>();
  // A process killed mid-write leaves at most a torn last line, which no service saw the answer of.
  for (const line of text.split('\n')) {
    let entry: LedgerEntry;
    try {
      entry = JSON.parse(line) as LedgerEntry;
    } catch {
      continue;
    }
    if (entry.outcome !== 'delivered') continue;
    byTicket.set(entry.ticket, [...(byTicket.get(entry.ticket) ?? []), entry]);
  }
  return byTicket;
}

export const ledgerPath = import.meta.filename;
