// A caller's own XML is held to the whole structure of its year's ELSTER schema, every Anlage of
// the income tax return included: an unknown element or a wrong order anywhere is refused with
// XML_STRUCTURE, where it stands and the elements the schema expects there; an attribute's value
// its type refuses with XML_VALUE.

import { describe, expect, it } from 'vitest';
import { serviceOfFile } from '#test/support/local-service.ts';

const service = serviceOfFile();

const e10 = (anlagen: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<E10 xmlns="http://finkonsens.de/elster/elstererklaerung/est/e10/v2024" version="2024">\n${anlagen}\n</E10>`;
const validate = async (xml: string) => (await service.post('/v2/est/validate', { test: true, year: 2024, tax_office: '9198', xml })).json.data;

describe("POST /v2/est/validate with the caller's own E10", () => {
  it('accepts Anlagen as the schema has them', async () => {
    const xml = e10(
      '<Kind><Ang_Kind><Allg><E0500406>65929970489</E0500406><E0500107>Paula</E0500107></Allg></Ang_Kind></Kind>\n' +
        '<VOR><Beitr_g_KV_PV_Inl><Person>PersonA</Person><AN><E2001203>1200</E2001203></AN></Beitr_g_KV_PV_Inl></VOR>',
    );
    expect(await validate(xml)).toMatchObject({ valid: true, findings: [] });
  });

  it.each([
    [
      'an unknown element inside Anlage VOR',
      '<VOR>\n  <Beitr_g_KV_PV_Inl><Person>PersonA</Person><AN><E2001203>1200</E2001203></AN><Zuschuss>5</Zuschuss></Beitr_g_KV_PV_Inl>\n</VOR>',
      'xml.VOR.Beitr_g_KV_PV_Inl.Zuschuss',
      "is not an element of ELSTER's schema here; expected here: And_Pers (line 4, column 80)",
      'And_Pers',
    ],
    [
      'two elements swapped inside Anlage Kind',
      '<Kind><Ang_Kind><Allg>\n<E0500107>Paula</E0500107>\n<E0500406>65929970489</E0500406>\n</Allg></Ang_Kind></Kind>',
      'xml.Kind.Ang_Kind.Allg.E0500406',
      "must come before E0500107: ELSTER's schema fixes the order; expected here: E0500108, E0500701, E0500702, E0500706 (line 5, column 1)",
      'E0500108, E0500701, E0500702, E0500706',
    ],
  ])('refuses %s, naming line, column and what is expected there', async (_, anlagen, path, message, expected) => {
    expect(await validate(e10(anlagen))).toEqual({
      valid: false,
      datenart_version: 'ESt_2024',
      findings: [{ severity: 'error', path, code: 'XML_STRUCTURE', message, expected }],
    });
  });

  it("refuses an attribute value the attribute's type refuses, as it refuses an element's", async () => {
    const alias = (length: number) =>
      e10(`<Kind><Ang_Kind><Allg><E0500406 alias="${'a'.repeat(length)}">65929970489</E0500406><E0500107>Paula</E0500107></Allg></Ang_Kind></Kind>`);
    expect(await validate(alias(300))).toMatchObject({ valid: true, findings: [] });
    expect((await validate(alias(301))).findings).toEqual([
      expect.objectContaining({
        path: 'xml.Kind.Ang_Kind.Allg.E0500406',
        code: 'XML_VALUE',
        message: expect.stringMatching(/^has an attribute alias that must be at most 300 characters long/),
      }),
    ]);
  });

  it("refuses a value the schema's type does not allow, inside any Anlage", async () => {
    const xml = e10('<VOR><Beitr_g_KV_PV_Inl><Person>PersonA</Person><AN><E2001203>12x</E2001203></AN></Beitr_g_KV_PV_Inl></VOR>');
    expect((await validate(xml)).findings).toEqual([expect.objectContaining({ path: 'xml.VOR.Beitr_g_KV_PV_Inl.AN.E2001203', code: 'XML_VALUE' })]);
  });
});
