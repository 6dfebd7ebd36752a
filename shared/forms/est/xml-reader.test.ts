import { describe, expect, it } from 'vitest';
import { checkEstNutzdaten, readEstNutzdaten } from '#shared/forms/est/xml-reader.ts';
import { estNutzdaten } from '#shared/forms/est/xml-writer.ts';
import { maxXmlBytes } from '#shared/xml/limits.ts';
import type { EstReturn, Person } from '#shared/forms/est/model.ts';
import { estReturnSample } from '#test/support/samples.ts';

const erika: Person = estReturnSample().taxpayer;
const max: Person = { ...erika, idnr: '02476291358', first_name: 'Max', birth_date: '1958-01-02' };

const contractExample = estReturnSample();

const built = (body: EstReturn) => estNutzdaten(body, { herstellerId: '74931', createdAt: new Date('2026-02-10T09:00:00Z') });
const namespace2025 = 'http://finkonsens.de/elster/elstererklaerung/est/e10/v2025';

/** The key figures of a return as the protocol shows them: read back from the XML that is sent. */
async function keyFigures(body: EstReturn) {
  const read = await readEstNutzdaten(built(body), body.year);
  if (!read.ok) throw new Error(JSON.stringify(read.findings));
  return read.figures;
}

describe('the key figures read back', () => {
  it('shows the contract example as transmitted, each form under its heading, with German labels and every amount with cents', async () => {
    expect(await keyFigures(contractExample)).toEqual([
      { label: 'Sonderausgaben', value: '' },
      { label: '  Spenden und Mitgliedsbeiträge', value: '200,00 €' },
      { label: 'Steuerermäßigung für haushaltsnahe Tätigkeiten (§ 35a EStG)', value: '' },
      { label: '  Haushaltsnahe Dienstleistungen', value: '450,00 €' },
      { label: '  Handwerkerleistungen (Arbeitskosten)', value: '1.200,00 €' },
      { label: 'Anlage N', value: '' },
      { label: '  Steuerklasse', value: '1' },
      { label: '  Lohnsteuerbescheinigung 1: Bruttoarbeitslohn', value: '45.000,00 €' },
      { label: '  Lohnsteuerbescheinigung 1: Lohnsteuer', value: '6.200,00 €' },
      { label: '  Bruttoarbeitslohn', value: '45.000,00 €' },
      { label: '  Einbehaltene Lohnsteuer', value: '6.200,00 €' },
      { label: '  Arbeitsmittel', value: '250,00 €' },
      { label: '  Wege zur ersten Tätigkeitsstätte', value: '205 Tage, 18 km' },
      { label: 'Anlage Vorsorgeaufwand', value: '' },
      { label: '  Beiträge zur gesetzlichen Kranken- und Pflegeversicherung', value: '3.900,00 €' },
    ]);
  });

  it('names the person of each form in a joint return, shows each wage tax statement and adds up repeated lines', async () => {
    const figures = await keyFigures({
      ...contractExample,
      spouse: max,
      joint_assessment: true,
      married_since: '1985-08-30',
      employment: [
        { person: 'taxpayer', tax_class: 3, gross_wage: 1000, income_tax_withheld: '12.34' },
        { person: 'taxpayer', tax_class: 6, gross_wage: 500, income_tax_withheld: '100.00', church_tax_withheld: 8 },
        { person: 'spouse', tax_class: 5, gross_wage: 2000.75 },
      ],
      pensions: [
        { person: 'spouse', annual_amount: '1000.00', start_year: 2020 },
        { person: 'spouse', annual_amount: '234.56', start_year: 2021 },
      ],
      deductions: {},
    });
    expect(figures).toEqual([
      { label: 'Hauptvordruck (ESt 1 A)', value: '' },
      { label: '  Veranlagungsart', value: 'Zusammenveranlagung' },
      { label: '  Familienstand', value: 'verheiratet seit 30.08.1985' },
      { label: 'Anlage N (Person A)', value: '' },
      { label: '  Steuerklasse', value: '3' },
      { label: '  Lohnsteuerbescheinigung 1: Bruttoarbeitslohn', value: '1.000,00 €' },
      { label: '  Lohnsteuerbescheinigung 1: Lohnsteuer', value: '12,34 €' },
      { label: '  Lohnsteuerbescheinigung 2, Steuerklasse 6: Bruttoarbeitslohn', value: '500,00 €' },
      { label: '  Lohnsteuerbescheinigung 2, Steuerklasse 6: Lohnsteuer', value: '100,00 €' },
      { label: '  Bruttoarbeitslohn', value: '1.000,00 €' },
      { label: '  Einbehaltene Lohnsteuer', value: '12,34 €' },
      { label: '  Bruttoarbeitslohn, Steuerklasse 6', value: '500,00 €' },
      { label: '  Einbehaltene Lohnsteuer, Steuerklasse 6', value: '100,00 €' },
      { label: '  Einbehaltene Kirchensteuer, Steuerklasse 6', value: '8,00 €' },
      { label: 'Anlage N (Person B)', value: '' },
      { label: '  Steuerklasse', value: '5' },
      { label: '  Lohnsteuerbescheinigung 1: Bruttoarbeitslohn', value: '2.000,75 €' },
      { label: '  Bruttoarbeitslohn', value: '2.000,00 €' },
      { label: 'Anlage R (Person B)', value: '' },
      { label: '  Rentenbetrag (gesetzliche Rente)', value: '1.234,00 €' },
    ]);
  });
});

describe('the main form in the protocol', () => {
  it('shows the marital status with its dates, each § 32b benefit with their sum per person, and the phone', async () => {
    const figures = await keyFigures({
      ...contractExample,
      spouse: max,
      joint_assessment: false,
      married_since: '1985-08-30',
      separated_since: '2024-03-01',
      phone: '0941 123456',
      wage_replacement_benefits: {
        spouse: [
          { description: 'Elterngeld', amount: '3600' },
          { description: 'Krankengeld', amount: '420.50' },
        ],
      },
      deductions: {},
    });
    expect(figures.slice(0, 7)).toEqual([
      { label: 'Hauptvordruck (ESt 1 A)', value: '' },
      { label: '  Veranlagungsart', value: 'Einzelveranlagung von Ehegatten' },
      { label: '  Familienstand', value: 'verheiratet seit 30.08.1985, dauernd getrennt seit 01.03.2024' },
      { label: '  Elterngeld (Person B)', value: '3.600,00 €' },
      { label: '  Krankengeld (Person B)', value: '420,00 €' },
      { label: '  Summe § 32b EStG (Person B)', value: '4.020,00 €' },
      { label: '  Telefon', value: '0941 123456' },
    ]);
  });
});

describe('readEstNutzdaten', () => {
  it('accepts its own XML and gives back its IdNrs', async () => {
    expect(await readEstNutzdaten(built(contractExample), 2025)).toMatchObject({
      ok: true,
      idnrs: expect.arrayContaining([{ path: 'xml.Vorsatz.ID', idnr: contractExample.taxpayer.idnr }]),
    });
  });

  it('accepts a first return without tax number, and a caller’s E10 without Vorsatz', async () => {
    const { tax_number: _taxNumber, ...firstReturn } = contractExample;
    expect(await readEstNutzdaten(built({ ...firstReturn, tax_office: '9198' }), 2025)).toMatchObject({ ok: true });
    expect(await readEstNutzdaten(`<E10 version="2025" xmlns="${namespace2025}"/>`, 2025)).toEqual({ ok: true, idnrs: [], figures: [] });
  });

  it('shows the amounts and tax class of a caller’s XML, the tax class only from 1 to 5', async () => {
    const xml = `<E10 version="2025" xmlns="${namespace2025}"><N><Person>PersonA</Person><ArbL><LStB_1_5_Sum><E0200002>6</E0200002><E0200301>12,50</E0200301></LStB_1_5_Sum></ArbL></N></E10>`;
    expect(await readEstNutzdaten(xml, 2025)).toEqual({
      ok: true,
      idnrs: [],
      figures: [
        { label: 'Anlage N', value: '' },
        { label: '  Einbehaltene Lohnsteuer', value: '12,50 €' },
      ],
    });
  });

  it('refuses an amount in a form the schema does not allow, naming where it stands', async () => {
    const xml = `<E10 version="2025" xmlns="${namespace2025}"><N><Person>PersonA</Person><ArbL><LStB_1_5_Sum><E0200201>1.000,00 EUR</E0200201></LStB_1_5_Sum></ArbL></N></E10>`;
    expect(await readEstNutzdaten(xml, 2025)).toEqual({
      ok: false,
      findings: [{ path: 'xml.N.ArbL.LStB_1_5_Sum.E0200201', code: 'XML_VALUE', message: expect.stringMatching(/^must be a number \(line 1, column \d+\)$/) }],
    });
  });

  it.each([
    ['a UStVA element', `<Anmeldungssteuern version="2025" xmlns="${namespace2025}"/>`, 'XML_ROOT'],
    ['a prefixed root', `<e:E10 xmlns:e="${namespace2025}" version="2025"/>`, 'XML_ROOT'],
    ['the whole Elster envelope', '<Elster xmlns="http://www.elster.de/elsterxml/schema/v11"><DatenTeil/></Elster>', 'XML_ROOT'],
  ])('refuses %s', async (_, xml, code) => {
    expect(await readEstNutzdaten(xml, 2025)).toEqual({ ok: false, findings: [expect.objectContaining({ path: 'xml', code, expected: 'E10' })] });
  });

  it('refuses the namespace and version of another year, naming the expected ones', async () => {
    const result = await readEstNutzdaten(built({ ...contractExample, year: 2024 }), 2025);
    expect(result).toEqual({
      ok: false,
      findings: [
        expect.objectContaining({ path: 'xml', code: 'XML_NAMESPACE', expected: namespace2025 }),
        expect.objectContaining({ path: 'xml', code: 'XML_VERSION', expected: '2025' }),
        expect.objectContaining({ path: 'xml', code: 'XML_PERIOD', expected: '2025' }),
      ],
    });
  });

  it('refuses a missing namespace, a UStVA namespace and a missing version', async () => {
    expect(await readEstNutzdaten('<E10 version="2025"/>', 2025)).toMatchObject({ ok: false, findings: [{ code: 'XML_NAMESPACE' }] });
    expect(await readEstNutzdaten('<E10 version="2025" xmlns="http://finkonsens.de/elster/elsteranmeldung/ustva/v2025"/>', 2025)).toMatchObject({
      ok: false,
      findings: [{ code: 'XML_NAMESPACE' }],
    });
    expect(await readEstNutzdaten(`<E10 xmlns="${namespace2025}"/>`, 2025)).toMatchObject({ ok: false, findings: [{ code: 'XML_VERSION' }] });
  });

  it('refuses a tax number that is not 13 digits', async () => {
    const xml = `<E10 version="2025" xmlns="${namespace2025}"><Vorsatz><StNr>198/113/10010</StNr></Vorsatz></E10>`;
    expect(await readEstNutzdaten(xml, 2025)).toMatchObject({ ok: false, findings: [{ path: 'xml', code: 'XML_TAX_NUMBER' }] });
  });

  describe('identifiers', () => {
    const e10 = (inner: string) => `<E10 version="2025" xmlns="${namespace2025}">${inner}</E10>`;
    const joint = e10(
      '<ESt1A><Allg><A><E0100081>04452397687</E0100081></A><B><E0100082>02476291358</E0100082></B></Allg></ESt1A>' +
        '<Kind><Ang_Kind><Allg><E0500406>65929970489</E0500406></Allg></Ang_Kind></Kind>' +
        '<Vorsatz><StNr>9198011310010</StNr><Ordnungsbegriff>9198011310010</Ordnungsbegriff><ID>04452397687</ID><IDEhefrau>02476291358</IDEhefrau></Vorsatz>',
    );

    it('gives back every IdNr with its place', async () => {
      expect(await readEstNutzdaten(joint, 2025)).toMatchObject({
        ok: true,
        idnrs: [
          { path: 'xml.ESt1A.Allg.A.E0100081', idnr: '04452397687' },
          { path: 'xml.ESt1A.Allg.B.E0100082', idnr: '02476291358' },
          { path: 'xml.Kind.Ang_Kind.Allg.E0500406', idnr: '65929970489' },
          { path: 'xml.Vorsatz.ID', idnr: '04452397687' },
          { path: 'xml.Vorsatz.IDEhefrau', idnr: '02476291358' },
        ],
      });
    });

    it.each([
      ['Vorsatz/ID', joint.replace('<ID>04452397687', '<ID>04452397688'), 'xml.Vorsatz.ID', 'IDNR_CHECK_DIGIT'],
      ['Vorsatz/IDEhefrau', joint.replace('<IDEhefrau>02476291358', '<IDEhefrau>12345678903'), 'xml.Vorsatz.IDEhefrau', 'IDNR_DIGIT_PATTERN'],
      ['Person A', joint.replace('<E0100081>04452397687', '<E0100081>0445239768'), 'xml.ESt1A.Allg.A.E0100081', 'IDNR_FORMAT'],
      ['a child', joint.replace('<E0500406>65929970489', '<E0500406>65929970488'), 'xml.Kind.Ang_Kind.Allg.E0500406', 'IDNR_CHECK_DIGIT'],
    ])('checks the IdNr of %s as the request’s own', async (_, xml, path, code) => {
      expect(await readEstNutzdaten(xml, 2025)).toEqual({ ok: false, findings: [expect.objectContaining({ path, code })] });
    });
  });

  describe('hostile input', () => {
    const e10 = (inner: string) => `<E10 version="2025" xmlns="${namespace2025}">${inner}</E10>`;

    it.each([
      [
        'an external entity',
        `<!DOCTYPE E10 [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${e10('<Vorsatz><StNr>&xxe;</StNr></Vorsatz>')}`,
        'XML_DTD_NOT_ALLOWED',
      ],
      [
        'entity expansion',
        `<!DOCTYPE E10 [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${e10('<Vorsatz><AbsName>&b;</AbsName></Vorsatz>')}`,
        'XML_DTD_NOT_ALLOWED',
      ],
      ['a DTD by reference', `<!DOCTYPE E10 SYSTEM "http://example.com/e10.dtd">${e10('')}`, 'XML_DTD_NOT_ALLOWED'],
      ['an undeclared entity', e10('<Vorsatz><AbsName>&nbsp;</AbsName></Vorsatz>'), 'XML_ENTITY_NOT_ALLOWED'],
      ['broken nesting', e10('<Vorsatz><StNr>9198011310010</Vorsatz></StNr>'), 'XML_MALFORMED'],
      ['two roots', `${e10('')}${e10('')}`, 'XML_MALFORMED'],
      ['no XML at all', '{"year": 2025}', 'XML_MALFORMED'],
      ['an oversize document', e10(`<Vorsatz><AbsName>${'a'.repeat(maxXmlBytes)}</AbsName></Vorsatz>`), 'XML_TOO_LARGE'],
    ])('refuses %s as a finding on `xml`', async (_, xml, code) => {
      const result = await readEstNutzdaten(xml, 2025);
      expect(result).toEqual({ ok: false, findings: [{ path: 'xml', code, message: expect.any(String) }] });
    });

    it('keeps markup-like text inside a value as text', async () => {
      const xml = e10('<Vorsatz><StNr>9198011310010</StNr><AbsName>&lt;/Vorsatz&gt;&lt;StNr&gt;1&lt;/StNr&gt;</AbsName></Vorsatz>');
      expect(await checkEstNutzdaten(xml, 2025)).toMatchObject({ ok: true, root: { Vorsatz: { StNr: '9198011310010', AbsName: '</Vorsatz><StNr>1</StNr>' } } });
    });
  });
});
