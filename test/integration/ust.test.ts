// The annual VAT return over HTTP, from ELSTER's own samples (test/support/elster.ts): each is
// accepted as the caller's E50, read back into the structured body with nothing unmapped, and that
// body, submitted again, writes the same elements and values, valid against the year's XSD; both
// are delivered with a protocol. Without ELSTER's files that suite says so and is skipped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { deliveredProtocol } from '#test/support/year-end-delivery.ts';
import { validateNutzdaten } from '#test/oracle/xsd.ts';
import { elsterDir, elsterMissing, needsElster } from '#test/support/elster.ts';
import { ustSample } from '#test/support/samples.ts';
import { elements } from '#test/support/xml-edit.ts';

const samplesDir = join(elsterDir, 'samples');
const missing = elsterMissing('samples', 'schemas');

// 2022's sample names a tax office (2613) since dissolved: filed for 2022, it is taken with a hint (years.test.ts).
const samples = [
  { file: 'ust_2021_ok.xml', year: 2021 },
  { file: 'USt_2022.xml', year: 2022 },
  { file: 'USt_2023.xml', year: 2023 },
  { file: 'USt_2024.xml', year: 2024 },
  { file: 'USt_2025.xml', year: 2025 },
];

/** The E50 element of a sample, and the tax number it names. */
function e50Of(file: string): { xml: string; taxNumber: string } {
  const xml = /<E50[\s\S]*<\/E50>/.exec(readFileSync(join(samplesDir, file), 'utf8'))![0];
  return { xml, taxNumber: /<StNr>(\d{13})<\/StNr>/.exec(xml)![1]! };
}

let service: LocalService;

beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service?.stop();
});

const delivered = (body: unknown, year: number) => deliveredProtocol(service, 'ust', body, `USt_${year}`, `Umsatzsteuererklärung ${year}`);

describe.skipIf(missing)("ELSTER's E50 samples", needsElster, () => {
  it.each(samples)('$file: accepted as XML, read back, written again the same, and delivered both ways', async ({ file, year }) => {
    const sample = e50Of(file);
    const request = { test: true, year, tax_number: sample.taxNumber, xml: sample.xml };

    const read = await service.post('/v2/ust/validate?include=body,nutzdaten', request);
    expect(read.status).toBe(200);
    expect(read.json.data).toMatchObject({ valid: true, datenart_version: `USt_${year}`, unmapped: [] });
    expect(read.json.data.findings.filter((finding: { severity: string }) => finding.severity !== 'hint')).toEqual([]);
    const { body } = read.json.data;
    expect(body).toMatchObject({ test: true, year, tax_number: sample.taxNumber });
    expect(body.xml).toBeUndefined();

    const again = await service.post('/v2/ust/validate?include=nutzdaten', body);
    expect(again.json.data.valid).toBe(true);
    const nutzdaten: string = again.json.data.nutzdaten;
    expect(elements(nutzdaten)).toEqual(elements(sample.xml));
    expect(validateNutzdaten('ust', year, nutzdaten).errors).toEqual([]);

    await delivered(request, year);
    const protocol = await delivered(body, year);
    expect(protocol).toContain('Verbleibende Umsatzsteuer');
  });
});

describe('the annual VAT return', () => {
  it('is listed with its years in GET /v2/version', async () => {
    const reply = await service.call('GET', '/v2/version');
    expect(reply.json.data.years.ust).toEqual([2021, 2022, 2023, 2024, 2025]);
  });

  it('names the tax computed from a base, the sum and the amount left after the prepayments, by rule', async () => {
    const body = ustSample();
    body.ust2a.umsaetze.tabelle.ums_allg.e3003304 = '18000.00';
    body.ust2a.berech_ust.tabelle.zahl_erstatt.e3011401 = '2000.00';
    const reply = await service.post('/v2/ust/validate', body);
    expect(reply.json.data.findings).toEqual([
      expect.objectContaining({ path: 'ust2a.umsaetze.tabelle.ums_allg.e3003304', code: 'ERIC_RULE', rule: 'USt_30639', expected: '19000.00' }),
      expect.objectContaining({ path: 'ust2a.umsaetze.tabelle.ums_sum.e3006001', code: 'ERIC_RULE', rule: 'USt_30314', expected: '18700.00' }),
      expect.objectContaining({ path: 'ust2a.berech_ust.tabelle.zahl_erstatt.e3011401', code: 'ERIC_RULE', rule: 'USt_30638', expected: '1700.00' }),
    ]);
  });
});
