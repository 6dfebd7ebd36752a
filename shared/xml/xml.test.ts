import { describe, expect, it } from 'vitest';
import { elementOf, foreignMarkup, parseXml, readXml, textOf } from '#shared/xml/xml.ts';
import { maxXmlAttributes, maxXmlBytes, maxXmlDepth, maxXmlElements, maxXmlNamespaces } from '#shared/xml/limits.ts';
import { buildXml } from '#shared/xml/build.ts';

describe('buildXml', () => {
  it('escapes text and attributes, so user input can never become markup', () => {
    const xml = buildXml({ Name: { '@_note': '"<&>', '#text': 'Müller & Söhne <GmbH>' } });
    expect(xml).toBe('<Name note="&quot;&lt;&amp;&gt;">Müller &amp; Söhne &lt;GmbH&gt;</Name>');
    const parsed = parseXml(xml);
    expect(parsed.ok && textOf(parsed.element)).toBe('Müller & Söhne <GmbH>');
  });

  it('repeats the element of an array and closes an empty one itself', () => {
    expect(buildXml({ A: { B: ['1', '', { C: '2' }, {}], D: { '@_x': '' } } })).toBe('<A><B>1</B><B/><B><C>2</C></B><B/><D x=""/></A>');
  });

  it('keeps element order and adds the declaration when asked', () => {
    expect(buildXml({ A: { Kz81: '1', Kz83: '2' } }, { declaration: true })).toBe('<?xml version="1.0" encoding="UTF-8"?><A><Kz81>1</Kz81><Kz83>2</Kz83></A>');
  });
});

describe('parseXml', () => {
  it('reads the root, its attributes and children as strings', () => {
    const parsed = parseXml('<?xml version="1.0"?><Root xmlns="urn:x" version="2026"><Kz81>0100</Kz81><T>&#65;&amp;</T></Root>');
    expect(parsed).toEqual({ ok: true, root: 'Root', element: { '@_xmlns': 'urn:x', '@_version': '2026', Kz81: '0100', T: 'A&' } });
  });

  it.each([
    ['a DTD', '<!DOCTYPE r [<!ENTITY x "y">]><r>&x;</r>', 'XML_DTD_NOT_ALLOWED'],
    ['an external entity', '<!DOCTYPE r SYSTEM "file:///etc/passwd"><r/>', 'XML_DTD_NOT_ALLOWED'],
    ['an undeclared entity', '<r>&nbsp;</r>', 'XML_ENTITY_NOT_ALLOWED'],
    ['an entity named like a property of every object', '<r>&valueOf;</r>', 'XML_ENTITY_NOT_ALLOWED'],
    ['an entity named __proto__', '<r a="&__proto__;"/>', 'XML_ENTITY_NOT_ALLOWED'],
    ['broken nesting', '<r><a></r>', 'XML_MALFORMED'],
    ['two roots', '<r/><s/>', 'XML_MALFORMED'],
    ['text only', 'hello', 'XML_MALFORMED'],
    ['too much', `<r>${'a'.repeat(maxXmlBytes)}</r>`, 'XML_TOO_LARGE'],
  ])('refuses %s', (_, xml, code) => {
    const parsed = parseXml(xml);
    expect(parsed.ok ? undefined : parsed.problem.code).toBe(code);
  });
});

describe('readXml fails closed', () => {
  const problem = (xml: string, strict = true) => {
    const read = readXml(xml, { strict });
    return read.ok ? undefined : read.problem;
  };

  it.each([
    ['an element named __proto__', '<r><__proto__/></r>'],
    ['an element named constructor', '<r><constructor>x</constructor></r>'],
    ['an attribute named prototype', '<r prototype="x"/>'],
    ['nesting deeper than the limit', `${'<a>'.repeat(maxXmlDepth + 1)}${'</a>'.repeat(maxXmlDepth + 1)}`],
    ['a reference to NUL', '<r>&#0;</r>'],
    ['a reference to ESC', '<r>&#x1B;</r>'],
    ['a reference to a surrogate', '<r>&#xD800;</r>'],
    ['a reference beyond Unicode', '<r>&#x110000;</r>'],
    ['a raw U+FFFE', '<r>\ufffe</r>'],
    ['a lone surrogate', '<r>\ud800</r>'],
    ['a second declaration', '<r><?xml version="1.0"?></r>'],
    ['a processing instruction', '<r><?php echo 1; ?></r>'],
    ['a declaration of another encoding', '<?xml version="1.0" encoding="ISO-8859-1"?><r/>'],
    ['an attribute twice', '<r a="1" a="2"/>'],
    ['an undeclared prefix', '<r><x:a/></r>'],
    ['"&" on its own', '<r>Müller & Söhne</r>'],
  ])('refuses %s as malformed, naming line and column', (_, xml) => {
    expect(problem(xml)).toEqual({ code: 'XML_MALFORMED', message: expect.stringMatching(/\(line \d+, column \d+\)$/) });
  });

  // XML 1.0 §2.3 S, §2.5 and §4.3.3, as a parser such as ERiC's holds a document to them.
  it.each([
    ['a no-break space before the root', '\u00A0<r/>', 'a no-break space (U+00A0) before the root element', '1, column 1'],
    ['an ideographic space after the declaration', '<?xml version="1.0"?>\n\u3000<r/>', 'an ideographic space (U+3000) before the root element', '2, column 1'],
    ['a line separator after the root', '<r/>\u2028', 'a line separator (U+2028) after the root element', '1, column 5'],
    [
      'a no-break space inside the declaration',
      '<?xml version="1.0"\u00A0encoding="UTF-8"?><r/>',
      'a no-break space (U+00A0) in the XML declaration',
      '1, column 20',
    ],
    ['a no-break space between elements', '<r>\n  <a/>\u00A0<b/>\n</r>', 'a no-break space (U+00A0) between the elements of <r>', '2, column 7'],
    ['an ideographic space between elements', '<r><a/>\u3000</r>', 'an ideographic space (U+3000) between the elements of <r>', '1, column 8'],
    ['a line separator between elements', '<r>\u2028<a/></r>', 'a line separator (U+2028) between the elements of <r>', '1, column 4'],
    ['a second byte order mark', '\uFEFF\uFEFF<r/>', 'a byte order mark (U+FEFF) that is not the very first character', '1, column 2'],
    [
      'a byte order mark after the declaration',
      '<?xml version="1.0"?>\uFEFF<r/>',
      'a byte order mark (U+FEFF) that is not the very first character',
      '1, column 22',
    ],
    ['a byte order mark between elements', '<r><a/>\uFEFF</r>', 'a byte order mark (U+FEFF) that is not the very first character', '1, column 8'],
    ['a comment ending in "--->"', '<r><!-- note ---><a/></r>', 'a comment that ends in "--->"', '1, column 14'],
    ['a comment ending in "--->" before the root', '<!----->\n<r/>', 'a comment that ends in "--->"', '1, column 5'],
    ['"--" inside a comment', '<r/><!-- a -- b -->', '"--" inside a comment', '1, column 12'],
  ])('refuses %s, naming it, its line and its column', (_, xml, what, where) => {
    expect(problem(xml)).toEqual({ code: 'XML_MALFORMED', message: expect.stringContaining(`has ${what}`) });
    expect(problem(xml)?.message).toMatch(new RegExp(`\\(line ${where}\\)$`));
  });

  it('takes one byte order mark at the very start, XML white space anywhere between markup, and comments as XML 1.0 has them', () => {
    expect(readXml('\uFEFF<?xml version="1.0"?>\r\n<!---->\t<r>\n <a/> <!-- a - b -->\r\n</r>\n', { strict: true }).ok).toBe(true);
  });

  it('refuses what only looks like white space between markup in answers of ERiC too, but leaves their text alone', () => {
    expect(problem('\u00A0<r/>', false)?.message).toMatch(/no-break space/);
    expect(problem('<r><!-- x ---></r>', false)?.message).toMatch(/--->/);
    expect(readXml('<r><a/>\u00A0</r>').ok).toBe(true);
  });

  it('names the line and column of the fault', () => {
    expect(problem('<r>\n  <a>\n  </b>\n</r>')?.message).toMatch(/closes <a> with <\/b> \(line 3, column 5\)/);
  });

  it('keeps values exactly, decodes references and CDATA, and ignores comments', () => {
    const read = readXml('<?xml version="1.0" encoding="utf-8"?><!-- c --><r a=" x\ty "><v> 1 </v><w><![CDATA[<&>]]>&#x20AC;</w><!-- d --></r>');
    expect(read.ok && read.tree.attributes.a).toBe(' x y ');
    expect(read.ok && read.tree.children.map((child) => child.text)).toEqual([' 1 ', '<&>€']);
  });

  it('allows processing instructions only outside strict reading, as in answers of ERiC, and only with a target XML allows', () => {
    expect(readXml('<r><?trace 1?></r>').ok).toBe(true);
    expect(problem('<r><? trace?></r>', false)?.message).toBe('has a processing instruction without a valid target (line 1, column 4)');
    expect(problem('<r><?a:b?></r>', false)?.message).toMatch(/without a valid target/);
  });

  it('stores names without a prototype, so no element name reaches Object.prototype', () => {
    const read = readXml('<r><toString>1</toString><hasOwnProperty>2</hasOwnProperty></r>');
    const element = read.ok ? elementOf(read.tree) : undefined;
    expect(element?.toString).toBe('1');
    expect(Object.getPrototypeOf(element)).toBeNull();
  });
});

describe('readXml caps a document as it reads it', () => {
  const problem = (xml: string) => {
    const read = readXml(xml, { strict: true });
    return read.ok ? undefined : read.problem;
  };
  const attributes = (count: number, name = (index: number) => `a${index}`) => Array.from({ length: count }, (_, index) => ` ${name(index)}="u"`).join('');
  const declarations = (count: number) => attributes(count, (index) => `xmlns:p${index}`);

  it('takes each cap and refuses one more, at the first one too many', () => {
    expect(readXml(`<r${attributes(maxXmlAttributes)}/>`).ok).toBe(true);
    expect(problem(`<r${attributes(maxXmlAttributes + 1)}/>`)?.message).toBe(
      `has more than ${maxXmlAttributes} attributes on <r> (line 1, column ${4 + attributes(maxXmlAttributes).length})`,
    );
    expect(readXml(`<r${declarations(maxXmlNamespaces.element)}/>`).ok).toBe(true);
    expect(problem(`<r${declarations(maxXmlNamespaces.element + 1)}/>`)?.message).toBe(
      `has more than ${maxXmlNamespaces.element} namespace declarations on <r> (line 1, column ${4 + declarations(maxXmlNamespaces.element).length})`,
    );
    expect(readXml(`<r>${'<a xmlns:q="urn:q"/>'.repeat(maxXmlNamespaces.document)}</r>`).ok).toBe(true);
    expect(problem(`<r>${'<a xmlns:q="urn:q"/>'.repeat(maxXmlNamespaces.document + 1)}</r>`)?.message).toBe(
      `has more than ${maxXmlNamespaces.document} namespace declarations (line 1, column ${4 + 20 * maxXmlNamespaces.document + 3})`,
    );
    expect(readXml(`<r>${'<a/>'.repeat(maxXmlElements - 1)}</r>`).ok).toBe(true);
    expect(problem(`<r>${'<a/>'.repeat(maxXmlElements)}</r>`)?.message).toBe(
      `has more than ${maxXmlElements} elements (line 1, column ${4 + 4 * (maxXmlElements - 1)})`,
    );
  });

  it('refuses a root of thousands of namespace declarations before any element copies its scope', () => {
    const xml = `<r${declarations(6000)}>${'<a xmlns:q="u"/>'.repeat(9000)}</r>`;
    expect(problem(xml)?.message).toMatch(new RegExp(`^has more than ${maxXmlNamespaces.element} namespace declarations on <r> \\(line 1, column \\d+\\)$`));
  });
});

describe('foreignMarkup', () => {
  const of = (xml: string) => {
    const read = readXml(xml);
    return read.ok ? foreignMarkup(read.tree) : 'unread';
  };

  it('accepts a document in one namespace', () => {
    expect(of('<r xmlns="urn:a"><s xmlns="urn:a"/></r>')).toBeUndefined();
  });

  it.each([
    ['an element of another namespace', '<r xmlns="urn:a"><s xmlns="urn:b"/></r>'],
    ['a prefixed element of another namespace', '<r xmlns="urn:a"><b:s xmlns:b="urn:b"/></r>'],
    ['XInclude', '<r xmlns="urn:a"><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="x"/></r>'],
    ['a prefixed attribute', '<r xmlns="urn:a" xml:lang="de"/>'],
  ])('names %s', (_, xml) => {
    expect(of(xml)).toMatch(/\(line 1, column \d+\)$/);
  });
});
