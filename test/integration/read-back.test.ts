// POST /v2/ustva/validate?include=body over HTTP on ELSTER's own UStVA samples (test/support/elster.ts,
// every filing of every year there): each is read back with nothing unmapped, its body is submitted,
// and the ticket transmits the same elements with the same values (but those the service sets
// itself), valid against that year's XSD.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leavesOf } from '#shared/forms/ustva/read-back.ts';
import { validateNutzdaten } from '#test/oracle/xsd.ts';
import { elsterDir, elsterMissing, needsElster } from '#test/support/elster.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';

const sampleFolder = join(elsterDir, 'samples');
const missing = elsterMissing('samples', 'schemas');

const samples = missing ? [] : (await readdir(sampleFolder)).filter((file) => /^UStVA_.*\d{4}\.xml$/.test(file)).sort();
const typeOf = (file: string) => (file.includes('_Df_') ? 'dauerfristverlaengerung' : file.includes('_SoVZ_') ? 'sondervorauszahlung' : 'voranmeldung');
const setByService = /^(Erstellungsdatum|Steuerfall\.\w+\.Kz09)$/;
const comparable = (xml: string) => [...leavesOf(xml)].filter(([path]) => !setByService.test(path));

let service: LocalService;
beforeAll(async () => {
  if (!missing) service = await startService();
});
afterAll(() => service?.stop());

describe.skipIf(missing)("ELSTER's UStVA samples, read back into a body and submitted", needsElster, () => {
  it('are every filing of every year', () => {
    expect(samples).toHaveLength(15);
  });

  it.each(samples)('%s', async (file) => {
    const xml = /<Anmeldungssteuern[\s\S]*<\/Anmeldungssteuern>/.exec(await readFile(join(sampleFolder, file), 'utf8'))![0];
    const year = Number(/version="(\d{4})"/.exec(xml)![1]);
    const tax_number = /<Steuernummer>(\d{13})<\/Steuernummer>/.exec(xml)![1];
    const request = { test: true, year, tax_number, type: typeOf(file), client_reference: file, xml };

    const validated = await service.call('POST', '/v2/ustva/validate?include=body', {
      body: JSON.stringify(request),
      headers: { 'content-type': 'application/json' },
    });
    expect(validated.json.data).toMatchObject({ valid: true, unmapped: [] });
    const { body } = validated.json.data;
    expect(body).not.toHaveProperty('xml');
    expect(body).toMatchObject({ test: true, client_reference: file, year, tax_number, type: typeOf(file) });

    const accepted = await service.submit('ustva', body);
    expect(accepted.status).toBe(202);
    await service.waitForStatus(accepted.json.data.ticket, ['delivered']);
    const { nutzdaten } = (await service.call('GET', `/v2/ticket/${accepted.json.data.ticket}/nutzdaten`)).json.data;
    expect(comparable(xml).length).toBeGreaterThan(15);
    expect(comparable(nutzdaten)).toEqual(comparable(xml));
    expect(validateNutzdaten('ustva', year, nutzdaten).errors).toEqual([]);
  });
});
