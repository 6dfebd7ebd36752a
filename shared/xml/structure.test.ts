import { describe, expect, it } from 'vitest';
import { type ElementFacts, elsterString, structureFindings } from '#shared/xml/structure.ts';
import { readXml } from '#shared/xml/xml.ts';

const facts: ElementFacts = {
  name: 'R',
  attributes: ['version'],
  children: [{ name: 'A' }, elsterString('B', 5), { name: 'C', max: 2, children: [{ name: 'D' }] }, { name: 'Open', open: true }],
  others: /^Kz\d{2}$/,
};

const findings = (xml: string) => {
  const read = readXml(xml);
  if (!read.ok) throw new Error(read.problem.message);
  return structureFindings(read.tree, facts, (names) => ['xml', ...names].join('.')).map(({ path, code }) => `${path}:${code}`);
};

describe('structureFindings', () => {
  it('accepts what the facts allow, in order, and leaves open elements and named others alone', () => {
    expect(findings('<R version="1"><A>x</A><B>Köln</B><C><D/></C><C/><Open><Anything/></Open><Kz99>1</Kz99></R>')).toEqual([]);
  });

  it('names elements out of order, too often, unknown, or holding the wrong content', () => {
    expect(findings('<R><B>x</B><A>y</A></R>')).toEqual(['xml.A:XML_STRUCTURE']);
    expect(findings('<R><A>1</A><A>2</A><A>3</A></R>')).toEqual(['xml.A:XML_STRUCTURE']);
    expect(findings('<R><C/><C/><C/></R>')).toEqual(['xml.C:XML_STRUCTURE']);
    expect(findings('<R><E/></R>')).toEqual(['xml.E:XML_STRUCTURE']);
    expect(findings('<R><A><D/></A><C>text</C></R>')).toEqual(['xml.A:XML_STRUCTURE', 'xml.C:XML_STRUCTURE']);
    expect(findings('<R other="1"/>')).toEqual(['xml:XML_STRUCTURE']);
  });

  it('takes only XML white space for no text: a no-break space, U+3000 or U+2028 is text, in open elements too', () => {
    expect(findings('<R>\n\t<A>x</A>\r\n</R>')).toEqual([]);
    expect(findings('<R><C>\u00A0</C></R>')).toEqual(['xml.C:XML_STRUCTURE']);
    expect(findings('<R><C>\u3000</C></R>')).toEqual(['xml.C:XML_STRUCTURE']);
    expect(findings('<R><Open><X><Y/>text</X></Open></R>')).toEqual(['xml.Open.X:XML_STRUCTURE']);
    expect(findings('<R><Open><X>a value</X></Open></R>')).toEqual([]);
  });

  it('checks text against length and character set', () => {
    expect(findings('<R><B>123456</B></R>')).toEqual(['xml.B:XML_VALUE']);
    expect(findings('<R><B></B></R>')).toEqual(['xml.B:XML_VALUE']);
    expect(findings('<R><B>a\u202eb</B></R>')).toEqual(['xml.B:XML_VALUE']);
  });
});
