// ELSTER's own LStA samples (lsta_{2022..2025}_ok.xml, read from ELSTER's folder, test/support/elster.ts,
// never copied) pass the check as a caller's XML, read back into a body with every
// element carried, and that body writes the same elements and values again.
import { describe, expect, it } from 'vitest';
import { isError } from '#shared/domain/ticket.ts';
import { checkLsta } from '#shared/forms/lsta/check.ts';
import { formModule as lstaModule } from '#shared/forms/lsta/module.ts';
import { lstaBodyOf, lstaElementOf, readLstaBack, readLstaNutzdaten } from '#shared/forms/lsta/xml-reader.ts';
import { elsterMissing, needsElster } from '#test/support/elster.ts';
import { elementValues, sampleNutzdaten } from '#test/support/elster-samples.ts';
import { checkContext } from '#shared/wiring/check-context.ts';

const missing = elsterMissing('samples');

describe.skipIf(missing)("ELSTER's LStA samples", needsElster, () => {
  it.each([2022, 2023, 2024, 2025])('%i: accepted as xml, read back, and written again element for element', async (year) => {
    const xml = sampleNutzdaten(`lsta_${year}_ok.xml`, 'Anmeldungssteuern');
    const asXml = await checkLsta({ year, tax_number: '9198011310134', xml }, checkContext());
    expect(asXml.findings.filter(isError)).toEqual([]);

    const read = await readLstaNutzdaten(xml, year);
    if (!read.ok) throw new Error(JSON.stringify(read.findings));
    const checked = await checkLsta(lstaBodyOf(read.figures), checkContext());
    expect(checked.findings.filter(isError)).toEqual([]);
    if (checked.filing?.kind !== 'lsta') throw new Error('not an LStA');
    const written = lstaModule.nutzdaten(checked.filing.body, { herstellerId: '74931', createdAt: new Date('2026-11-24T10:00:00Z') });
    expect(elementValues(written)).toEqual(elementValues(xml));
  });
});

describe.skipIf(missing)('readLstaBack', needsElster, () => {
  it('names what the request cannot carry: EOP', async () => {
    const xml = sampleNutzdaten('lsta_2025_ok.xml', 'Anmeldungssteuern').replace(
      '</Anmeldungssteuern>',
      '<EOP><Transferaufgabe>x</Transferaufgabe></EOP></Anmeldungssteuern>',
    );
    const back = await readLstaBack(xml);
    expect(back.unmapped).toEqual(['EOP']);
    expect(back.body).toMatchObject({ year: 2025, period: '19', kennzahlen: { kz83: '8.00', kz86: '1' }, flags: { corrected: true } });
  });
});

describe('lstaElementOf', () => {
  it.each([
    ['kennzahlen.kz42_lfdjahr', 'Kz42_lfdJahr'],
    ['kennzahlen.kz83', 'Kz83'],
    ['flags.corrected', 'Kz10'],
    ['flags.supplementary_text', 'Kz23_Begruendung'],
    ['period', 'Zeitraum'],
    ['business.city', 'Unternehmer.Ort'],
  ])('names %s as %s', (path, element) => expect(lstaElementOf(path, 2025)).toBe(element));
});
