// Every form holds the identifiers of a caller's XML to the request, over HTTP. For each place a
// registered form declares (its module's `identifiers`), put into the service's own Nutzdaten of the
// form's sample: the request's own value is accepted, and another, or one the request does not
// declare, is refused with the code of that identifier at that element; the honest document read
// back is a valid body. Every form of the registry is tried, each on samples its folder gives: its
// contract example, and for each other of its filings its first valid fixture in structured fields.
import { describe, expect, it } from 'vitest';
import type { Kind } from '#shared/domain/ticket.ts';
import { heldIdentifiers, type IdentifierKind } from '#shared/forms/identifiers.ts';
import { loadForm } from '#shared/forms/load.ts';
import { formOpenapi } from '#shared/forms/openapi.ts';
import { formFacts, kinds } from '#shared/forms/registry.ts';
import { readXml } from '#shared/xml/xml.ts';
import { loadCorpus } from '#test/support/corpus.ts';
import { schemaStructureOf } from '#test/support/form-structure.ts';
import { serviceOfFile } from '#test/support/local-service.ts';
import { schemaHas, withValue } from '#test/support/xml-edit.ts';

const service = serviceOfFile({ env: { RATE_LIMIT_PER_MINUTE: '0' } });

type Body = Record<string, unknown>;

/** Structured samples of `kind` whose Nutzdaten are the honest documents: one of each of its filings. */
const corpus = await loadCorpus();
function samplesOf(kind: Kind): Body[] {
  const contract = formOpenapi[kind].examples.contract.value as Body;
  const others = (formFacts[kind].filings ?? []).filter((filing) => filing !== (contract.type ?? formFacts[kind].filings?.[0]));
  return [
    contract,
    ...others.map((filing) => {
      const fixture = corpus.find(({ kind: of, valid, body }) => of === kind && valid && (body as Body).type === filing && !('xml' in (body as Body)));
      if (!fixture) throw new Error(`${kind}: no valid fixture in structured fields of its filing ${filing}`);
      return fixture.body as Body;
    }),
  ];
}

/**
 * Where a finding names an element at `names` below the root: a form names it by its path, or, where
 * its elements are the request's fields by another name (the Anmeldungssteuern), by its own name.
 */
const elementPaths = (names: readonly string[]) => [['xml', ...names].join('.'), `xml.${names.at(-1)}`];

// The request's own identifiers where a sample has none, and another of each kind: another office's
// business, the Ordnungsbegriff of the report that found this, another person, another business.
const own: Record<IdentifierKind, (body: Body) => string> = {
  tax_number: (body) => body.tax_number as string,
  ordnungsbegriff: (body) => body.tax_number as string,
  idnr: () => '04452397687',
  spouse_idnr: () => '02476291358',
  widnr: () => 'DE123456788',
  vat_id: (body) => body.vat_id as string,
};
const foreign: Record<IdentifierKind, string> = {
  tax_number: '9181081508155',
  ordnungsbegriff: '9198011310029',
  idnr: '65929970489',
  spouse_idnr: '57549285017',
  widnr: 'DE987654328',
  vat_id: 'DE554367942',
};
const codes: Record<IdentifierKind, string> = {
  tax_number: 'XML_TAX_NUMBER_MISMATCH',
  ordnungsbegriff: 'XML_TAX_NUMBER_MISMATCH',
  idnr: 'XML_IDNR_MISMATCH',
  spouse_idnr: 'XML_IDNR_MISMATCH',
  widnr: 'XML_WIDNR_MISMATCH',
  vat_id: 'XML_VAT_ID_MISMATCH',
};
const identifierCodes = [...new Set([...Object.values(codes), 'XML_TAX_OFFICE_MISMATCH', 'IDNR_SAME_AS_TAXPAYER'])];
/** The kinds a request declares in a field of its own beside the tax number. */
const declarable = ['idnr', 'spouse_idnr', 'widnr'] as const;

/** The fields of a request with `xml` that every form has, and the identifiers `xml` names that the request declares. */
function request(sample: Body, xml: string, declared: Partial<Record<IdentifierKind, string>>): Body {
  const { test, year, tax_number, tax_office, vat_id, type } = sample;
  const fields = Object.fromEntries(declarable.flatMap((kind) => (declared[kind] === undefined ? [] : [[kind, declared[kind]]])));
  return { test, year, tax_number, tax_office, vat_id, type, ...fields, xml };
}

/** The identifiers the honest document holds, by kind (the first of each). */
async function heldIn(kind: Kind, xml: string): Promise<Partial<Record<IdentifierKind, string>>> {
  const read = readXml(xml);
  if (!read.ok) throw new Error(read.problem.message);
  const held = heldIdentifiers((await loadForm(kind)).identifiers, read.tree).reverse();
  return Object.fromEntries(held.map(({ kind: identifier, value }) => [identifier, value]));
}

const errorsOf = (reply: { json: { data: { findings: { path: string; code: string; severity?: string }[] } } }) =>
  reply.json.data.findings.filter((finding) => finding.severity !== 'hint');

describe.each(kinds)('%s', (kind) => {
  it.each(samplesOf(kind).map((sample) => [sample.type ?? sample.year, sample] as const))(
    'takes the honest Nutzdaten of its sample (%s) and refuses a foreign or undeclared identifier at each of its places',
    async (_, sample) => {
      const { identifiers } = await loadForm(kind);
      const written = await service.post(`/v2/${kind}/validate?include=nutzdaten`, sample);
      expect(written.json.data, JSON.stringify(written.json)).toMatchObject({ valid: true });
      const honest: string = written.json.data.nutzdaten;
      const declared = await heldIn(kind, honest);
      const accepted = await service.submit(kind, request(sample, honest, declared));
      expect(accepted.status, JSON.stringify(accepted.json)).toBe(202);
      // Read back, the fields carry what the request declared beside the XML, and are valid as they are.
      const { body } = (await service.post(`/v2/${kind}/validate?include=body`, request(sample, honest, declared))).json.data;
      expect((await service.post(`/v2/${kind}/validate`, body)).json.data, JSON.stringify(body)).toMatchObject({ valid: true });

      const structure = await schemaStructureOf(kind, sample.year as number);
      const base = readXml(honest);
      if (!base.ok) throw new Error(base.problem.message);
      // A place is tried where the document has its part (for a Steuerfall, its filing): a second filing is refused before its identifiers are read.
      const places = Object.entries(identifiers.held).filter(([place]) => {
        const names = place.split('/');
        if (!schemaHas(structure, names)) return false;
        const part = names.slice(0, names[0] === 'Steuerfall' ? 2 : 1);
        let nodes = [base.tree];
        for (const name of part) nodes = nodes.flatMap((node) => node.children.filter((child) => child.name === name));
        return nodes.length > 0;
      });
      expect(places.length).toBeGreaterThan(0);

      for (const [place, identifier] of places) {
        const names = place.split('/');
        const paths = elementPaths(names);
        const value = declared[identifier] ?? own[identifier](sample);
        const withOwn = { ...declared, [identifier]: value };
        const validate = (xml: string, asDeclared: Partial<Record<IdentifierKind, string>>) =>
          service.post(`/v2/${kind}/validate`, request(sample, xml, asDeclared));

        const honestly = await validate(withValue(honest, structure, names, value), withOwn);
        expect(
          errorsOf(honestly).filter((finding) => identifierCodes.includes(finding.code)),
          `${place}: the request's own`,
        ).toEqual([]);

        const foreignly = await validate(withValue(honest, structure, names, foreign[identifier]), withOwn);
        expect(
          errorsOf(foreignly).filter((finding) => paths.includes(finding.path)),
          `${place}: another`,
        ).toContainEqual(expect.objectContaining({ code: codes[identifier] }));

        if ((declarable as readonly string[]).includes(identifier)) {
          const { [identifier]: _left, ...undeclared } = withOwn;
          const unasked = await validate(withValue(honest, structure, names, value), undeclared);
          expect(
            errorsOf(unasked).filter((finding) => paths.includes(finding.path)),
            `${place}: undeclared`,
          ).toContainEqual(expect.objectContaining({ code: codes[identifier] }));
        }
      }
    },
  );
});
