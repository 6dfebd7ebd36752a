import { describe, expect, it } from 'vitest';
import { checkEst } from '#shared/forms/est/check.ts';
import type { Checked } from '#shared/forms/check.ts';
import { checkUstva } from '#shared/forms/ustva/check.ts';
import { loadForm } from '#shared/forms/load.ts';
import { loadFiling, storeFiling } from '#shared/submission/stored-filing.ts';
import { MemoryFilingStore } from '#test/fakes.ts';
import { estReturnSample, ustvaSample } from '#test/support/samples.ts';
import { checkContext } from '#shared/wiring/check-context.ts';

const id = 'tk_AAAAAAAAAAAAAAAAAAAAAA';

function filingOf(checked: Checked) {
  if (!checked.filing) throw new Error(JSON.stringify(checked.findings));
  return checked.filing;
}

describe('a stored filing', () => {
  it.each([
    ['ustva', async () => filingOf(await checkUstva(ustvaSample(), checkContext()))],
    ['est', async () => filingOf(await checkEst(estReturnSample(), checkContext()))],
  ])('of %s reads back as the filing it was stored as', async (_, filingFor) => {
    const store = new MemoryFilingStore();
    const filing = await filingFor();
    await storeFiling(store, id, filing);
    expect(await loadFiling(store, id, await loadForm(filing.kind))).toEqual({ filing });
  });

  it('is missing once deleted', async () => {
    expect(await loadFiling(new MemoryFilingStore(), id, await loadForm('ustva'))).toEqual({ missing: true });
  });

  it("reads a UStVA's own XML stored with its period beside it, as earlier versions kept it", async () => {
    const store = new MemoryFilingStore();
    const xml = '<Anmeldungssteuern/>';
    await store.put(id, { test: true, year: 2026, tax_number: '9198011310010', period: '03', xml });
    expect(await loadFiling(store, id, await loadForm('ustva'))).toEqual({
      filing: { kind: 'ustva', body: { type: 'voranmeldung', test: true, year: 2026, tax_number: '9198011310010', xml } },
    });
  });

  it('that no longer fits its form names the fields, never their values', async () => {
    const store = new MemoryFilingStore();
    await store.put(id, { ...ustvaSample(), kennzahlen: { kz81: 'DE89370400440532013000' } });
    const loaded = await loadFiling(store, id, await loadForm('ustva'));
    expect(loaded).toEqual({ unreadable: expect.stringContaining('kennzahlen.kz81') });
    expect(JSON.stringify(loaded)).not.toContain('DE89370400440532013000');
  });

  it('is read with the form of its ticket', async () => {
    const store = new MemoryFilingStore();
    await storeFiling(store, id, filingOf(await checkUstva(ustvaSample(), checkContext())));
    expect(await loadFiling(store, id, await loadForm('est'))).toHaveProperty('unreadable');
  });
});
