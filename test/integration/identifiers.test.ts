// Every form holds the identifiers of a caller's XML to the request, over HTTP. For each place a
// registered form declares (its module's `identifiers`), put into the service's own Nutzdaten of the
// form's sample: the request's own value is accepted, and another, or one the request does not
// declare, is refused with the code of that identifier at that element; the honest document read
// back is a valid body. A form is a row of the table by its kind, so a new form cannot be left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kind } from '#shared/domain/ticket.ts';
import { estContractExample } from '#shared/forms/est/openapi.ts';
import { estSchemaStructure } from '#shared/forms/est/structure.ts';
import { heldIdentifiers, type IdentifierKind } from '#shared/forms/identifiers.ts';
import { lstaContractExample } from '#shared/forms/lsta/openapi.ts';
import { lstaSchemaStructure } from '#shared/forms/lsta/structure.ts';
import { kinds } from '#shared/forms/facts.ts';
import { loadForm } from '#shared/forms/registry.ts';
import { ustExample } from '#shared/forms/ust/openapi.ts';
import { ustSchemaStructure } from '#shared/forms/ust/structure.ts';
import { ustvaContractExample } from '#shared/forms/ustva/openapi.ts';
import { ustvaSchemaStructure } from '#shared/forms/ustva/structure.ts';
import { zmContractExample } from '#shared/forms/zm/openapi.ts';
import { zmSchemaStructure } from '#shared/forms/zm/structure.ts';
import type { CompactStructure } from '#shared/xml/structure.ts';
import { readXml } from '#shared/xml/xml.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { schemaHas, withValue } from '#test/support/xml-edit.ts';

let service: LocalService;

beforeAll(async () => {
  service = await startService({ env: { RATE_LIMIT_PER_MINUTE: '0' } });
});
afterAll(async () => {
  await service?.stop();
});

type Body = Record<string, unknown>;

/** Each form: structured samples whose Nutzdaten are the honest documents, its schema of a year, and how its findings name an element. */
const forms: { [K in Kind]: { samples: Body[]; structure: (year: number) => Promise<CompactStructure>; pathOf: (names: readonly string[]) => string } } = {
  ustva: {
    samples: [
      { ...ustvaContractExample, widnr: 'DE123456789' },
      { test: true, year: 2026, type: 'dauerfristverlaengerung', tax_number: '9198011310010', supplier: ustvaContractExample.supplier },
      { test: true, year: 2026, type: 'sondervorauszahlung', tax_number: '9198011310010', supplier: ustvaContractExample.supplier, kennzahlen: { kz38: 1200 } },
    ],
    structure: ustvaSchemaStructure,
    // The elements of a filing by their own name, as for the request's fields.
    pathOf: (names) => `xml.${names.at(-1)}`,
  },
  est: { samples: [estContractExample], structure: estSchemaStructure, pathOf: (names) => ['xml', ...names].join('.') },
  ust: { samples: [ustExample], structure: async (year) => ustSchemaStructure(year), pathOf: (names) => ['xml', ...names].join('.') },
  lsta: { samples: [lstaContractExample], structure: lstaSchemaStructure, pathOf: (names) => `xml.${names.at(-1)}` },
  zm: { samples: [zmContractExample], structure: () => zmSchemaStructure(), pathOf: (names) => ['xml', ...names].join('.') },
};

// The request's own identifiers where a sample has none, and another of each kind: another office's
// business, the Ordnungsbegriff of the report that found this, another person, another business.
const own: Record<IdentifierKind, (body: Body) => string> = {
  tax_number: (body) => body.tax_number as string,
  ordnungsbegriff: (body) => body.tax_number as string,
  idnr: () => '04452397687',
  spouse_idnr: () => '02476291358',
  widnr: () => 'DE123456789',
  vat_id: (body) => body.vat_id as string,
};
const foreign: Record<IdentifierKind, string> = {
  tax_number: '9181081508155',
  ordnungsbegriff: '9198011310029',
  idnr: '65929970489',
  spouse_idnr: '57549285017',
  widnr: 'DE987654321',
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
  const form = forms[kind];

  it.each(form.samples.map((sample) => [sample.type ?? sample.year, sample] as const))(
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

      const structure = await form.structure(sample.year as number);
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
        const path = form.pathOf(names);
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
        expect(errorsOf(foreignly), `${place}: another`).toContainEqual(expect.objectContaining({ path, code: codes[identifier] }));

        if ((declarable as readonly string[]).includes(identifier)) {
          const { [identifier]: _left, ...undeclared } = withOwn;
          const unasked = await validate(withValue(honest, structure, names, value), undeclared);
          expect(errorsOf(unasked), `${place}: undeclared`).toContainEqual(expect.objectContaining({ path, code: codes[identifier] }));
        }
      }
    },
  );
});
