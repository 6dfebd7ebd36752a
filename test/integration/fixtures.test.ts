// The fixture corpus through the HTTP API: validation names exactly the expected findings, a
// submission is refused with exactly those, and every valid body is delivered by the sandbox,
// whose own re-check of the transmitted XML must agree with the API's; the Nutzdaten it was sent
// with are valid against ELSTER's XSD of their form and year, identity constraints included
// (libxml2, test/oracle/xsd.ts; without ELSTER's schemas that is left out).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kind } from '#shared/domain/ticket.ts';
import { heldIdentifiers } from '#shared/forms/identifiers.ts';
import { loadForm } from '#shared/forms/load.ts';
import { datenartVersion } from '#shared/forms/registry.ts';
import { readXml } from '#shared/xml/xml.ts';
import { comparable, loadCorpus, type ExpectedError } from '#test/support/corpus.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { validateNutzdaten } from '#test/oracle/xsd.ts';
import { elsterMissing } from '#test/support/elster.ts';

const corpus = await loadCorpus();
const schemasMissing = elsterMissing('schemas');
let service: LocalService;

beforeAll(async () => {
  // The corpus makes more requests in a minute than a client's default budget allows; the budget is throttling.test.ts's.
  service = await startService({ env: { RATE_LIMIT_PER_MINUTE: '0' } });
});
afterAll(async () => {
  await service?.stop();
});

const post = (path: string, body: unknown) => service.post(path, body);

/** The request fields that declare the IdNrs and the W-IdNr `xml` names, as a caller sending it would give them. */
async function declaredIn(kind: Kind, xml: string): Promise<Record<string, string>> {
  // A letter's attachments stand beside its element (contract §13): its identifiers are the element's.
  const read = readXml(xml.split(/(?=<Anhaenge )/)[0]!);
  if (!read.ok) throw new Error(read.problem.message);
  const held = heldIdentifiers((await loadForm(kind)).identifiers, read.tree).filter(({ kind }) => ['idnr', 'spouse_idnr', 'widnr'].includes(kind));
  return Object.fromEntries(held.reverse().map(({ kind, value }) => [kind, value]));
}

const errorsOf = (findings: (ExpectedError & { severity?: string })[]) =>
  findings
    .filter((finding) => finding.severity !== 'hint')
    .map(comparable)
    .sort();

describe.each(corpus)('$name: $about', (fixture) => {
  const expectedErrors = (fixture.errors ?? []).map(comparable).sort();

  it('validates to exactly the expected findings, storing nothing', async () => {
    const reply = await post(`/v2/${fixture.kind}/validate`, fixture.body);
    expect(reply.status).toBe(200);
    expect(reply.json.data.valid).toBe(fixture.valid === true);
    expect(errorsOf(reply.json.data.findings)).toEqual(expectedErrors);
    const hints = reply.json.data.findings
      .filter((finding: { severity: string }) => finding.severity === 'hint')
      .map((finding: { code: string }) => finding.code);
    expect(hints.sort()).toEqual([...(fixture.hints ?? [])].sort());
  });

  it(fixture.valid ? 'is accepted and delivered' : 'is refused with 422 naming the same findings', async () => {
    const reply = await post(`/v2/${fixture.kind}`, fixture.body);
    if (!fixture.valid) {
      expect(reply.status).toBe(422);
      expect(reply.json.error.code).toBe('VALIDATION_FAILED');
      expect(errorsOf(reply.json.error.details)).toEqual(expectedErrors);
      return;
    }
    expect(reply.status).toBe(202);
    const ticket = await service.waitForStatus(reply.json.data.ticket, ['delivered', 'rejected', 'failed']);
    expect(ticket).toMatchObject({
      status: 'delivered',
      datenart_version: datenartVersion(fixture.kind, (fixture.body as { year: number }).year),
    });
    if (schemasMissing) return;
    const sent = await service.call('GET', `/v2/ticket/${reply.json.data.ticket}/nutzdaten`, { headers: { accept: 'application/xml' } });
    expect(sent.status).toBe(200);
    expect(validateNutzdaten(fixture.kind, (fixture.body as { year: number }).year, sent.text).errors).toEqual([]);
  });

  // The XML steuerbote writes for a valid body, sent back as the caller's own with the IdNrs and
  // W-IdNr it names declared beside it, passes the same strict reading and the element-by-element
  // check against that year's schema facts (order, cardinality, lengths, patterns, character set).
  if (fixture.valid && !(fixture.body as { xml?: string }).xml)
    it('writes XML that passes its own structure check', async () => {
      const { nutzdaten } = (await post(`/v2/${fixture.kind}/validate?include=nutzdaten`, fixture.body)).json.data;
      const { test, year, tax_number, tax_office, vat_id, type } = fixture.body as Record<string, unknown>;
      const declared = await declaredIn(fixture.kind, nutzdaten);
      const again = (await post(`/v2/${fixture.kind}/validate`, { test, year, tax_number, tax_office, vat_id, type, ...declared, xml: nutzdaten })).json.data;
      expect(errorsOf(again.findings)).toEqual([]);
    });
});
