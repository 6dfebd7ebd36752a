import { describe, expect, it } from 'vitest';
import { maxFindings } from '#shared/domain/finding-limits.ts';
import { type CompactStructure, schemaFindings } from '#shared/xml/structure.ts';
import { readXml } from '#shared/xml/xml.ts';

// R (an optional version, an optional kind of x or y): A (required), B (a string of up to 5), C
// (0..2, holding an optional D), N (a decimal of at most 5 digits, 2 after the point), E (one of x, y).
const structure: CompactStructure = {
  root: 'R',
  type: 0,
  patterns: ['[a-zäöü]+'],
  types: ['version.1 kind.5|A.1! B.2 C.3*2 N.4 E.5', {}, { p: [0], n: 1, x: 5 }, '|D.1', { b: 'd', t: 5, f: 2 }, { e: ['x', 'y'] }],
};

// L: P (any number, each with an optional name of B's kind and an optional number N), each name at
// most once (xs:unique), each P with a number N that no other has (xs:key).
const keyed: CompactStructure = {
  root: 'L',
  type: 0,
  patterns: ['[a-zäöü]+'],
  types: ['|P.1*|P>Name P>N!', '|Name.2 N.3', { p: [0], n: 1, x: 5 }, { b: 'd', t: 5, f: 2 }],
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
    expect(codes('<R version="1"><A/><C/><C/><C/><C/></R>')).toEqual(['xml.C:XML_STRUCTURE']);
    expect(findings('<R><A/><F/></R>')).toEqual([
      expect.objectContaining({ path: 'xml.F', message: expect.stringMatching(/^is not an element of ELSTER's schema here/), expected: 'B, C, N, E' }),
    ]);
    expect(findings('<R version="1"/>')).toEqual([expect.objectContaining({ path: 'xml.A', code: 'XML_STRUCTURE', expected: 'A' })]);
    expect(codes('<R><A><D/></A><C>text</C></R>')).toEqual(['xml.A:XML_STRUCTURE', 'xml.C:XML_STRUCTURE']);
    expect(codes('<R version="1" other="1"><A/></R>')).toEqual(['xml:XML_STRUCTURE']);
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

  it.each([
    // Only XML white space is no text: a no-break space, U+3000 or U+2028 is text.
    ['<R>\n\t<A>x</A>\r\n</R>', []],
    ['<R><A/><C>\u00A0</C></R>', ['xml.C:XML_STRUCTURE']],
    ['<R><A/><C>\u3000</C></R>', ['xml.C:XML_STRUCTURE']],
    ['<R><A/><C>\u2028</C></R>', ['xml.C:XML_STRUCTURE']],
    ['<R><A/><N>\u00A012.5</N></R>', ['xml.N:XML_VALUE']],
    // Values against length, pattern, enumeration and digits.
    ['<R><A/><B>abcdef</B></R>', ['xml.B:XML_VALUE']],
    ['<R><A/><B></B></R>', ['xml.B:XML_VALUE']],
    ['<R><A/><B>AB</B></R>', ['xml.B:XML_VALUE']],
    ['<R><A/><N>1234.5</N></R>', []],
    ['<R><A/><N>12345.6</N></R>', ['xml.N:XML_VALUE']],
    ['<R><A/><N>1.234</N></R>', ['xml.N:XML_VALUE']],
    ['<R><A/><N>1,5</N></R>', ['xml.N:XML_VALUE']],
    ['<R><A/><E>z</E></R>', ['xml.E:XML_VALUE']],
  ])('checks the text and values of %j: %j', (xml, expected) => {
    expect(codes(xml)).toEqual(expected);
  });

  it('checks attributes: their values against their types, and those the schema requires', () => {
    expect(codes('<R version="1" kind="y"><A/></R>')).toEqual([]);
    expect(findings('<R version="1" kind="z"><A/></R>')).toEqual([
      expect.objectContaining({ path: 'xml', code: 'XML_VALUE', message: expect.stringMatching(/^has an attribute kind that must be one of "x", "y"/) }),
    ]);
    const read = readXml('<R><A/></R>');
    if (!read.ok) throw new Error(read.problem.message);
    const required = { ...structure, types: ['version.1!|A.1!', ...structure.types.slice(1)] };
    expect(schemaFindings(read.tree, required, { pathOf: (names) => ['xml', ...names].join('.') })).toEqual([
      expect.objectContaining({ path: 'xml', code: 'XML_STRUCTURE', message: expect.stringMatching(/^lacks the attribute version/), expected: 'version' }),
    ]);
  });

  it("refuses what breaks the schema's identity constraints, numbers compared by value, naming the element and the key", () => {
    const keyedFindings = (xml: string) => {
      const read = readXml(xml);
      if (!read.ok) throw new Error(read.problem.message);
      return schemaFindings(read.tree, keyed, { pathOf: (names) => ['xml', ...names].join('.') });
    };
    expect(keyedFindings('<L><P><Name>a</Name><N>1</N></P><P><Name>b</Name><N>2</N></P><P><N>3</N></P><P><N>4</N></P></L>')).toEqual([]);
    expect(keyedFindings('<L><P><Name>a</Name><N>1</N></P>\n<P><Name>a</Name><N>2</N></P></L>')).toEqual([
      {
        path: 'xml.P.Name',
        code: 'XML_DUPLICATE',
        message: "gives a a second time: ELSTER's schema takes one P in L for each Name (line 2, column 1)",
      },
    ]);
    expect(keyedFindings('<L><P><N>1.50</N></P><P><N>01.5</N></P></L>').map(({ path, code }) => `${path}:${code}`)).toEqual(['xml.P.N:XML_DUPLICATE']);
    expect(keyedFindings('<L><P><Name>a</Name></P></L>')).toEqual([expect.objectContaining({ path: 'xml.P.N', code: 'XML_STRUCTURE' })]);
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
