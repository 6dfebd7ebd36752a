// The sandbox mailbox's answers to confirmations, by test tax number: "try again" once, "not found"
// always, and the two that hold a check where a crash test kills it: before any record of the call is
// taken, and after every one is, before the answer. And the download that holds it in its middle.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmWaitMs, SandboxMailbox, slowDownloadMs } from '#shared/sandbox/sandbox-mailbox.ts';
import type { ConfirmResult } from '#shared/ports/tax-mailbox.ts';
import { MemorySandboxStore, noticeFiling } from '#test/support/memory-sandbox-mailbox.ts';

const address = { test: true };

/** A mailbox holding one record for each tax number, and the records' IDs in that order. */
async function mailbox(...taxNumbers: string[]) {
  const store = new MemorySandboxStore();
  const sandbox = new SandboxMailbox({ store, delayMs: 0, divaConsent: false, pageSize: 10 });
  for (const [index, taxNumber] of taxNumbers.entries())
    await sandbox.deposit(noticeFiling(taxNumber), `transfer${index}`.padEnd(32, '0'), new Date(Date.now() - 1000).toISOString());
  const byTaxNumber = new Map([...store.byId.values()].map((record) => [record.metas.steuernummer, record.record_id]));
  return { store, sandbox, ids: taxNumbers.map((taxNumber) => byTaxNumber.get(taxNumber)!) };
}

const outcomes = (results: ConfirmResult[]) => results.map(({ outcome }) => outcome);

/** Starts a confirmation call and moves the fake clock to a moment before its wait ends; the answer, if any came. */
async function confirmingUntilJustBefore(sandbox: SandboxMailbox, ids: string[]) {
  let results: ConfirmResult[] | undefined;
  const call = sandbox.confirm(address, ids).then((answer) => (results = answer));
  await vi.advanceTimersByTimeAsync(confirmWaitMs - 1);
  return {
    answered: results,
    /** Moves the clock past the wait; the outcomes. */
    async rest() {
      await vi.advanceTimersByTimeAsync(1);
      return outcomes(await call);
    },
  };
}

describe('the sandbox mailbox confirming', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers "try again" to a retry record once, and "not found" to a record that is never found', async () => {
    const { store, sandbox, ids } = await mailbox('9198080000082', '9198080000074');
    expect(outcomes(await sandbox.confirm(address, ids))).toEqual(['retry', 'not_found']);
    expect(outcomes(await sandbox.confirm(address, ids))).toEqual(['confirmed', 'not_found']);
    expect([...store.byId.values()].map(({ confirmations }) => confirmations).sort()).toEqual([0, 1]);
  });

  it('holds the first call naming a held record before it takes any record of it', async () => {
    vi.useFakeTimers();
    const { store, sandbox, ids } = await mailbox('9198011310010', '9198080000120');
    const call = await confirmingUntilJustBefore(sandbox, ids);
    expect(call.answered).toBeUndefined();
    expect([...store.byId.values()].map(({ confirm_attempts, confirmations }) => [confirm_attempts, confirmations])).toEqual([
      [1, 0],
      [1, 0],
    ]);
    expect(await call.rest()).toEqual(['confirmed', 'confirmed']);
  });

  it('takes every record of a call naming a slow record at once, and answers late, only while it confirms it', async () => {
    vi.useFakeTimers();
    const { store, sandbox, ids } = await mailbox('9198011310010', '9198080000139');
    const call = await confirmingUntilJustBefore(sandbox, ids);
    expect(call.answered).toBeUndefined();
    expect([...store.byId.values()].map(({ confirmations }) => confirmations)).toEqual([1, 1]);
    expect(await call.rest()).toEqual(['confirmed', 'confirmed']);
    // Confirmed already: the repeated confirmation answers at once.
    expect(outcomes(await sandbox.confirm(address, ids))).toEqual(['not_found', 'not_found']);
  });
});

describe('the sandbox mailbox downloading', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Starts reading the record's data package; whether it had ended when the fake clock was moved on by `ms`. */
  async function endedWithin(sandbox: SandboxMailbox, id: string, ms: number) {
    let ended = false;
    const reading = (async () => {
      for await (const block of await sandbox.download(address, { ref: `${id}.data`, announced_size: 1_000 })) expect(block.length).toBeGreaterThan(0);
      ended = true;
    })();
    await vi.advanceTimersByTimeAsync(ms);
    const endedThen = ended;
    await vi.runAllTimersAsync();
    await reading;
    return endedThen;
  }

  it('pauses the first download of a slow record before its last block, and no download after it', async () => {
    vi.useFakeTimers();
    const { sandbox, ids } = await mailbox('9198080000104');
    expect(await endedWithin(sandbox, ids[0]!, slowDownloadMs - 1)).toBe(false);
    expect(await endedWithin(sandbox, ids[0]!, 0)).toBe(true);
  });
});
