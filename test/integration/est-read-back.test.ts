// POST /v2/est/validate?include=body over HTTP on ELSTER's own E10 samples of 2023 and 2024
// (test/support/elster.ts): each is read back with nothing unmapped, its body (with the IdNrs the
// samples leave out) is submitted, and the ticket transmits the same forms element for element,
// valid against that year's XSD. And `steuerbote validate est` sends the new fields of a household
// return (further special expenses, the children's insurance, further other provision).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateNutzdaten } from '#test/oracle/xsd.ts';
import { elsterMissing, needsElster } from '#test/support/elster.ts';
import { elementValues, sampleNutzdaten } from '#test/support/elster-samples.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { runCli } from '#test/support/cli.ts';
import { fixturesOf } from '#test/support/corpus.ts';

const missing = elsterMissing('samples', 'schemas');

let service: LocalService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service?.stop());

const json = { 'content-type': 'application/json' };
// The Vorsatz is the service's own (contract §12): only the forms are compared.
const forms = (xml: string) => elementValues(xml).filter((line) => !line.startsWith('E10/Vorsatz/'));

describe.skipIf(missing)("ELSTER's E10 samples, read back into a body and submitted", needsElster, () => {
  it.each([2023, 2024])('est_e10_%i.xml', async (year) => {
    const xml = sampleNutzdaten(`est_e10_${year}.xml`, 'E10');
    const validated = await service.call('POST', '/v2/est/validate?include=body', {
      body: JSON.stringify({ test: true, year, tax_number: '9181081508155', xml }),
      headers: json,
    });
    expect(validated.json.data).toMatchObject({ valid: true, unmapped: [] });
    const { body } = validated.json.data;
    expect(body).not.toHaveProperty('xml');
    expect(body).toMatchObject({ year, joint_assessment: true, children: [{ first_name: 'Tobias' }, { first_name: 'Regina' }] });

    // The samples name no IdNr of the spouses; a caller adds them before submitting.
    const filed = { ...body, taxpayer: { ...body.taxpayer, idnr: '04452397687' }, spouse: { ...body.spouse, idnr: '86095742719' } };
    const accepted = await service.submit('est', filed);
    expect(accepted.status).toBe(202);
    await service.waitForStatus(accepted.json.data.ticket, ['delivered']);
    const { nutzdaten } = (await service.call('GET', `/v2/ticket/${accepted.json.data.ticket}/nutzdaten`)).json.data;
    expect(forms(xml).length).toBeGreaterThan(100);
    expect(forms(nutzdaten)).toEqual(forms(xml));
    expect(validateNutzdaten('est', year, nutzdaten).errors).toEqual([]);
  });
});

const household = async () => JSON.parse(await readFile(join(fixturesOf('est'), 'valid-2024-further-expenses-child-insurance.json'), 'utf8')).body;

describe('the ticket of a household return', () => {
  it("names none of its persons, IdNrs or insurers: not the children's, not a recipient's", async () => {
    const accepted = await service.submit('est', await household());
    expect(accepted.status).toBe(202);
    await service.waitForStatus(accepted.json.data.ticket, ['delivered']);
    // Its timestamps are left out: their digits could spell an amount of the body (…:12.840Z).
    const metadata = (await service.call('GET', `/v2/ticket/${accepted.json.data.ticket}`)).text.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '');
    for (const secret of [
      '65929970489',
      '02476291358',
      '07792563183',
      '08842563971',
      'Hans Beispiel',
      'Tobias',
      'Regina',
      'Anna Muster',
      'Berufsunfähigkeit',
      '9000',
      '840',
    ])
      expect(metadata).not.toContain(secret);
  });
});

describe('steuerbote validate est', () => {
  it('sends the new fields of a household return and prints the Nutzdaten that carry them', async () => {
    // The fixture file wraps the body; the command takes a body per file.
    const file = join(await mkdtemp(join(tmpdir(), 'steuerbote-est-')), 'household-2024.json');
    await writeFile(file, JSON.stringify(await household()));
    const env = { STEUERBOTE_URL: service.runtime.apiUrl, STEUERBOTE_API_KEY: service.runtime.apiKey };
    const run = await runCli(['validate', 'est', file, '--nutzdaten'], { env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${file}: valid (ESt_2024)`);
    for (const element of ['<Weit_Aufw>', '<U_Leist>', '<KV_PV>', '<KV_PV_ausl>', '<A_B_LP>', '<E0104305>65929970489</E0104305>'])
      expect(run.stdout).toContain(element);
  });
});
