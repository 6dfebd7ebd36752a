// The years each form is filed for and the tax offices it names, over HTTP into the local runtime
// (the tests hold 24 November 2026): the ZM back ten years on its one schema, an annual VAT return
// for a year without a schema refused as unsupported, not as closed, and ELSTER's own 2022 sample,
// whose tax office (2613) has since been dissolved, accepted with a hint naming the office that
// took over, while a later period to that office is refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serviceOfFile } from '#test/support/local-service.ts';
import { elsterDir, elsterMissing, needsElster } from '#test/support/elster.ts';
import { ustSample } from '#test/support/samples.ts';

const service = serviceOfFile();

const zm = (year: number, customer = 'ATU13585627') => ({
  test: true,
  year,
  period: '43',
  vat_id: 'DE136695976',
  business: { company_name: 'Muster GmbH', street: 'Hauptstr.', house_number: '1', postal_code: '80331', city: 'München', country: 'DE' },
  lines: [{ customer_vat_id: customer, amount: 12500, kind: 'goods' }],
});

const details = (reply: { json: { error: { details: unknown[] } } }) => reply.json.error.details;

describe('the ZM', () => {
  it('is listed and filed back ten years, on its one schema', async () => {
    const version = await service.call('GET', '/v2/version');
    expect(version.json.data.years.zm).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026]);
    for (const year of [2016, 2017, 2018, 2019, 2020]) {
      const reply = await service.post('/v2/zm', zm(year, year < 2021 ? 'GB123456789' : 'ATU13585627'));
      expect(reply.status, `${year}: ${JSON.stringify(reply.json)}`).toBe(202);
    }
  });

  it('of a year further back is closed, on a day past, by ERiC’s jahr_Inhalt', async () => {
    const reply = await service.post('/v2/zm', zm(2015));
    expect(reply.status).toBe(422);
    expect(details(reply)).toEqual([
      expect.objectContaining({ path: 'year', code: 'YEAR_CLOSED', rule: 'jahr_Inhalt', message: expect.stringContaining('2025-12-31') }),
    ]);
  });
});

describe('the annual VAT return', () => {
  it.each([2019, 2020])('for %i, whose assessment may still be made but which has no E50 schema, is unsupported', async (year) => {
    const reply = await service.post('/v2/ust', { ...ustSample(), year });
    expect(reply.status).toBe(422);
    expect(details(reply)).toEqual([expect.objectContaining({ path: 'year', code: 'YEAR_UNSUPPORTED', message: expect.stringContaining('2021 to 2026') })]);
  });

  it('for 2018, whose assessment period ended on 2025-12-31, is closed', async () => {
    const reply = await service.post('/v2/ust', { ...ustSample(), year: 2018 });
    expect(details(reply)).toEqual([expect.objectContaining({ code: 'YEAR_CLOSED', message: expect.stringContaining('closed on 2025-12-31') })]);
  });
});

describe.skipIf(elsterMissing('samples'))('ELSTER’s USt_2022.xml, whose tax office 2613 has been dissolved', needsElster, () => {
  const e50 = () => /<E50[\s\S]*<\/E50>/.exec(readFileSync(join(elsterDir, 'samples', 'USt_2022.xml'), 'utf8'))![0];
  const hint = { path: 'tax_number', code: 'TAX_OFFICE_DISSOLVED', severity: 'hint', expected: '2614' };

  it('is accepted for 2022 with a hint naming the office that took over, and delivered', async () => {
    const request = { test: true, year: 2022, tax_number: '2613081508153', xml: e50() };
    const checked = await service.post('/v2/ust/validate', request);
    expect(checked.json.data).toMatchObject({ valid: true, findings: expect.arrayContaining([expect.objectContaining(hint)]) });
    const accepted = await service.post('/v2/ust', request);
    expect(accepted.status).toBe(202);
    const office = accepted.json.data.hints.filter(({ path }: { path: string }) => path === 'tax_number');
    expect(office).toEqual([expect.objectContaining({ ...hint, message: expect.stringContaining('the tax office 2614 took over') })]);
    expect(await service.waitForStatus(accepted.json.data.ticket, ['delivered', 'rejected', 'failed'])).toMatchObject({ status: 'delivered' });
  });

  it('is refused for a period after, naming that office', async () => {
    const reply = await service.post('/v2/ust', { ...ustSample(), year: 2025, tax_number: '2613081508153' });
    expect(reply.status).toBe(422);
    expect(details(reply)).toEqual([expect.objectContaining({ path: 'tax_number', code: 'TAX_OFFICE_DISSOLVED', expected: '2614' })]);
    expect((details(reply)[0] as { severity?: string }).severity).toBeUndefined();
  });
});
