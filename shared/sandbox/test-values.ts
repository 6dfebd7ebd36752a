// Tax numbers that make the sandbox answer with one outcome each, so a caller can try its handling
// of every outcome before going live, as a payment provider's test cards do (docs/guides/filing.md, "Sandbox test
// values"). Each is a valid tax number of the test tax office 9198 (Bayern, shared/tax/bufa.ts): the
// API takes it only with `test: true`, whatever the form, and ELSTER would take it only with the
// Testmerker. ERiC gives them no meaning; the sandbox heeds them only on a test submission.

import type { SandboxRecordBehaviour } from '#shared/ports/sandbox-mailbox-store.ts';

export type SandboxTestOutcome = 'rejected' | 'failed' | 'uncertain' | 'slow' | 'transient';

/** By 13-digit ELSTER tax number; in Bayern's notation 198/800/00015 and so on. */
export const sandboxTestValues: Readonly<Record<string, SandboxTestOutcome>> = {
  '9198080000015': 'rejected',
  '9198080000023': 'failed',
  '9198080000031': 'uncertain',
  '9198080000058': 'slow',
  '9198080000066': 'transient',
};

/** How long the sandbox takes to answer for the `slow` tax number: long enough to watch `processing`. */
export const slowAnswerMs = 10_000;

export const sandboxTestOutcome = (submission: { test: boolean; tax_number?: string }): SandboxTestOutcome | undefined =>
  submission.test && submission.tax_number !== undefined ? sandboxTestValues[submission.tax_number] : undefined;

/**
 * Tax numbers whose filing's record in the sandbox's mailbox answers one way each (a filing with
 * `bescheiddaten: true`, docs/notices.md): its confirmation "not found" every time, or "try again"
 * the first time; deleted at once (`verfuegbarbis` its first day); downloaded slowly; its first
 * download broken off; its first confirmation held before ELSTER takes it; its confirmation taken
 * and answered late; or an `EPMitteilung` without a data package, its PDF its only object. The slow
 * and held ones give a crash test a moment to kill a check in.
 */
export const sandboxMailboxTestValues: Readonly<Record<string, SandboxRecordBehaviour>> = {
  '9198080000074': 'confirm_not_found',
  '9198080000082': 'confirm_retry',
  '9198080000090': 'expired',
  '9198080000104': 'slow_download',
  '9198080000112': 'failing_download',
  '9198080000120': 'held_confirm',
  '9198080000139': 'slow_confirm',
  '9198080000147': 'without_data',
};

export const sandboxMailboxBehaviour = (filing: { test: boolean; tax_number?: string }): SandboxRecordBehaviour | undefined =>
  filing.test && filing.tax_number !== undefined ? sandboxMailboxTestValues[filing.tax_number] : undefined;
