// The Zusammenfassende Meldung through the local service: its fields and ELSTER's own sample as the
// caller's XML, each delivered with its protocol and the ticket naming the business by its
// USt-IdNr (the sample's read-back round trip is samples-round-trip.test.ts's).

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { zmContractExample } from '#shared/forms/zm/openapi.ts';
import { serviceOfFile } from '#test/support/local-service.ts';
import { elsterDir, elsterMissing, needsElster } from '#test/support/elster.ts';

const service = serviceOfFile();

const missing = elsterMissing('samples', 'schemas');

/** The `zm` element of ELSTER's sample, its year (2021) set to 2026, which the tests' day has open. */
async function elsterSample(): Promise<string> {
  const document = await readFile(join(elsterDir, 'samples', 'zmdo_send-Auth.xml'), 'utf8');
  return document.slice(document.indexOf('<zm '), document.indexOf('</zm>') + '</zm>'.length).replace('<jahr>2021</jahr>', '<jahr>2026</jahr>');
}

async function delivered(body: unknown) {
  const reply = await service.post('/v2/zm', body);
  expect(reply.status, reply.text).toBe(202);
  expect(reply.json.data).toMatchObject({ kind: 'zm', status: 'queued' });
  return { ticket: reply.json.data.ticket as string, metadata: await service.waitForStatus(reply.json.data.ticket, ['delivered', 'rejected', 'failed']) };
}

const subjectOf = async (ticket: string) => {
  const pdf = await service.call('GET', `/v2/protocol/${ticket}`, { headers: { accept: 'application/pdf' } });
  return (await PDFDocument.load(pdf.bytes, { updateMetadata: false })).getSubject();
};

describe('a ZM from its fields', () => {
  it('is delivered to the Bundeszentralamt, named by its USt-IdNr, with the protocol of its period', async () => {
    const { ticket, metadata } = await delivered(zmContractExample);
    expect(metadata).toMatchObject({ status: 'delivered', kind: 'zm', year: 2026, period: '43', vat_id: '*******5976', datenart_version: 'ZMDO' });
    expect(metadata).not.toHaveProperty('tax_number');
    expect(await subjectOf(ticket)).toBe('Zusammenfassende Meldung 3. Quartal 2026');
    const { text } = await extractText(
      await getDocumentProxy((await service.call('GET', `/v2/protocol/${ticket}`, { headers: { accept: 'application/pdf' } })).bytes.slice()),
      {
        mergePages: true,
      },
    );
    expect(text).toContain(`Für ${zmContractExample.business.company_name}`);
    const { nutzdaten } = (await service.call('GET', `/v2/ticket/${ticket}/nutzdaten`)).json.data;
    expect(nutzdaten).toContain('<zm version="000005"><unternehmer><knri>DE136695976</knri><zulassNr><zulnr1>N</zulnr1><zulnr2>1111111</zulnr2></zulassNr>');
    expect(nutzdaten).toContain(
      '<zm-zeilen waehrung="1" meldeart="10"><anzeige>false</anzeige><widerruf>false</widerruf><mzr><quart>3</quart><jahr>2026</jahr></mzr>',
    );
    expect(nutzdaten).toContain('<zeile umsatzart="D"><knre>NL004495445B01</knre><betrag>930</betrag></zeile>');
  });

  it('takes the business’s former field name business.name as company_name, writing the same XML, reading it back as company_name, and refuses the two differing', async () => {
    const { name: _, company_name, ...address } = { name: undefined, ...zmContractExample.business };
    const nutzdatenOf = async (ticket: string) => (await service.call('GET', `/v2/ticket/${ticket}/nutzdaten`)).json.data.nutzdaten as string;
    const current = await delivered(zmContractExample);
    const former = await delivered({ ...zmContractExample, business: { name: company_name, ...address } });
    const both = await delivered({ ...zmContractExample, business: { name: company_name, company_name, ...address } });
    expect(await nutzdatenOf(former.ticket)).toBe(await nutzdatenOf(current.ticket));
    expect(await nutzdatenOf(both.ticket)).toBe(await nutzdatenOf(current.ticket));
    // Read back from the XML the former name wrote, the business carries its name as company_name.
    const { test, year, vat_id } = zmContractExample;
    const validated = await service.post('/v2/zm/validate?include=body', { test, year, vat_id, xml: await nutzdatenOf(former.ticket) });
    const readBack = validated.json.data.body;
    expect(readBack.business).toMatchObject({ company_name });
    expect(readBack.business).not.toHaveProperty('name');

    const conflicting = await service.post('/v2/zm', { ...zmContractExample, business: { name: 'Andere GmbH', company_name, ...address } });
    expect(conflicting.status, conflicting.text).toBe(422);
    expect(conflicting.json.error.details).toEqual([
      expect.objectContaining({
        path: 'business.company_name',
        code: 'FIELD_ALIAS_CONFLICT',
        expected: 'business.name',
        message: expect.stringContaining('business.name'),
      }),
    ]);
    const neither = await service.post('/v2/zm', { ...zmContractExample, business: address });
    expect(neither.json.error.details).toEqual([expect.objectContaining({ path: 'business.company_name', code: 'REQUIRED' })]);
  });

  it('is refused with a finding for each fault, ERiC’s rule named where it is one of them (a customer’s ID out of its state’s form only a hint)', async () => {
    // One report twice: with faults the schema finds, then with only those ERiC's rules find.
    const report = (fourth: object, vat_id = zmContractExample.vat_id) => ({
      ...zmContractExample,
      vat_id,
      period: '12',
      lines: [
        { customer_vat_id: 'DE811569869', amount: 10, kind: 'goods' },
        { customer_vat_id: 'ATU1358562', amount: 10, kind: 'goods' },
        { customer_vat_id: 'XI123456789', amount: 10, kind: 'services' },
        fourth,
      ],
      flags: { monthly_revoked: true, monthly_notice: true },
    });
    const reply = await service.post('/v2/zm', report({ customer_vat_id: 'PL5630292567', amount: 10.5, kind: 'goods' }, 'DE136695975'));
    expect(reply.status).toBe(422);
    const details = reply.json.error.details.map(({ path, code, rule }: { path: string; code: string; rule?: string }) => ({
      path,
      code,
      ...(rule && { rule }),
    }));
    expect(details).toEqual([
      { path: 'vat_id', code: 'VAT_ID_CHECK_DIGIT' },
      { path: 'lines.3.amount', code: 'INVALID_VALUE' },
    ]);
    const ruled = await service.post('/v2/zm', report({ customer_vat_id: 'XI123456789', amount: 10, kind: 'services' }));
    expect(ruled.status).toBe(422);
    expect(ruled.json.error.details.map(({ path, code, rule }: { path: string; code: string; rule?: string }) => ({ path, code, rule }))).toEqual([
      { path: 'period', code: 'PERIOD_NOT_BEGUN', rule: 'meldezeitraum_Zukunft' },
      { path: 'flags.monthly_revoked', code: 'NOTICE_AND_REVOCATION', rule: 'anzeige_widerruf_doppelt' },
      { path: 'lines.0.customer_vat_id', code: 'VAT_ID_DOMESTIC', rule: 'knre1_Laenderkennzeichen_DE' },
      { path: 'lines.2.customer_vat_id', code: 'VAT_ID_XI_SERVICES', rule: 'nordirische_ustid_nicht_fuer_sonstige_leistung' },
      { path: 'lines.3.customer_vat_id', code: 'VAT_ID_XI_SERVICES', rule: 'nordirische_ustid_nicht_fuer_sonstige_leistung' },
      { path: 'lines.3.customer_vat_id', code: 'LINE_REPEATED', rule: 'Meldezeile_Wiederholung_SonstigeLeistung' },
    ]);
  });
});

describe.skipIf(missing)("ELSTER's own sample as the caller's XML", needsElster, () => {
  it('is accepted as it is and delivered with the protocol of its period', async () => {
    const xml = await elsterSample();
    const request = { test: true, year: 2026, vat_id: 'DE554367942', xml };
    const validated = await service.post('/v2/zm/validate?include=nutzdaten', request);
    expect(validated.json.data).toMatchObject({ valid: true, findings: [], datenart_version: 'ZMDO', nutzdaten: xml });

    const { ticket, metadata } = await delivered(request);
    expect(metadata).toMatchObject({ status: 'delivered', period: '05', vat_id: '*******7942' });
    expect(await subjectOf(ticket)).toBe('Zusammenfassende Meldung Mai 2026');
  });

  it('must name the USt-IdNr and year of the request, and ERiC’s admission letter', async () => {
    const xml = (await elsterSample()).replace('<zulnr1>N</zulnr1>', '<zulnr1>S</zulnr1>');
    const reply = await service.post('/v2/zm', { test: true, year: 2025, vat_id: 'DE136695976', xml });
    expect(reply.status).toBe(422);
    expect(reply.json.error.details.map(({ path, code }: { path: string; code: string }) => ({ path, code }))).toEqual([
      { path: 'xml.unternehmer.zulassNr.zulnr1', code: 'XML_VALUE' },
    ]);
    const other = await service.post('/v2/zm', { test: true, year: 2025, vat_id: 'DE136695976', xml: await elsterSample() });
    expect(other.json.error.details).toEqual([
      expect.objectContaining({ path: 'xml.unternehmer.knri', code: 'XML_VAT_ID_MISMATCH', expected: 'DE136695976' }),
      expect.objectContaining({ path: 'xml.unternehmer.zm-zeilen.mzr.jahr', code: 'XML_YEAR_MISMATCH', expected: '2025' }),
    ]);
  });
});
