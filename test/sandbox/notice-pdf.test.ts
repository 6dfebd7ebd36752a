import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { noticePdf } from '#shared/sandbox/notice-pdf.ts';
import { fontsOf, textOf } from '#test/sandbox/pdf-inspection.ts';

const record = {
  record_id: 'a1b2c3',
  available_at: '2026-11-22T10:00:00.000Z',
  metas: { veranlagungsjahr: '2025', finanzamt: '9198', steuernummer: '9198011310010', bescheiddatum: '2026-11-20', verfuegbarbis: '2027-01-21' },
};

describe('noticePdf', () => {
  it('embeds every font it uses and says on its face that the sandbox made it up', async () => {
    const pdf = await noticePdf(record);
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(fontsOf(doc).length).toBeGreaterThan(0);
    expect(fontsOf(doc).filter(({ embedded }) => !embedded)).toEqual([]);
    expect(doc.getCreationDate()?.toISOString()).toBe(record.available_at);
    const text = await textOf(pdf);
    expect(text).toContain('Bescheid für 2025');
    expect(text).toContain('Sandbox — kein Bescheid der Finanzverwaltung / not a notice of the tax authority');
    expect(text).toContain('Verfügbar bis: 2027-01-21');
  });

  it('gives equal bytes for equal input', async () => {
    expect(Buffer.from(await noticePdf(record)).equals(Buffer.from(await noticePdf(record)))).toBe(true);
  });
});
