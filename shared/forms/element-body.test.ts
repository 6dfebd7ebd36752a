import { describe, expect, it } from 'vitest';
import { bodyFinding, bodyName, bodyPathOf, readParts, writeParts } from '#shared/forms/element-body.ts';
import { ustSchemaStructure } from '#shared/forms/ust/structure.ts';
import { readXml } from '#shared/xml/xml.ts';
import { buildXml } from '#shared/xml/build.ts';

const structure = ustSchemaStructure(2025);
const own = { Unterfallart: '50', StNr: '9198011310010', Zeitraum: '2025', OrdNrArt: 'S' };

describe('the body of E50', () => {
  it('names groups in snake case and fields by their identifier in lower case', () => {
    expect(['USt2A', 'Ber_Erkl', 'AbsName', 'ArtRueckuebermittlung', 'E3003303', 'Ums_erm0'].map(bodyName)).toEqual([
      'ust2a',
      'ber_erkl',
      'abs_name',
      'art_rueckuebermittlung',
      'e3003303',
      'ums_erm0',
    ]);
  });

  it("writes each kind of field as the schema's type has it, in the schema's order", () => {
    const parts = {
      ust2a: {
        umsaetze: { tabelle: { ums_sum: { e3006001: 19000 }, ums_allg: { e3003304: '19000.5', e3003303: 100000 } } },
        ber_erkl: { e3000601: '1' },
      },
      un: { allg: { vollm: { e3201301: true } } },
      vorsatz: { abs_name: 'Muster GmbH' },
    };
    const { element, findings } = writeParts(parts, structure, own);
    expect(findings).toEqual([]);
    expect(buildXml({ E50: element })).toBe(
      '<E50><USt2A><Ber_Erkl><E3000601>1</E3000601></Ber_Erkl><Umsaetze><Tabelle><Ums_allg><E3003303>100000</E3003303><E3003304>19000,50</E3003304></Ums_allg>' +
        '<Ums_Sum><E3006001>19000,00</E3006001></Ums_Sum></Tabelle></Umsaetze></USt2A><UN><Allg><Vollm><E3201301>X</E3201301></Vollm></Allg></UN>' +
        '<Vorsatz><Unterfallart>50</Unterfallart><StNr>9198011310010</StNr><Zeitraum>2025</Zeitraum><AbsName>Muster GmbH</AbsName><OrdNrArt>S</OrdNrArt></Vorsatz></E50>',
    );
  });

  it('names what the form does not have and values of the wrong kind at their body path', () => {
    const parts = {
      ust2a: { umsaetze: { ums_allg: {} }, ber_erkl: 'X', berech_ust: { tabelle: { e3009201: '1,00', verbl_ust: { e3011101: 1.5 } } } },
      un: { allg: { vollm: { e3201301: 'X' } } },
      vorsatz: { st_nr: '9198011310010', abs_name: 12 },
    };
    const { findings } = writeParts(parts, structure, own);
    expect(findings.map(({ path, code }) => `${path} ${code}`)).toEqual([
      'ust2a.ber_erkl INVALID_TYPE',
      'ust2a.umsaetze.ums_allg UNKNOWN_FIELD',
      'ust2a.berech_ust.tabelle.e3009201 INVALID_VALUE',
      'un.allg.vollm.e3201301 INVALID_VALUE',
      'vorsatz.st_nr UNKNOWN_FIELD',
      'vorsatz.abs_name INVALID_VALUE',
    ]);
    // A type error shows the object's shape by its first field.
    expect(findings[0]!.message).toMatch(/^must be an object, e\.g\. \{"[a-z0-9_]+":.+\}$/);
  });

  it('reads an E50 back into the body that writes it again, leaving the request’s Vorsatz elements to the request', () => {
    const xml =
      '<E50><USt2A><Berech_USt><Tabelle><Verbl_USt><E3011101>-12,30</E3011101></Verbl_USt></Tabelle></Berech_USt></USt2A>' +
      '<Vorsatz><Unterfallart>50</Unterfallart><StNr>9198011310010</StNr><Zeitraum>2025</Zeitraum><AbsName>A</AbsName><OrdNrArt>S</OrdNrArt></Vorsatz></E50>';
    const read = readXml(xml);
    if (!read.ok) throw new Error(read.problem.message);
    const { parts, unmapped } = readParts(read.tree, structure);
    expect(unmapped).toEqual([]);
    expect(parts).toEqual({ ust2a: { berech_ust: { tabelle: { verbl_ust: { e3011101: '-12.30' } } } }, vorsatz: { abs_name: 'A' } });
    expect(buildXml({ E50: writeParts(parts, structure, own).element })).toBe(xml);
  });

  it('points a finding on a Vorsatz element the service writes to the request field it comes from', () => {
    expect(bodyPathOf(['Vorsatz', 'StNr'])).toBe('tax_number');
    expect(bodyPathOf(['Vorsatz', 'Zeitraum'])).toBe('year');
    expect(bodyPathOf(['USt2A', 'Berech_USt', 'E3009201'])).toBe('ust2a.berech_ust.e3009201');
  });

  it('names a key given twice in a body by what it is, without the position in the written XML', () => {
    const twice = (path: string) => bodyFinding({ path, code: 'XML_DUPLICATE', message: 'gives 1 a second time (line 3, column 9)' });
    expect(['emu.beteiligter', 'se.beteiligter', 'gk.wj', 'kap.person', 'a.b'].map((path) => twice(path).code)).toEqual([
      'DUPLICATE_PARTNER',
      'DUPLICATE_PARTNER',
      'WIRTSCHAFTSJAHR_TWICE',
      'DUPLICATE_PERSON',
      'DUPLICATE_ENTRY',
    ]);
    expect(twice('gk.wj').message).toBe('gives 1 a second time');
    expect(bodyFinding({ path: 'gk.wj', code: 'XML_VALUE', message: 'must be one of "WJ1", "WJ2" (line 2, column 1)' }).code).toBe('XML_VALUE');
  });
});
