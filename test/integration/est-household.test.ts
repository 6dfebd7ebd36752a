// An income tax return of a household over HTTP: its ticket names none of its persons, and
// `steuerbote validate est` sends its new fields (further special expenses, the children's
// insurance, further other provision). ELSTER's E10 samples' read-back round trip is
// samples-round-trip.test.ts's.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serviceOfFile } from '#test/support/local-service.ts';
import { runCli } from '#test/support/cli.ts';
import { fixturesOf } from '#test/support/corpus.ts';

const service = serviceOfFile();

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
