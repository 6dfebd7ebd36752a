import { describe, expect, it } from 'vitest';
import { estNamespace, estNutzdaten } from '#shared/forms/est/xml-writer.ts';
import type { XmlElement } from '#shared/xml/xml.ts';
import { parseXml } from '#shared/xml/xml.ts';
import type { Employment, EstReturn, Person } from '#shared/forms/est/model.ts';
import { estReturnSample } from '#test/support/samples.ts';

const erika: Person = estReturnSample().taxpayer;
const max: Person = {
  idnr: '02476291358',
  first_name: 'Max',
  last_name: 'Mustermann',
  birth_date: '1958-01-02',
  religion: 'rk',
  address: { street: 'Hauptstr.', house_number: '12 b', postal_code: '80331', city: 'München' },
};

const contractExample = estReturnSample;

const options = { herstellerId: '74931', createdAt: new Date('2026-02-10T09:00:00Z') };

/** Element children in document order; the parser lists attributes after them. */
const childNames = (element: XmlElement) => Object.keys(element).filter((name) => !name.startsWith('@_'));

/** Builds, parses back, and returns the E10 element. */
function roundTrip(body: EstReturn): XmlElement {
  const parsed = parseXml(estNutzdaten(body, options));
  if (!parsed.ok) throw new Error(parsed.problem.message);
  expect(parsed.root).toBe('E10');
  return parsed.element;
}

describe('estNutzdaten', () => {
  it.each([2024, 2025, 2026])('writes the E10 root of the %i form', (year) => {
    const e10 = roundTrip(contractExample({ year }));
    expect(e10['@_version']).toBe(String(year));
    expect(e10['@_xmlns']).toBe(`http://finkonsens.de/elster/elstererklaerung/est/e10/v${year}`);
    expect(estNamespace(year)).toBe(e10['@_xmlns']);
    // The element goes into ELSTER's envelope as it is: no declaration, the namespace as default.
    expect(estNutzdaten(contractExample({ year }), options)).toMatch(
      new RegExp(`^<E10 version="${year}" xmlns="http://finkonsens\\.de/elster/elstererklaerung/est/e10/v${year}"><ESt1A>`),
    );
  });

  it('writes the contract example element by element, forms in the schema order', () => {
    const e10 = roundTrip(contractExample());
    expect(childNames(e10)).toEqual(['ESt1A', 'SA', 'HA_35a', 'N', 'VOR', 'Vorsatz']);
    expect(e10.ESt1A).toEqual({
      Art_Erkl: { E0100001: 'X' },
      Allg: {
        A: {
          E0100401: '17.05.1960',
          E0100201: 'Mustermann',
          E0100301: 'Erika',
          E0100402: '11',
          E0101104: 'Hauptstr.',
          E0101206: '1',
          E0100601: '80331',
          E0100602: 'München',
        },
        BV: { E0102102: 'DE02120300000000202051', Kto_Inh: { E0101601: 'X' } },
      },
    });
    // Church tax paid and medical costs of 0 are left out, as ELSTER leaves out empty lines.
    expect(e10.SA).toEqual({ Zuw: { Sp_MB: { Foerd_st_beg_Zw_Inl: { Sum_Best: { E0108105: '200' } } } } });
    expect(e10.HA_35a).toEqual({
      St_Erm: {
        Hhn_BV_DL: { Einz: { E0107206: 'Haushaltsnahe Dienstleistungen', E0107207: '450' }, Sum: { E0107208: '450' } },
        Handw_L: { Einz: { E0111217: 'Handwerkerleistungen', E0111214: '1200' }, Sum: { E0111215: '1200' } },
      },
    });
    expect(e10.N).toEqual({
      Person: 'PersonA',
      ArbL: { LStB_1_5_Einz: { E0200204: '45000,00', E0200304: '6200,00' }, LStB_1_5_Sum: { E0200002: '1', E0200201: '45000', E0200301: '6200,00' } },
      Wk: {
        EP: { Erste_Taetig: { E0203003: '1', E0203501: '85748 Garching, Boltzmannstr. 3', E0203503: '205', E0203504: '18' } },
        Arbeitsmittel: { Einz: { E0204401: 'Arbeitsmittel', E0204402: '250' }, Sum: { E0204403: '250' } },
      },
    });
    // The tax class leads its line, and the workplace follows the "first place of work" mark [JL][PUB].
    const n = e10.N as XmlElement;
    expect(childNames((n.ArbL as XmlElement).LStB_1_5_Sum as XmlElement)).toEqual(['E0200002', 'E0200201', 'E0200301']);
    expect(childNames(((n.Wk as XmlElement).EP as XmlElement).Erste_Taetig as XmlElement)).toEqual(['E0203003', 'E0203501', 'E0203503', 'E0203504']);
    expect(e10.VOR).toEqual({ Beitr_g_KV_PV_Inl: { Person: 'PersonA', AN: { E2001203: '3900' } } });
    expect(e10.Vorsatz).toEqual({
      Unterfallart: '10',
      Vorgang: '01',
      StNr: '9198011310010',
      ID: '04452397687',
      Zeitraum: '2025',
      AbsName: 'Mustermann Erika',
      AbsStr: 'Hauptstr. 1',
      AbsPlz: '80331',
      AbsOrt: 'München',
      Copyright: '(C) 2026 steuerbote',
      OrdNrArt: 'S',
      Rueckuebermittlung: { Bescheid: '2' },
    });
  });

  it('writes a joint return with Person B, one Anlage N and R per person', () => {
    const e10 = roundTrip(
      contractExample({
        spouse: max,
        joint_assessment: true,
        married_since: '1985-08-30',
        bank: { iban: 'AT611904300234573201', account_holder: 'spouse' },
        employment: [
          { person: 'taxpayer', tax_class: 4, gross_wage: '20000.00', income_tax_withheld: '1000.10', church_tax_withheld: '80.01' },
          {
            person: 'spouse',
            tax_class: 4,
            gross_wage: 30000.99,
            income_tax_withheld: 3000,
            solidarity_surcharge_withheld: '10.5',
            commute_km: 30,
            office_days: 100,
            workplace: { street: 'Marienplatz', house_number: '8', postal_code: '80331', city: 'München' },
          },
          {
            person: 'taxpayer',
            tax_class: 4,
            gross_wage: '5000.50',
            income_tax_withheld: '0.90',
            commute_km: 5,
            office_days: 50,
            workplace: { street: 'Am Hang', postal_code: '01067', city: 'Dresden' },
          },
        ],
        pensions: [
          { person: 'spouse', annual_amount: '12000.99', start_year: 2020 },
          { person: 'spouse', annual_amount: 600, start_year: 2023 },
        ],
        deductions: {},
      }),
    );
    expect(childNames(e10)).toEqual(['ESt1A', 'N', 'R', 'Vorsatz']);
    const allg = (e10.ESt1A as XmlElement).Allg as XmlElement;
    expect(Object.keys(allg)).toEqual(['A', 'Vlg_Art', 'B', 'BV']);
    // The marriage date closes Person A's fields [E].
    expect(childNames(allg.A as XmlElement)).toEqual([
      'E0100401',
      'E0100201',
      'E0100301',
      'E0100402',
      'E0101104',
      'E0101206',
      'E0100601',
      'E0100602',
      'E0100701',
    ]);
    expect((allg.A as XmlElement).E0100701).toBe('30.08.1985');
    expect(allg.Vlg_Art).toEqual({ E0101201: 'X' });
    expect(allg.B).toEqual({
      E0101001: '02.01.1958',
      E0100901: 'Mustermann',
      E0100801: 'Max',
      E0101002: '03',
      // From 2023 the spouse's address stands apart, as it differs from the taxpayer's (E10-2023.xsd).
      Abw_Anschr: { E0102105: 'Hauptstr.', E0102202: '12', E0102203: 'b', E0101701: '80331', E0101702: 'München' },
    });
    expect(allg.BV).toEqual({ E0102603: 'AT611904300234573201', Kto_Inh: { E0102402: 'X' } });
    // Each statement keeps its cents; the sum's income rounds down and its taxes keep their cents.
    expect(e10.N).toEqual([
      {
        Person: 'PersonA',
        ArbL: {
          LStB_1_5_Einz: [
            { E0200204: '20000,00', E0200304: '1000,10', E0200504: '80,01' },
            { E0200204: '5000,50', E0200304: '0,90' },
          ],
          LStB_1_5_Sum: { E0200002: '4', E0200201: '25000', E0200301: '1001,00', E0200501: '80,01' },
        },
        Wk: { EP: { Erste_Taetig: { E0203003: '1', E0203501: '01067 Dresden, Am Hang', E0203503: '50', E0203504: '5' } } },
      },
      {
        Person: 'PersonB',
        ArbL: {
          LStB_1_5_Einz: { E0200204: '30000,99', E0200304: '3000,00', E0200404: '10,50' },
          LStB_1_5_Sum: { E0200002: '4', E0200201: '30000', E0200301: '3000,00', E0200401: '10,50' },
        },
        Wk: { EP: { Erste_Taetig: { E0203003: '1', E0203501: '80331 München, Marienplatz 8', E0203503: '100', E0203504: '30' } } },
      },
    ]);
    expect(e10.R).toEqual({
      Person: 'PersonB',
      Leibr_gesetzl: {
        Einz: [
          { E1800301: '12000', E1800501: '01.01.2020' },
          { E1800301: '600', E1800501: '01.01.2023' },
        ],
      },
    });
    const vorsatz = e10.Vorsatz as XmlElement;
    expect(vorsatz.IDEhefrau).toBe('02476291358');
    expect(Object.keys(vorsatz).slice(0, 6)).toEqual(['Unterfallart', 'Vorgang', 'StNr', 'ID', 'IDEhefrau', 'Zeitraum']);
  });

  it('writes 2022 by its own schema: B before Vlg_Art with its address, donations in Sum, no kind of workplace', () => {
    const e10 = roundTrip(
      contractExample({ year: 2022, spouse: max, joint_assessment: true, married_since: '1985-08-30', deductions: { donations: '200.00' } }),
    );
    const allg = (e10.ESt1A as XmlElement).Allg as XmlElement;
    expect(Object.keys(allg)).toEqual(['A', 'B', 'Vlg_Art', 'BV']);
    expect(allg.B).toMatchObject({ E0102105: 'Hauptstr.', E0102202: '12', E0102203: 'b', E0101701: '80331', E0101702: 'München' });
    expect(e10.SA).toEqual({ Zuw: { Sp_MB: { Foerd_st_beg_Zw_Inl: { Sum: { E0108105: '200' } } } } });
    const commute = (((e10.N as XmlElement).Wk as XmlElement).EP as XmlElement).Erste_Taetig as XmlElement;
    expect(childNames(commute)).toEqual(['E0203501', 'E0203503', 'E0203504']);
  });

  it.each([2023, 2024])('leaves out the address of a spouse living with the taxpayer in %i', (year) => {
    const e10 = roundTrip(contractExample({ year, spouse: { ...max, address: erika.address! }, joint_assessment: true, married_since: '1985-08-30' }));
    const b = ((e10.ESt1A as XmlElement).Allg as XmlElement).B as XmlElement;
    expect(childNames(b)).toEqual(['E0101001', 'E0100901', 'E0100801', 'E0101002']);
  });

  it('marks a separate assessment of spouses and names only the taxpayer in the Vorsatz', () => {
    const e10 = roundTrip(contractExample({ spouse: max, joint_assessment: false, married_since: '1985-08-30' }));
    expect((((e10.ESt1A as XmlElement).Allg as XmlElement).A as XmlElement).E0100701).toBe('30.08.1985');
    expect(((e10.ESt1A as XmlElement).Allg as XmlElement).Vlg_Art).toEqual({ E0102602: 'X' });
    expect((e10.Vorsatz as XmlElement).IDEhefrau).toBeUndefined();
  });

  it('names a first return by its type, without tax number', () => {
    const { tax_number: _taxNumber, ...firstReturn } = contractExample();
    const vorsatz = roundTrip({ ...firstReturn, tax_office: '9198' }).Vorsatz as XmlElement;
    expect(vorsatz.StNr).toBeUndefined();
    expect(vorsatz.OrdNrArt).toBe('O');
  });

  it('rounds expenses up and income down, in the taxpayer’s favour', () => {
    const e10 = roundTrip(
      contractExample({
        employment: [{ person: 'taxpayer', tax_class: 1, gross_wage: '999.99', work_equipment: '0.01' }],
        pensions: [{ person: 'taxpayer', annual_amount: '100.99', start_year: 2000 }],
        deductions: { medical_costs: '10.01', church_tax_paid: 0.5, health_insurance: '100.00' },
      }),
    );
    expect((e10.N as XmlElement).ArbL).toEqual({ LStB_1_5_Einz: { E0200204: '999,99' }, LStB_1_5_Sum: { E0200002: '1', E0200201: '999' } });
    expect(((e10.N as XmlElement).Wk as XmlElement).Arbeitsmittel).toEqual({ Einz: { E0204401: 'Arbeitsmittel', E0204402: '1' }, Sum: { E0204403: '1' } });
    expect(e10.R).toEqual({ Person: 'PersonA', Leibr_gesetzl: { Einz: { E1800301: '100', E1800501: '01.01.2000' } } });
    expect(e10.AgB).toEqual({ And_Aufw: { Krankh: { Sum: { E0161304: '11' } } } });
    expect(e10.SA).toEqual({ KiSt: { Gezahlt: { Sum: { E0107601: '1' } } } });
  });

  it('leaves the forms out that have nothing to declare', () => {
    const e10 = roundTrip(
      contractExample({ employment: [], bank: undefined, deductions: undefined, taxpayer: { ...erika, address: undefined, religion: undefined } }),
    );
    expect(childNames(e10)).toEqual(['ESt1A', 'Vorsatz']);
    // Without a marriage date, none is written.
    expect(((e10.ESt1A as XmlElement).Allg as XmlElement).A).toEqual({ E0100401: '17.05.1960', E0100201: 'Mustermann', E0100301: 'Erika' });
    expect((e10.Vorsatz as XmlElement).AbsStr).toBeUndefined();
  });

  it('keeps a house number without digits with the street', () => {
    const e10 = roundTrip(
      contractExample({ taxpayer: { ...erika, address: { street: 'Am Hang', house_number: 'Haus A', postal_code: '01067', city: 'Dresden' } } }),
    );
    expect(((e10.ESt1A as XmlElement).Allg as XmlElement).A).toMatchObject({ E0101104: 'Am Hang Haus A', E0100601: '01067' });
    expect((((e10.ESt1A as XmlElement).Allg as XmlElement).A as XmlElement).E0101206).toBeUndefined();
  });

  describe('wage tax statements by tax class', () => {
    const taxpayerN = (employment: Employment[]) => roundTrip(contractExample({ employment, deductions: undefined })).N as XmlElement;
    const job = (changes: Partial<Employment>): Employment => ({ person: 'taxpayer', tax_class: 1, gross_wage: 1000, ...changes });

    it('puts class 6 on its own lines, without a tax class, after the line of classes 1 to 5', () => {
      const n = taxpayerN([
        job({ tax_class: 3, gross_wage: '30000.00', income_tax_withheld: '4000.00', solidarity_surcharge_withheld: '10.00', church_tax_withheld: '100.00' }),
        job({ tax_class: 6, gross_wage: '6000.99', income_tax_withheld: '1100.50', solidarity_surcharge_withheld: '5', church_tax_withheld: '20.05' }),
      ]);
      const arbL = n.ArbL as XmlElement;
      // Each statement on its own line with cents, then the sum in whole euros (E10-2022.xsd to E10-2024.xsd).
      expect(childNames(arbL)).toEqual(['LStB_1_5_Einz', 'LStB_1_5_Sum', 'LStB_6_Einz', 'LStB_6_Sum']);
      expect(arbL.LStB_6_Einz).toEqual({ E0200202: '6000,99', E0200302: '1100,50', E0200402: '5,00', E0200502: '20,05' });
      expect(arbL.LStB_1_5_Sum).toEqual({ E0200002: '3', E0200201: '30000', E0200301: '4000,00', E0200401: '10,00', E0200501: '100,00' });
      expect(childNames(arbL.LStB_1_5_Sum as XmlElement)).toEqual(['E0200002', 'E0200201', 'E0200301', 'E0200401', 'E0200501']);
      expect(arbL.LStB_6_Sum).toEqual({ E0200203: '6000', E0200303: '1100,50', E0200403: '5,00', E0200503: '20,05' });
      expect(childNames(arbL.LStB_6_Sum as XmlElement)).toEqual(['E0200203', 'E0200303', 'E0200403', 'E0200503']);
    });

    it('writes only the class 6 lines for a person with no other statement', () => {
      expect(taxpayerN([job({ tax_class: 6, gross_wage: 500 }), job({ tax_class: 6, gross_wage: 700 })]).ArbL).toEqual({
        LStB_6_Einz: [{ E0200202: '500,00' }, { E0200202: '700,00' }],
        LStB_6_Sum: { E0200203: '1200' },
      });
    });

    it('gives the last class listed when classes 1 to 5 differ, summing every statement', () => {
      const n = taxpayerN([job({ tax_class: 1 }), job({ tax_class: 6 }), job({ tax_class: 4 })]);
      expect((n.ArbL as XmlElement).LStB_1_5_Sum).toEqual({ E0200002: '4', E0200201: '2000' });
    });

    it('sends a body stored before the tax class and the workplace were asked for as it was accepted', () => {
      const stored = { person: 'taxpayer', gross_wage: 1000, commute_km: 3, office_days: 10 } as Employment;
      const n = taxpayerN([stored]);
      expect((n.ArbL as XmlElement).LStB_1_5_Sum).toEqual({ E0200201: '1000' });
      expect((n.Wk as XmlElement).EP).toEqual({ Erste_Taetig: { E0203003: '1', E0203503: '10', E0203504: '3' } });
    });
  });

  it('carries hostile text as text: it never becomes markup', () => {
    const hostile = '</E0100201><StNr>1</StNr><!--';
    const xml = estNutzdaten(contractExample({ taxpayer: { ...erika, last_name: hostile, first_name: '&amp; "x" \'y\'' } }), options);
    expect(xml).not.toContain('<StNr>1</StNr>');
    const e10 = roundTrip(contractExample({ taxpayer: { ...erika, last_name: hostile, first_name: '&amp; "x" \'y\'' } }));
    const a = ((e10.ESt1A as XmlElement).Allg as XmlElement).A as XmlElement;
    expect(a.E0100201).toBe(hostile);
    expect(a.E0100301).toBe('&amp; "x" \'y\'');
    expect((e10.Vorsatz as XmlElement).StNr).toBe('9198011310010');
  });
});
