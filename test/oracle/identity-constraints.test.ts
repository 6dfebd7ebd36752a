// Every identity constraint (xs:unique, xs:key) of every schema a form is checked against, broken
// by a generated document (identity-constraints.ts): ELSTER's XSD, through libxml2 (the oracle),
// refuses it as a duplicate key, and so does the service's structure check (XML_DUPLICATE, at the
// selected element's key); the same document with two keys passes both. One such document of each
// form goes over HTTP into the local runtime as a caller's XML, and is refused there too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaFindings } from '#shared/xml/structure.ts';
import { readXml } from '#shared/xml/xml.ts';
import { validateNutzdaten } from '#test/oracle/xsd.ts';
import { type BrokenConstraint, brokenConstraints } from '#test/oracle/identity-constraints.ts';
import { elsterMissing, needsElster } from '#test/support/elster.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';

const missing = elsterMissing('schemas');
const cases = missing ? [] : brokenConstraints();

const duplicateKey = /Duplicate key-sequence|not unique|duplicate/i;
const keyPath = ({ parent, constraint }: BrokenConstraint) =>
  ['xml', ...parent, constraint.selector, ...(constraint.fields.length === 1 && !constraint.fields[0]!.startsWith('@') ? constraint.fields : [])].join('.');

function checked(xml: string, { structure }: BrokenConstraint) {
  const read = readXml(xml, { strict: true });
  if (!read.ok) throw new Error(read.problem.message);
  return schemaFindings(read.tree, structure, { pathOf: (names) => ['xml', ...names].join('.') });
}

describe.skipIf(missing)("ELSTER's identity constraints, broken", needsElster, () => {
  it('are found in every schema that has them: E10, E77, E20 and E30', () => {
    expect(new Set(cases.map(({ kind }) => kind))).toEqual(new Set(['est', 'euer', 'gewst', 'kst']));
    expect(cases.length).toBeGreaterThan(200);
  });

  it.each(cases)('$name: refused by the XSD and the structure check alike', (broken) => {
    const oracle = validateNutzdaten(broken.kind, broken.year, broken.broken).errors;
    expect(
      oracle.filter((error) => duplicateKey.test(error)),
      `${oracle.join('\n')}\n${broken.broken}`,
    ).toHaveLength(1);
    expect(checked(broken.broken, broken).filter(({ code }) => code === 'XML_DUPLICATE')).toEqual([
      expect.objectContaining({ path: keyPath(broken), message: expect.stringMatching(/a second time/) }),
    ]);
    expect(validateNutzdaten(broken.kind, broken.year, broken.kept).errors.filter((error) => duplicateKey.test(error))).toEqual([]);
    expect(checked(broken.kept, broken).filter(({ code }) => code === 'XML_DUPLICATE')).toEqual([]);
  });
});

describe.skipIf(missing)('a broken identity constraint in a caller’s XML over HTTP', needsElster, () => {
  let service: LocalService;
  beforeAll(async () => {
    service = await startService({ env: { RATE_LIMIT_PER_MINUTE: '0' } });
  });
  afterAll(async () => {
    await service?.stop();
  });

  // Of each form, the last constraint of its newest schema, filed for that year.
  const perForm = [...new Map(cases.map((broken) => [broken.kind, broken])).values()];

  it.each(perForm)('$name is refused with XML_DUPLICATE', async (broken) => {
    const reply = await service.post(`/v2/${broken.kind}/validate`, { test: true, year: broken.year, tax_number: '9198011310010', xml: broken.broken });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(reply.json.data.valid).toBe(false);
    expect(reply.json.data.findings).toContainEqual(expect.objectContaining({ path: keyPath(broken), code: 'XML_DUPLICATE' }));
  });
});
