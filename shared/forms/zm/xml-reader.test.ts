import { describe, expect, it } from 'vitest';
import { zmContractExample } from '#shared/forms/zm/openapi.ts';
import { readZmNutzdaten } from '#shared/forms/zm/xml-reader.ts';
import { zmNutzdaten } from '#shared/forms/zm/xml-writer.ts';

const { year, period, vat_id: vatId, business, lines } = zmContractExample;
const written = zmNutzdaten({ year, period, vatId, business, lines: lines as never, flags: { corrected: true, monthly_revoked: true } });

describe('readZmNutzdaten', () => {
  it('reads what the writer writes back into the same fields, nothing unmapped', async () => {
    const read = await readZmNutzdaten(written);
    expect(read).toMatchObject({ ok: true, findings: [] });
    if (!read.ok) return;
    expect(read.read.unmapped).toEqual([]);
    expect(read.read.body).toEqual({ year, vat_id: vatId, period, business, lines, flags: { corrected: true, monthly_notice: false, monthly_revoked: true } });
    const { vat_id: again, ...fields } = read.read.body;
    expect(zmNutzdaten({ ...fields, vatId: again })).toBe(written);
  });

  it('names what its fields cannot carry: a boolean written as 1 or 0 (another zulnr2 the writer replaces with ERiC’s)', async () => {
    const read = await readZmNutzdaten(
      written.replace('<zulnr2>1111111</zulnr2>', '<zulnr2>0300000</zulnr2>').replace('<widerruf>true</widerruf>', '<widerruf>1</widerruf>'),
    );
    expect(read.ok && read.read.unmapped).toEqual(['zm/unternehmer/zm-zeilen/widerruf']);
    expect(read.ok && read.read.body.flags.monthly_revoked).toBe(true);
  });

  it('takes one business with one period per submission', async () => {
    const twice = written.replace('</unternehmer></zm>', `</unternehmer>${written.slice(written.indexOf('<unternehmer>'), written.indexOf('</zm>'))}</zm>`);
    expect(await readZmNutzdaten(twice)).toEqual({
      ok: false,
      findings: [expect.objectContaining({ path: 'xml.unternehmer', code: 'XML_ONE_REPORT' })],
    });
  });

  it('refuses the portals’ admission letter, another currency and a namespace', async () => {
    const read = await readZmNutzdaten(written.replace('<zulnr1>N</zulnr1>', '<zulnr1>P</zulnr1>').replace('waehrung="1"', 'waehrung="0"'));
    expect(read.findings.map(({ path, code, rule }) => ({ path, code, rule }))).toEqual([
      { path: 'xml.unternehmer.zulassNr.zulnr1', code: 'XML_VALUE', rule: 'zulnr1_Teilnehmernummer_Inhalt' },
      { path: 'xml.unternehmer.zm-zeilen', code: 'XML_VALUE', rule: undefined },
    ]);
    const namespaced = await readZmNutzdaten(written.replace('<zm ', '<zm xmlns="urn:zm" '));
    expect(namespaced.findings).toEqual([expect.objectContaining({ path: 'xml', code: 'XML_NAMESPACE' })]);
  });
});
