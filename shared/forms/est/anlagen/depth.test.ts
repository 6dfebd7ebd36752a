// The Anlagen added to the map for the depth of the income tax return (Sonst, EM_35c, AUS, N_AUS,
// R_AUS, KAP_I, V_FeWo, V_Sonstige, Mob, Zins, FW): each, with every field of its year's form,
// written, read back with nothing left unread, and written again the same; a field its year lacks
// refused by name.
import { describe, expect, it } from 'vitest';
import { buildXml } from '#shared/xml/build.ts';
import { duplicateFindings, mappedAnlagen, mappedFindings, readMapped, withMappedForms } from '#shared/forms/est/anlagen/mapped.ts';
import { estSchemaStructure } from '#shared/forms/est/structure.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { estAnlagen } from '#test/oracle/est-anlagen.ts';
import { protocolRows } from '#test/support/est-protocol.ts';
import { estNutzdaten } from '#shared/forms/est/xml-writer.ts';
import { estReturnSample } from '#test/support/samples.ts';
import type { Fields, Leaf } from '#shared/forms/est/anlagen/map.ts';

const depthElements = ['N_AUS', 'KAP_I', 'AUS', 'EM_35c', 'Sonst', 'Zins', 'R_AUS', 'V_Sonstige', 'V_FeWo', 'Mob'];

const base = (year: number) => ({ year, test: true, joint_assessment: true, employment: [], pensions: [], spouse: {} }) as unknown as EstReturn;

describe('the Anlagen of the depth, every field through the XML and back', () => {
  for (const year of [2022, 2023, 2024, 2025])
    it(`${year}`, () => {
      const { each } = estAnlagen(year, true, ['04452397687', '02476291358']);
      // 2022's form has the lines of V-Sonstige and V-FeWo in Anlage V.
      for (const element of depthElements.filter((name) => year > 2022 || !['V_Sonstige', 'V_FeWo'].includes(name))) {
        const anlage = mappedAnlagen.find((candidate) => candidate.element === element)!;
        const body = { ...base(year), ...Object.fromEntries(each)[anlage.key] };
        const written = withMappedForms(body, {});
        expect(written[element], element).toBeDefined();
        const { body: read, unmapped } = readMapped(written, year);
        expect(unmapped, element).toEqual([]);
        expect(buildXml(withMappedForms({ ...base(year), ...read }, {})), element).toBe(buildXml(written));
      }
    });
});

describe('the rules of the depth', () => {
  const codes = (body: Record<string, unknown>) =>
    mappedFindings({ ...base(body.year as number), ...body } as EstReturn).map((finding) => `${finding.path} ${finding.code}`);

  it("Sonst: the shares of protected cultural assets only from 2023's form", () => {
    const miscellaneous = { cultural_asset_shares: [{ person: 'taxpayer', shares: [{ partnership: 'Burg GbR', amount: '1200' }] }] };
    expect(codes({ year: 2022, miscellaneous })).toEqual(['miscellaneous.cultural_asset_shares NOT_IN_YEAR']);
    expect(codes({ year: 2023, miscellaneous })).toEqual([]);
  });

  it('V-FeWo: each names its own Anlage V, and none stands in 2022', async () => {
    const holiday_lettings = [{ rental_number: 1 }, { rental_number: 2 }, { rental_number: 1 }];
    const duplicates = await duplicateFindings({ ...base(2024), holiday_lettings } as EstReturn, estSchemaStructure);
    expect(duplicates.map((finding) => `${finding.path} ${finding.code}`)).toEqual(['holiday_lettings.2.rental_number DUPLICATE_ENTRY']);
    expect(codes({ year: 2022, holiday_lettings: [{ rental_number: 1 }] })).toEqual(['holiday_lettings.0.rental_number NOT_IN_YEAR']);
  });

  it('Mob: the kind of income by name, a trip home at most weekly', () => {
    const persons = (source: Record<string, unknown>) => ({ mobility_premium: { persons: [{ person: 'taxpayer', sources: [source] }] } });
    expect(codes({ year: 2024, ...persons({ income_kind: 'trade', home_trips: 53 }) })).toEqual([]);
    expect(withMappedForms({ ...base(2024), ...persons({ income_kind: 'rentals' }) } as EstReturn, {}).Mob).toEqual({
      Ang: [{ Person: 'PersonA', Einz: [{ E0420801: '4' }] }],
    });
  });

  it('EM_35c: one building in 2022, nine later', () => {
    const energy_renovation = { buildings: [{ street: 'Hauptstr. 1' }, { street: 'Nebenweg 2' }] };
    expect(codes({ year: 2022, energy_renovation })).toEqual(['energy_renovation.buildings NOT_IN_YEAR']);
    expect(codes({ year: 2023, energy_renovation })).toEqual([]);
  });
});

const leaves = (fields: Fields): Leaf[] =>
  Object.values(fields).flatMap((node) => (node.kind === 'leaf' ? [node] : node.kind === 'group' ? leaves(node.fields) : []));

describe("the child's disability in Anlage Kind (health data)", () => {
  const kind = mappedAnlagen.find((anlage) => anlage.element === 'Kind')!;

  it('marks every field of a disability, a mark or a care degree as health data', () => {
    const disability = leaves(kind.fields).filter((leaf) => /Behinderung|Merkzeichen|Pflegegrad/.test(leaf.label));
    expect(disability.length).toBeGreaterThanOrEqual(8);
    expect(disability.filter((leaf) => !leaf.health).map((leaf) => leaf.label)).toEqual([]);
  });

  it('is written, and the protocol shows none of it', async () => {
    const child = {
      first_name: 'Lena',
      birth_date: '2010-04-01',
      disability_transfer: { degree: '50', mark_g: true, valid_indefinitely: true },
      disability_travel: { degree_80_or_70_g: true },
    };
    const body = estReturnSample({ year: 2024, children: [child] } as Partial<EstReturn>);
    const xml = estNutzdaten(body, { herstellerId: '74931', createdAt: new Date('2026-11-24T09:00:00Z') });
    expect(xml).toContain('<E0505809>50</E0505809>');
    expect((await protocolRows(xml, 2024)).filter((row) => /Behinderung|Merkzeichen|Pflegegrad|Fahrtkosten/.test(row))).toEqual([]);
  });
});

describe('the health and care insurance abroad and of co-insured persons in Vorsorgeaufwand (health data)', () => {
  const vor = mappedAnlagen.find((anlage) => anlage.key === 'provision_further')!;

  it('marks every amount of it as health data', () => {
    const amounts = leaves(vor.fields).filter((leaf) => leaf.format.amount);
    expect(amounts.length).toBe(10);
    expect(amounts.filter((leaf) => !leaf.health).map((leaf) => leaf.label)).toEqual([]);
  });

  it('is written in the order of the form beside the per-person blocks, and the protocol shows none of it', async () => {
    const provision_further = {
      health_abroad: [{ person: 'taxpayer', health: '4321', care: '321' }],
      co_insured: [{ idnr: '02476291358', name: 'Quorx Lindwurm, 01.02.2001', health: '1234' }],
      statements: [{ person: 'taxpayer', no_health_subsidies: true }],
    };
    const provision = { taxpayer: { private_health: { health: '2500' }, employer_subsidies: { private_health: '800' }, unemployment_insurance: '300' } };
    const body = estReturnSample({ year: 2024, provision, provision_further } as Partial<EstReturn>);
    const xml = estNutzdaten(body, { herstellerId: '74931', createdAt: new Date('2026-11-24T09:00:00Z') });
    const order = ['Beitr_p_KV_PV_Inl', 'Beitr_g_p_KV_PV_Ausl', 'Stfr_AG_Zusch', 'Uebern_KV_PV_Beitr', 'Weit_Sons_VorAW', 'Erg_Ang'].map((name) =>
      xml.indexOf(`<${name}>`),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBeGreaterThan(0);
    expect(xml).toContain('<E2002502>4321</E2002502>');
    expect(xml).toContain('<E2004003>1234</E2004003>');
    expect((await protocolRows(xml, 2024)).filter((row) => /Ausland|mitversichert|Zuschüsse|4\.321|1\.234/.test(row))).toEqual([]);
  });
});
