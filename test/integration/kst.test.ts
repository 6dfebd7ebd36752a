// The corporate income tax return over HTTP. ELSTER's own samples (test/support/elster.ts) are
// each accepted as the caller's E30, read back into the structured body (the Anlagen a body does not
// carry named in `unmapped`), and that body, submitted again, writes the same elements and values of
// the parts it carries, valid against the year's XSD; both are delivered with a protocol. A body
// that leaves out Anlage ZVE's computed lines gets them computed, and one that gives them wrong is
// told which. Without ELSTER's files the suite says so and is skipped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kstExample } from '#shared/forms/kst/openapi.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { deliveredProtocol } from '#test/support/year-end-delivery.ts';
import { validateNutzdaten } from '#test/oracle/xsd.ts';
import { elsterDir, elsterMissing, needsElster } from '#test/support/elster.ts';
import { elements } from '#test/support/xml-edit.ts';

const samplesDir = join(elsterDir, 'samples');
const missing = elsterMissing('samples', 'schemas');

const samples = [2021, 2022, 2023].map((year) => ({ file: `kst_${year}_ok.xml`, year }));

let service: LocalService;

beforeAll(async () => {
  if (!missing) service = await startService();
});
afterAll(async () => {
  await service?.stop();
});

const delivered = (body: unknown, year: number) => deliveredProtocol(service, 'kst', body, `KSt_30_${year}`, `Körperschaftsteuererklärung ${year}`);

/** The elements of `xml` but those of the parts named, which a body does not carry. */
const carried = (xml: string, unmapped: readonly string[]) => elements(xml).filter((line) => !unmapped.some((part) => line.startsWith(`/E30${part}`)));

describe.skipIf(missing)("ELSTER's E30 samples", needsElster, () => {
  it.each(samples)('$file: accepted as XML, read back, written again the same, and delivered both ways', async ({ file, year }) => {
    const xml = /<E30[\s\S]*<\/E30>/.exec(readFileSync(join(samplesDir, file), 'utf8'))![0];
    const taxNumber = /<StNr>(\d{13})<\/StNr>/.exec(xml)![1]!;
    const request = { test: true, year, tax_number: taxNumber, xml };

    const read = await service.post('/v2/kst/validate?include=body,nutzdaten', request);
    expect(read.status).toBe(200);
    expect(read.json.data).toMatchObject({ valid: true, findings: [], datenart_version: `KSt_30_${year}` });
    const { body, unmapped } = read.json.data;
    expect(body).toMatchObject({ test: true, year, tax_number: taxNumber });
    // Only whole Anlagen a body does not carry are left to the XML (2023's sample has three).
    expect(unmapped).toEqual(year === 2023 ? ['/Zinsschr', '/ZwiG', '/OT'] : []);

    const again = await service.post('/v2/kst/validate?include=nutzdaten', body);
    expect(again.json.data).toMatchObject({ valid: true, findings: [] });
    const nutzdaten: string = again.json.data.nutzdaten;
    // Every element of the parts a body carries comes back the same; what is added are Anlage ZVE's lines the sample leaves out, computed.
    const written = elements(nutzdaten);
    expect(written).toEqual(expect.arrayContaining(carried(xml, unmapped)));
    expect(written.filter((line) => !carried(xml, unmapped).includes(line)).every((line) => line.startsWith('/E30/ZVE/'))).toBe(true);
    expect(validateNutzdaten('kst', year, nutzdaten).errors).toEqual([]);

    await delivered(request, year);
    await delivered(body, year);
  });
});

describe('the corporate income tax return', needsElster, () => {
  it.skipIf(missing)('is listed with its years in GET /v2/version', async () => {
    const reply = await service.call('GET', '/v2/version');
    expect(reply.json.data.years.kst).toEqual([2021, 2022, 2023, 2024, 2025]);
  });

  it.skipIf(missing)("computes Anlage ZVE's lines a body leaves out, and shows the tax in the protocol", async () => {
    const read = await service.post('/v2/kst/validate?include=nutzdaten', kstExample);
    expect(read.json.data.valid).toBe(true);
    expect(elements(read.json.data.nutzdaten)).toEqual(
      expect.arrayContaining([
        '/E30/ZVE/SdE/SdE/E8005401 = 103660',
        '/E30/ZVE/GdE/GdE/E8006901 = 103660',
        '/E30/ZVE/ZVE/Einkommen/E8007301 = 103660',
        '/E30/ZVE/ZVE/ZVE/E8007501 = 103660',
        '/E30/ZVE/Steuerberechnung/Regel/E8007504 = 103660',
        '/E30/ZVE/Steuerberechnung/Regel/E8007502 = 15549',
      ]),
    );
    const protocol = await delivered(kstExample, 2024);
    expect(protocol).toContain('Zu versteuerndes Einkommen');
    expect(protocol).toContain('15.549 €');
  });

  it.skipIf(missing)('names a computed line given wrong, with the value the form arrives at, and accepts nothing', async () => {
    const body = structuredClone(kstExample) as typeof kstExample & { zve: Record<string, unknown> };
    body.zve = { ...body.zve, zve: { zve: { e8007501: 90000 } } };
    const reply = await service.submit('kst', body);
    expect(reply.status).toBe(422);
    expect(reply.json.error.details).toEqual([expect.objectContaining({ path: 'zve.zve.zve.e8007501', code: 'TAXABLE_INCOME_MISMATCH', expected: '103660' })]);
  });
});
