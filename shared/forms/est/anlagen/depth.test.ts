// The Anlagen added to the map for the depth of the income tax return (Sonst, EM_35c, AUS, N_AUS,
// R_AUS, KAP_I, V_FeWo, V_Sonstige, Mob, Zins, FW): each, with every field of its year's form,
// written, read back with nothing left unread, and written again the same; a field its year lacks
// refused by name.
import { describe, expect, it } from 'vitest';
import { buildXml } from '#shared/xml/build.ts';
import { mappedAnlagen, mappedFindings, readMapped, withMappedForms } from '#shared/forms/est/anlagen/mapped.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { estAnlagen } from '#test/oracle/est-anlagen.ts';

const depthElements = ['Sonst'];

const base = (year: number) => ({ year, test: true, joint_assessment: true, employment: [], pensions: [], spouse: {} }) as unknown as EstReturn;

describe('the Anlagen of the depth, every field through the XML and back', () => {
  for (const year of [2022, 2023, 2024, 2025])
    it(`${year}`, () => {
      const { each } = estAnlagen(year, true, ['04452397687', '02476291358']);
      for (const element of depthElements) {
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
});
