// What ELSTER's E10 schema refuses in the main form, Anlage N and Vorsorgeaufwand, the check
// refuses first (or the writer avoids): each found by the XSD oracle's generated bodies
// (test/oracle/est-parts.ts), each against shared/elster/schemas/E10-2022.xsd to E10-2024.xsd.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { Employment } from '#shared/forms/est/model.ts';
import { estFindings } from '#shared/forms/est/rules.ts';
import { estNutzdaten } from '#shared/forms/est/xml-writer.ts';
import { employmentSchema } from '#shared/forms/est/anlagen/n.ts';
import { parseXml, type XmlElement } from '#shared/xml/xml.ts';
import { estReturnSample } from '#test/support/samples.ts';

const today = new Date('2026-03-01T12:00:00Z');
const found = (body: Parameters<typeof estFindings>[0]) =>
  estFindings(body, today)
    .filter((finding) => finding.severity !== 'hint')
    .map(({ path, code, expected }) => `${path} ${code} ${expected}`);
const job = (changes: Partial<Employment> = {}): Employment => ({ person: 'taxpayer', tax_class: 1, gross_wage: 1000, ...changes });

describe("the E10 schema's limits of the main form, Anlage N and Vorsorgeaufwand", () => {
  it("takes an eTIN only in the schema's pattern: eight capitals, two digits, A to L, two digits, a capital (N/ETIN E0200003)", () => {
    const parses = (etin: string) => z.safeParse(employmentSchema, job({ etin })).success;
    expect(parses('YWRZNRBR64J11S')).toBe(true);
    expect(parses('YWRZNRBR64M11S')).toBe(false);
    expect(parses('Müller-Lüdensc')).toBe(false);
    expect(parses('YWRZNRBR64J11')).toBe(false);
  });

  it('takes at most 12 eTINs of a person (N/ETIN maxOccurs)', () => {
    const withEtins = (count: number) => estReturnSample({ year: 2022, employment: Array.from({ length: count }, () => job({ etin: 'YWRZNRBR64J11S' })) });
    expect(found(withEtins(12))).toEqual([]);
    expect(found(withEtins(13))).toEqual(['employment.12.etin OUT_OF_RANGE at most 12 eTINs per person']);
  });

  it('takes 98 lines of work equipment beside work equipment on the wage tax statements, which is a line of its own', () => {
    const withLines = (count: number) =>
      estReturnSample({
        employment: [job({ work_equipment: '10.00' })],
        employee: { taxpayer: { work_equipment: Array.from({ length: count }, () => ({ description: 'Laptop', amount: '10.00' })) } },
      });
    expect(found(withLines(98))).toEqual([]);
    expect(found(withLines(99))).toEqual([
      'employee.taxpayer.work_equipment.98 OUT_OF_RANGE at most 98 lines beside work_equipment on the wage tax statements',
    ]);
  });

  it('refuses wage replacement benefits whose sum has more than 12 digits in whole euros (ESt1A/Eink_Ers E0104801)', () => {
    const withLines = (...amounts: string[]) =>
      estReturnSample({ wage_replacement_benefits: { taxpayer: amounts.map((amount) => ({ description: 'Elterngeld', amount })) } });
    expect(found(withLines('500000000000.00', '499999999999.99'))).toEqual([]);
    expect(found(withLines('500000000000.00', '500000000000.00'))).toEqual([
      'wage_replacement_benefits.taxpayer.0.amount OUT_OF_RANGE at most 12 digits in whole euros, summed',
    ]);
  });

  it("writes the pension contributions in the schema's order: the refund before the basic pension (VOR/AVor)", () => {
    const body = estReturnSample({ provision: { taxpayer: { pension: { employee: 100, employer: 100, basic_pension: 50, refunded: 20 } } } });
    const parsed = parseXml(estNutzdaten(body, { herstellerId: '74931', createdAt: new Date('2026-02-10T09:00:00Z') }));
    if (!parsed.ok) throw new Error(parsed.problem.message);
    const pension = (parsed.element.VOR as XmlElement).AVor as XmlElement;
    expect(Object.keys(pension).filter((name) => !name.startsWith('@_'))).toEqual(['Person', 'E2000401', 'E2000703', 'E2000701', 'E2000801']);
  });
});
