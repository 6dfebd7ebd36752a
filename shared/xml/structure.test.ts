import { describe, expect, it } from 'vitest';
import { maxFindings } from '#shared/domain/finding-limits.ts';
import { type CompactStructure, schemaFindings } from '#shared/xml/structure.ts';
import { readXml } from '#shared/xml/xml.ts';

// R: A (required), B (a string of up to 5), C (0..2, holding an optional D), N (a decimal of at most
// 5 digits, 2 after the point), E (one of x, y).
const structure: CompactStructure = {
  root: 'R',
  type: 0,
  patterns: ['[a-zäöü]+'],
  types: ['version|A.1! B.2 C.3*2 N.4 E.5', {}, { p: [0], n: 1, x: 5 }, '|D.1', { b: 'd', t: 5, f: 2 }, { e: ['x', 'y'] }],
};

const findings = (xml: string) => {
  const read = readXml(xml);
  if (!read.ok) throw new Error(read.problem.message);
  return schemaFindings(read.tree, structure, { pathOf: (names) => ['xml', ...names].join('.') });
};
const codes = (xml: string) => findings(xml).map(({ path, code }) => `${path}:${code}`);

describe('schemaFindings', () => {
  it('accepts what the structure allows, in order', () => {
    expect(codes('<R version="1"><A>x</A><B>köln</B><C><D/></C><C/><N> 123.40 </N><E>y</E></R>')).toEqual([]);
  });

  it('names elements out of order, too often, unknown or missing, with the elements expected there and where', () => {
    expect(findings('<R>\n  <B>x</B>\n  <A>y</A>\n</R>')).toEqual([
      { path: 'xml.A', code: 'XML_STRUCTURE', message: "is missing: ELSTER's schema requires it before B (line 2, column 3)", expected: 'A' },
      {
        path: 'xml.A',
        code: 'XML_STRUCTURE',
        message: "must come before B: ELSTER's schema fixes the order; expected here: C, N, E (line 3, column 3)",
        expected: 'C, N, E',
      },
    ]);
    expect(codes('<R><A/><C/><C/><C/><C/></R>')).toEqual(['xml.C:XML_STRUCTURE']);
    expect(findings('<R><A/><F/></R>')).toEqual([
      expect.objectContaining({ path: 'xml.F', message: expect.stringMatching(/^is not an element of ELSTER's schema here/), expected: 'B, C, N, E' }),
    ]);
    expect(findings('<R/>')).toEqual([expect.objectContaining({ path: 'xml.A', code: 'XML_STRUCTURE', expected: 'A' })]);
    expect(codes('<R><A><D/></A><C>text</C></R>')).toEqual(['xml.A:XML_STRUCTURE', 'xml.C:XML_STRUCTURE']);
    expect(codes('<R other="1"><A/></R>')).toEqual(['xml:XML_STRUCTURE']);
    expect(findings('<R><A/><C><D/><D/><G/></C></R>')).toEqual([
      expect.objectContaining({ path: 'xml.C.D', message: expect.stringMatching(/^may be there only once: nothing more may follow here/) }),
      expect.objectContaining({ path: 'xml.C.G', message: expect.stringMatching(/^is not an element of ELSTER's schema here: nothing more may follow here/) }),
    ]);
    expect(findings('<R><A><X/></A></R>')).toEqual([expect.objectContaining({ path: 'xml.A', message: expect.stringMatching(/^must hold a value/) })]);
  });

  it('writes as many findings as an answer lists and counts the rest, however many unknown elements a document holds', () => {
    const unknown = Array.from({ length: maxFindings + 50 }, (_, index) => `<U${index}/>`).join('');
    const found = findings(`<R><A/>${unknown}<N>1.234</N></R>`);
    expect(found).toHaveLength(maxFindings + 1);
    expect(found[0]).toMatchObject({ path: 'xml.U0', code: 'XML_STRUCTURE' });
    expect(found.at(-1)).toMatchObject({ code: 'FINDINGS_TRUNCATED', count: 51 });
  });

  it('takes only XML white space for no text: a no-break space, U+3000 or U+2028 is text', () => {
    expect(codes('<R>\n\t<A>x</A>\r\n</R>')).toEqual([]);
    expect(codes('<R><A/><C>\u00A0</C></R>')).toEqual(['xml.C:XML_STRUCTURE']);
    expect(codes('<R><A/><C>\u3000</C></R>')).toEqual(['xml.C:XML_STRUCTURE']);
    expect(codes('<R><A/><C>\u2028</C></R>')).toEqual(['xml.C:XML_STRUCTURE']);
    expect(codes('<R><A/><N>\u00A012.5</N></R>')).toEqual(['xml.N:XML_VALUE']);
  });

  it('checks values against length, pattern, enumeration and digits', () => {
    expect(codes('<R><A/><B>abcdef</B></R>')).toEqual(['xml.B:XML_VALUE']);
    expect(codes('<R><A/><B></B></R>')).toEqual(['xml.B:XML_VALUE']);
    expect(codes('<R><A/><B>AB</B></R>')).toEqual(['xml.B:XML_VALUE']);
    expect(codes('<R><A/><N>1234.5</N></R>')).toEqual([]);
    expect(codes('<R><A/><N>12345.6</N></R>')).toEqual(['xml.N:XML_VALUE']);
    expect(codes('<R><A/><N>1.234</N></R>')).toEqual(['xml.N:XML_VALUE']);
    expect(codes('<R><A/><N>1,5</N></R>')).toEqual(['xml.N:XML_VALUE']);
    expect(codes('<R><A/><E>z</E></R>')).toEqual(['xml.E:XML_VALUE']);
  });

  it("leaves to the form's reader the values and elements it names itself", () => {
    const read = readXml('<R><A/><B>ABC</B><Kz99/></R>');
    if (!read.ok) throw new Error(read.problem.message);
    const check = {
      pathOf: (names: readonly string[]) => names.join('.'),
      ownValue: () => true,
      ownElement: (names: readonly string[]) => names[0] === 'Kz99',
    };
    expect(schemaFindings(read.tree, structure, check)).toEqual([]);
  });
});
