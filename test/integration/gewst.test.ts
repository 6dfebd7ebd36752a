// The trade tax return over HTTP, from ELSTER's own samples (test/support/elster.ts, gewst_{year}):
// each is accepted as the caller's E20 and delivered with a protocol showing the profit (their
// read-back round trip is samples-round-trip.test.ts's). Without ELSTER's files the suite says
// so and is skipped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gewstExample } from '#shared/forms/gewst/openapi.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { deliveredProtocol } from '#test/support/year-end-delivery.ts';
import { elsterDir, elsterMissing, needsElster } from '#test/support/elster.ts';

const samplesDir = join(elsterDir, 'samples');
const missing = elsterMissing('samples', 'schemas');

// The samples name a tax office (2241) of their own; they are filed under the service's test tax number.
const taxNumber = '9198011310010';
const samples = [2021, 2022, 2023].map((year) => ({ file: `gewst_${year}.xml`, year }));

/** The E20 element of a sample, under the test tax number. */
const e20Of = (file: string) =>
  /<E20[\s\S]*<\/E20>/.exec(readFileSync(join(samplesDir, file), 'utf8'))![0].replace(/<StNr>\d{13}<\/StNr>/, `<StNr>${taxNumber}</StNr>`);

let service: LocalService;

beforeAll(async () => {
  if (!missing) service = await startService();
});
afterAll(async () => {
  await service?.stop();
});

const delivered = (body: unknown, year: number) => deliveredProtocol(service, 'gewst', body, `GewSt_${year}`, `Gewerbesteuererklärung ${year}`);

describe.skipIf(missing)("ELSTER's E20 samples", needsElster, () => {
  it.each(samples)('$file: accepted as XML and delivered with its protocol', async ({ file, year }) => {
    const protocol = await delivered({ test: true, year, tax_number: taxNumber, xml: e20Of(file) }, year);
    expect(protocol).toContain('Gewinn aus Gewerbebetrieb');
  });
});

describe('the trade tax return', () => {
  it.skipIf(missing)('is listed with its years in GET /v2/version', async () => {
    const reply = await service.call('GET', '/v2/version');
    expect(reply.json.data.years.gewst).toEqual([2021, 2022, 2023, 2024, 2025]);
  });

  it.skipIf(missing)('names the sum of the unit values and the share of a line, by rule, at the body field', async () => {
    const body = structuredClone(gewstExample);
    body.gew_st1a.kuerz.ehw.einz[0]!.e4008601 = 40000;
    const reply = await service.post('/v2/gewst/validate', body);
    expect(reply.json.data.valid).toBe(false);
    expect(reply.json.data.findings).toEqual([
      expect.objectContaining({ path: 'gew_st1a.kuerz.ehw.sum.e4002807', code: 'ERIC_RULE', rule: 'GewSt_40046', expected: '40000.00' }),
      expect.objectContaining({ path: 'gew_st1a.kuerz.ehw.einz.0.e4008601', code: 'ERIC_RULE', rule: 'GewSt_40045' }),
    ]);
  });

  it.skipIf(missing)('delivers a structured return with the profit on its protocol', async () => {
    const protocol = await delivered(gewstExample, 2024);
    expect(protocol).toMatch(/Gewinn aus Gewerbebetrieb\s*60\.000/);
  });
});
