import { describe, expect, it } from 'vitest';
import { componentSchemas } from '#shared/openapi/schemas.ts';
import { formModule } from '#shared/forms/zm/module.ts';
import { zmContractExample } from '#shared/forms/zm/openapi.ts';
import { zmFilingOf, zmSchema } from '#shared/forms/zm/schema.ts';

const { company_name, ...address } = zmContractExample.business;
const xmlOf = (body: unknown) => formModule.nutzdaten(zmFilingOf(zmSchema.parse(body)), { herstellerId: '00000', createdAt: new Date(0) });

describe("the ZM business's name", () => {
  it('takes the former business.name for company_name, alone or beside an equal one, and writes the same XML', () => {
    const written = xmlOf(zmContractExample);
    expect(xmlOf({ ...zmContractExample, business: { name: company_name, ...address } })).toBe(written);
    expect(xmlOf({ ...zmContractExample, business: { name: company_name, company_name, ...address } })).toBe(written);
    expect(zmFilingOf(zmSchema.parse({ ...zmContractExample, business: { name: company_name, ...address } })).business).toEqual(zmContractExample.business);
  });

  it('refuses the two names differing, naming both paths, and neither given', () => {
    const conflicting = zmSchema.safeParse({ ...zmContractExample, business: { name: 'Andere GmbH', company_name, ...address } });
    expect(conflicting.error?.issues).toEqual([
      expect.objectContaining({
        path: ['business', 'company_name'],
        params: expect.objectContaining({ code: 'FIELD_ALIAS_CONFLICT', expected: 'business.name' }),
      }),
    ]);
    expect(zmSchema.safeParse({ ...zmContractExample, business: address }).error?.issues).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ code: 'REQUIRED' }) }),
    ]);
  });

  it('marks business.name deprecated in the document, naming company_name and the last day it is taken', () => {
    const business = componentSchemas().ZmSubmission!.properties!.business as { properties: Record<string, { deprecated?: boolean; description?: string }> };
    expect(business.properties.name).toMatchObject({ deprecated: true, description: expect.stringMatching(/company_name.*2027-11-30/) });
    expect(business.properties.company_name!.deprecated).toBeUndefined();
  });
});
