import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBackEst } from '#shared/forms/est/read-back.ts';
import { checkEst } from '#shared/forms/est/check.ts';
import { estNutzdaten } from '#shared/forms/est/xml-writer.ts';
import { parseXml, type XmlElement } from '#shared/xml/xml.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { estReturnSample } from '#test/support/samples.ts';
import { elsterDir, elsterMissing, needsElster } from '#test/support/elster.ts';
import { checkContext } from '#shared/wiring/check-context.ts';
import { assessments, estBodies } from '#test/oracle/matrix.ts';
import { estFacts } from '#shared/forms/est/facts.ts';
import { estFilingOf, estSchema } from '#shared/forms/est/schema.ts';
import * as z from 'zod/mini';
import { maxXmlBytes } from '#shared/xml/limits.ts';

const missing = elsterMissing('samples');

const options = { herstellerId: '74931', createdAt: new Date('2026-02-10T09:00:00Z') };

/** The E10 element of one of ELSTER's own samples (a whole <Elster> file). */
async function sampleE10(year: number): Promise<string> {
  const file = await readFile(join(elsterDir, 'samples', `est_e10_${year}.xml`), 'utf8');
  return /<E10[\s>][\s\S]*<\/E10>/.exec(file)![0];
}

/** The forms of an E10 element, without the Vorsatz, which the service writes itself. */
function forms(xml: string): XmlElement {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.problem.message);
  const { Vorsatz: _vorsatz, ...rest } = parsed.element;
  return rest;
}

describe('reading an E10 back into the structured body', () => {
  it.skipIf(missing).each([2022, 2023, 2024])(
    "reads ELSTER's sample of %i: what it carries is written again element for element, value for value",
    needsElster,
    async (year) => {
      const xml = await sampleE10(year);
      const { body, unmapped } = await readBackEst(xml);
      expect(body).toMatchObject({ year, tax_number: '9181081508155', joint_assessment: true, married_since: '2009-08-02' });
      // The sample names no IdNr of the spouses; a caller adds them before submitting.
      const filed = {
        test: true,
        ...body,
        taxpayer: { ...(body.taxpayer as object), idnr: '04452397687' },
        spouse: { ...(body.spouse as object), idnr: '86095742719' },
      };
      const checked = await checkEst(filed, checkContext());
      expect(checked.findings.filter((finding) => finding.severity !== 'hint')).toEqual([]);
      const rewritten = forms(estNutzdaten(filed as unknown as EstReturn, options));
      const original = forms(xml);
      // Every form is carried whole: nothing is unmapped, and each is written again as it came.
      expect(unmapped).toEqual([]);
      const names = Object.keys(original).filter((name) => !name.startsWith('@_'));
      expect(Object.keys(rewritten).filter((name) => !name.startsWith('@_'))).toEqual(names);
      for (const form of names) expect(rewritten[form], form).toEqual(original[form]);
    },
  );

  it('reads back its own XML with nothing unmapped', async () => {
    const written: EstReturn = estReturnSample({
      year: 2024,
      employee: {
        taxpayer: {
          union_dues: [{ description: 'IG Metall', amount: '398' }],
          home_office_days: 40,
          home_office_days_no_other_workplace: 10,
          training: [{ description: 'Kurs', amount: '120' }],
          double_household: [
            {
              founded_on: '2020-03-01',
              reason: 'Versetzung',
              place_of_work: '80331 München',
              own_household: true,
              own_household_place: '93047 Regensburg',
              home_trips: 40,
              home_trip_km: 120,
              accommodation: '7200',
            },
          ],
        },
      },
      provision: { taxpayer: { pension: { employee: '4000', employer: '4000' }, statutory_health: { health: '3900', care: '700' } } },
      deductions: undefined,
      phone: '0941 123456',
      supplementary_information: 'Belege folgen.',
      wage_replacement_benefits: { taxpayer: [{ description: 'Elterngeld', amount: '3600' }] },
    });
    const xml = estNutzdaten(written, options);
    const { body, unmapped } = await readBackEst(xml);
    expect(unmapped).toEqual([]);
    expect(forms(estNutzdaten({ ...written, ...body } as EstReturn, options))).toEqual(forms(xml));
  });

  // The XSD suite's bodies reach every field the structured body writes (scripts/est-fields/ counts
  // them by these): read back, each writes the same XML again from what was read alone. A body
  // whose XML is larger than a caller's `xml` may be is never read back.
  const written = (request: unknown) => estNutzdaten(estFilingOf(z.parse(estSchema, request)) as EstReturn, options);
  const matrixBodies = estFacts.years
    .flatMap((year) => assessments.flatMap((assessment) => estBodies(year, assessment)))
    .map(({ name, body }) => ({ name: `${body.year} ${name}`, body, xml: written(body) }))
    .filter(({ xml }) => Buffer.byteLength(xml) <= maxXmlBytes);
  it.each(matrixBodies)('loses nothing of $name', async ({ xml }) => {
    const { body: read, unmapped } = await readBackEst(xml);
    expect(unmapped).toEqual([]);
    expect(forms(written({ test: true, ...read }))).toEqual(forms(xml));
  });
});
