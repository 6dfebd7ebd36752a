// The annual VAT return over HTTP, from ELSTER's own samples (test/support/elster.ts): each is
// accepted as the caller's E50 and delivered with a protocol (their read-back round trip is
// samples-round-trip.test.ts's). Without ELSTER's files that suite says so and is skipped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serviceOfFile } from '#test/support/local-service.ts';
import { deliveredProtocol } from '#test/support/year-end-delivery.ts';
import { elsterDir, elsterMissing, needsElster } from '#test/support/elster.ts';
import { ustSample } from '#test/support/samples.ts';

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

const service = serviceOfFile();

const delivered = (body: unknown, year: number) => deliveredProtocol(service, 'ust', body, `USt_${year}`, `Umsatzsteuererklärung ${year}`);

describe.skipIf(missing)("ELSTER's E50 samples", needsElster, () => {
  it.each(samples)('$file: accepted as XML and delivered with its protocol', async ({ file, year }) => {
    const sample = e50Of(file);
    const protocol = await delivered({ test: true, year, tax_number: sample.taxNumber, xml: sample.xml }, year);
    expect(protocol).toContain('Verbleibende Umsatzsteuer');
  });
});

describe('the annual VAT return', () => {
  it('is listed with its years in GET /v2/version', async () => {
    const reply = await service.call('GET', '/v2/version');
    expect(reply.json.data.years.ust).toEqual([2021, 2022, 2023, 2024, 2025]);
  });

  it('is delivered with a protocol naming the business and showing each base of its sales beside its tax', async () => {
    const text = await delivered(ustSample(), 2025);
    expect(text).toContain('Für Muster GmbH');
    expect(text).toMatch(/Lieferungen und sonstige Leistungen zu 19 %\s*100\.000 €\s*19\.000,00 €/);
    expect(text).toMatch(/Lieferungen und sonstige Leistungen zu 7 %\s*10\.000 €\s*700,00 €/);
    expect(text).toContain('Noch zu entrichten');
  });

  it('refuses a return of a name and an address alone, by the rules of the groups it leaves out', async () => {
    const { umsaetze: _, berech_ust: __, ...ust2a } = ustSample().ust2a;
    const reply = await service.post('/v2/ust', { ...ustSample(), ust2a: { allg: { unternehmen: ust2a.allg.unternehmen } } });
    expect(reply.status).toBe(422);
    expect(reply.json.error.details.map(({ path, rule }: { path: string; rule?: string }) => `${path} ${rule}`)).toEqual([
      'ust2a.allg.best_art.e3002203 USt_30093',
      'ust2a.berech_ust.tabelle.verbl_ust.e3011101 USt_30070',
      'ust2a.berech_ust.tabelle.verbl_ust.e3011301 USt_30915',
      'ust2a.berech_ust.tabelle.zahl_erstatt.e3011401 USt_30620',
    ]);
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
