// The corporate income tax return over HTTP. ELSTER's own samples (test/support/elster.ts) are
// each accepted as the caller's E30 and delivered with a protocol (their read-back round trip is
// samples-round-trip.test.ts's). A body that leaves out Anlage ZVE's computed lines gets them
// computed, and one that gives them wrong is told which. Without ELSTER's files the suite says so and is skipped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kstExample } from '#shared/forms/kst/openapi.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { deliveredProtocol } from '#test/support/year-end-delivery.ts';
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

describe.skipIf(missing)("ELSTER's E30 samples", needsElster, () => {
  it.each(samples)('$file: accepted as XML and delivered with its protocol', async ({ file, year }) => {
    const xml = /<E30[\s\S]*<\/E30>/.exec(readFileSync(join(samplesDir, file), 'utf8'))![0];
    await delivered({ test: true, year, tax_number: /<StNr>(\d{13})<\/StNr>/.exec(xml)![1]!, xml }, year);
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
