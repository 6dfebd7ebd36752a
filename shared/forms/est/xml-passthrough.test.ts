// The Anlagen the structured body does not describe (L, Anl_34b, N_GRE, WA_ESt) reach ELSTER in the
// caller's own E10: taken with the whole structure check of the year's schema, refused where an
// element stands that the schema does not have there, and valid against ELSTER's XSD.
import { describe, expect, it } from 'vitest';
import { checkEst } from '#shared/forms/est/check.ts';
import { estNutzdaten } from '#shared/forms/est/xml-writer.ts';
import { estReturnSample } from '#test/support/samples.ts';
import { validateNutzdaten } from '#test/oracle/xsd.ts';
import { elsterMissing } from '#test/support/elster.ts';
import { checkContext } from '#shared/wiring/check-context.ts';

const options = { herstellerId: '74931', createdAt: new Date('2026-11-24T09:00:00Z') };

/** The forms outside the body, each with a field, in E10's order (between HA_35a and N). */
const outside =
  '<WA_ESt><Zeitw_Stpfl_Unb><E0105102>01.03.</E0105102></Zeitw_Stpfl_Unb></WA_ESt>' +
  '<L><Art_Gew_Erm><E0900407>1</E0900407></Art_Gew_Erm></L>' +
  '<Anl_34b><E0940401>Forstbetrieb Muster</E0940401></Anl_34b>' +
  '<N_GRE><Person>PersonA</Person></N_GRE>';

/** The service's own E10 of `year` (ESt1A, SA, HA_35a, N, VOR) with the forms outside the body put in before Anlage N. */
function callerXml(year: number, forms = outside): string {
  const xml = estNutzdaten(estReturnSample({ year }), options);
  const at = xml.indexOf('<N>');
  expect(at).toBeGreaterThan(0);
  return `${xml.slice(0, at)}${forms}${xml.slice(at)}`;
}

const file = (year: number, xml: string) => checkEst({ test: true, year, tax_number: '9198011310010', idnr: '04452397687', xml }, checkContext());

describe("L, Anl_34b, N_GRE and WA_ESt in the caller's XML", () => {
  for (const year of [2022, 2023, 2024, 2025]) {
    it(`${year}: taken, and valid against the year's XSD`, async () => {
      const xml = callerXml(year);
      const checked = await file(year, xml);
      expect(checked.findings.filter((finding) => finding.severity !== 'hint')).toEqual([]);
      expect(checked.filing).toBeDefined();
      if (!elsterMissing('schemas')) expect(validateNutzdaten('est', year, xml).errors).toEqual([]);
    });

    it(`${year}: an element the schema lacks inside them is refused by the structure check`, async () => {
      const checked = await file(year, callerXml(year, outside.replace('<E0940401>', '<E0940499>1</E0940499><E0940401>')));
      expect(checked.filing).toBeUndefined();
      expect(checked.findings).toEqual([expect.objectContaining({ code: 'XML_STRUCTURE', path: 'xml.Anl_34b.E0940499' })]);
    });
  }
});
