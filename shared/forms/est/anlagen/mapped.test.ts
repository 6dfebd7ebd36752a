// ELSTER's own E10 samples read into the mapped Anlagen and written again: nothing of those
// Anlagen is left unread, and the writer gives back the very elements and values (the totals
// computed from the lines). The samples are read from ELSTER's folder (test/support/elster.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkEst } from '#shared/forms/est/check.ts';
import { estNutzdaten } from '#shared/forms/est/xml-writer.ts';
import { protocolRows } from '#test/support/est-protocol.ts';
import { parseXml, type XmlElement } from '#shared/xml/xml.ts';
import { buildXml } from '#shared/xml/build.ts';
import { mappedAnlagen, readMapped, withMappedForms, mappedFindings, mappedIdnrs } from '#shared/forms/est/anlagen/mapped.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { checkContext } from '#shared/wiring/check-context.ts';
import { elsterDir, elsterMissing, needsElster } from '#test/support/elster.ts';

const samples = join(elsterDir, 'samples');
const missing = elsterMissing('samples');

function sampleE10(year: number): XmlElement {
  const parsed = parseXml(readFileSync(join(samples, `est_e10_${year}.xml`), 'utf8'));
  if (!parsed.ok) throw new Error(`sample ${year} unreadable`);
  const nutzdaten = ((parsed.element.DatenTeil as XmlElement).Nutzdatenblock as XmlElement).Nutzdaten as XmlElement;
  return nutzdaten.E10 as XmlElement;
}

const base = (year: number) => ({ year, test: true, joint_assessment: true, employment: [], pensions: [] }) as unknown as EstReturn;

describe.skipIf(missing)("ELSTER's E10 samples through the mapped Anlagen", needsElster, () => {
  for (const year of [2022, 2023, 2024]) {
    it(`${year}: every element of the mapped Anlagen is read, and written back the same`, () => {
      const root = sampleE10(year);
      const { body, unmapped } = readMapped(root, year);
      expect(unmapped).toEqual([]);
      const written = withMappedForms({ ...base(year), ...body }, {});
      for (const anlage of mappedAnlagen) {
        // A part of a form (VOR's further other provision) is compared with the form's own writer, in read-back.test.ts.
        if (root[anlage.element] === undefined || anlage.part) continue;
        expect(buildXml({ [anlage.element]: written[anlage.element]! }), anlage.element).toBe(buildXml({ [anlage.element]: root[anlage.element]! }));
      }
    });
  }

  it('reads the children of 2024 with their IdNr, relation and childcare costs', () => {
    const { body } = readMapped(sampleE10(2024), 2024);
    expect(body.children).toMatchObject([
      {
        idnr: '07792563183',
        first_name: 'Tobias',
        birth_date: '2014-08-20',
        child_benefit: '2448',
        relation_taxpayer: { kind: 'own', span: '01.01-31.12' },
        childcare: { services: [{ amount: '2760', span: '01.01-31.12' }], unmarried_parents_costs: [{ amount: '2760' }] },
      },
      { idnr: '08842563971', first_name: 'Regina' },
    ]);
    expect(mappedIdnrs({ ...base(2024), ...body })).toEqual([
      { path: 'children.0.idnr', idnr: '07792563183' },
      { path: 'children.1.idnr', idnr: '08842563971' },
    ]);
  });

  it('names what it cannot carry', () => {
    const root = sampleE10(2024);
    const kind = structuredClone(root.Kind) as XmlElement[];
    (kind[0]!.Ang_Kind as XmlElement).Unknown = 'x';
    expect(readMapped({ ...root, Kind: kind }, 2024).unmapped).toEqual(['Kind/Ang_Kind/Unknown']);
  });
});

describe('the rules of the mapped Anlagen', () => {
  const findings = (body: Record<string, unknown>) => mappedFindings({ ...base(2024), ...body } as EstReturn).map(({ path, code }) => `${path} ${code}`);

  it('refuses a field the year lacks, and the spouse without one', () => {
    expect(findings({ year: 2022, joint_assessment: false, children: [{ single_parent: [{ claimed_for: 'taxpayer' }] }] })).toEqual([
      'children.0.single_parent.0.claimed_for NOT_IN_YEAR',
    ]);
    expect(findings({ capital_income: [{ person: 'spouse' }] })).toEqual(['capital_income.0.person SPOUSE_REQUIRED']);
  });

  it('refuses a form given twice', () => {
    expect(findings({ special_expenses: { church_tax: { refunded: 10 } }, deductions: { donations: 5 } })).toEqual(['special_expenses FORM_GIVEN_TWICE']);
  });

  it('holds a child against the parents and the year', () => {
    const taxpayer = { idnr: '04452397687' };
    expect(findings({ taxpayer, children: [{ idnr: '04452397687', birth_date: '2025-01-01' }] })).toEqual([
      'children.0.idnr IDNR_SAME_AS_PARENT',
      'children.0.birth_date CHILD_BORN_AFTER_YEAR',
    ]);
    expect(findings({ joint_assessment: false, employment: [{ person: 'taxpayer', tax_class: 2, gross_wage: 1 }] })).toEqual([
      'employment.0.tax_class TAX_CLASS_II_WITHOUT_CHILD',
    ]);
    expect(
      findings({ joint_assessment: false, employment: [{ person: 'taxpayer', tax_class: 2, gross_wage: 1 }], children: [{ first_name: 'Tobias' }] }),
    ).toEqual([]);
  });

  it('keeps a craftsman’s labour within the invoice', () => {
    expect(findings({ section_35a: { craftsmen: [{ invoiced: 100, labour: 120 }] } })).toEqual(['section_35a.craftsmen.0.labour LABOUR_ABOVE_INVOICE']);
  });
});

describe('a live return', () => {
  afterEach(() => vi.unstubAllEnvs());

  it("refuses a child's test IdNr as it refuses the parents'", async () => {
    vi.stubEnv('ALLOW_LIVE_SUBMISSIONS', 'true');
    const person = { first_name: 'Erika', last_name: 'Mustermann', birth_date: '1980-05-17' };
    const body = {
      test: false,
      year: 2024,
      tax_number: '9181081508155',
      taxpayer: { ...person, idnr: '65929970489' },
      children: [{ idnr: '02476291358', first_name: 'Tobias' }],
    };
    const checked = await checkEst(body, checkContext());
    expect(checked.findings.filter((finding) => finding.severity !== 'hint').map(({ path, code }) => `${path} ${code}`)).toEqual([
      'children.0.idnr TEST_IDNR_NOT_LIVE',
    ]);
  });
});

describe('the protocol', () => {
  it('shows the Anlagen grouped under their names with amounts in one format, and no health data', async () => {
    const fixture = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'valid-2024-anlagen-households.json'), 'utf8'));
    const checked = await checkEst(fixture.body, checkContext());
    if (checked.filing?.kind !== 'est') throw new Error('the fixture is refused');
    const xml = estNutzdaten(checked.filing.body as EstReturn, { herstellerId: '74931', createdAt: new Date('2026-11-24T09:00:00Z') });
    const rows = await protocolRows(xml, 2024);
    expect(rows).toEqual(
      expect.arrayContaining([
        'Anlage Kind: ',
        '  Anspruch auf Kindergeld: 4.896,00 €',
        '  Kinderbetreuungskosten: 2.760,00 €',
        '  Schulgeld: 1.800,00 €',
        'Anlage G: ',
        '  Gewinn aus Gewerbebetrieb: -350,00 €',
        '  Veräußerungspreis (Grundstücke): 430.000,00 €',
        'Anlage KAP: ',
        '  Kapitalertragsteuer: 54,87 €',
        'Anlage S: ',
        '  Anteil an Gewinnen aus Gemeinschaften (Person B): -1.200,00 €',
      ]),
    );
    expect(rows.filter((row) => /Krankheit|Pflegekosten|Pflegegrad|Behinderung|Grad der/.test(row))).toEqual([]);
  });
});
